import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MULTI_CLICK_PATHS,
  MultiClickExecuteBodySchema,
  MultiClickPreviewBodySchema,
  MultiClickPreviewSchema,
  MultiClickResultSchema,
} from '@klik/api';
import { sessionOf, type AuthGuards } from '../auth/auth-guards';
import type { MultiClickService } from './multi-click.service';

/** Clicking for several customers at once: TPI consultants only (docs/tpi.md). */
export const multiClickRoutes: FastifyPluginAsyncZod<{
  multiClick: MultiClickService;
  guards: AuthGuards;
}> = async (app, { multiClick, guards }) => {
  const common = { tags: ['tpi'], security: [{ session: [] }] };

  app.post(
    MULTI_CLICK_PATHS.preview,
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
    MULTI_CLICK_PATHS.execute,
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
