import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MultiClickExecuteBodySchema,
  MultiClickPreviewBodySchema,
  MultiClickPreviewSchema,
  MultiClickResultSchema,
  TPI_PATHS,
} from '@klik/api';
import { sessionOf, type AuthGuards } from '../../kernel/auth/auth-guards';
import type { MultiClickService } from './multi-click.service';

/** Clicking for several customers at once: TPI consultants only (docs/tpi.md). */
export const multiClickRoutes: FastifyPluginAsyncZod<{
  multiClick: MultiClickService;
  guards: AuthGuards;
}> = async (app, { multiClick, guards }) => {
  const common = { tags: ['tpi'], security: [{ session: [] }] };

  app.post(
    TPI_PATHS.multiClickPreview,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary:
          'Quote one position for several customers: per customer and contract a 5-minute quote or the reason it cannot be clicked',
        body: MultiClickPreviewBodySchema,
        response: { 200: MultiClickPreviewSchema },
      },
    },
    async (request) => multiClick.preview(sessionOf(request), request.body, request.ip),
  );

  app.post(
    TPI_PATHS.multiClickExecute,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary:
          "Confirm several quotes, each as a single click with its own idempotency key; answers each one's outcome",
        body: MultiClickExecuteBodySchema,
        response: { 200: MultiClickResultSchema },
      },
    },
    async (request) => multiClick.execute(sessionOf(request), request.body, request.ip),
  );
};
