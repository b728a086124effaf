import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiClientCustomerParamsSchema,
  ClickChangesPageSchema,
  ClickChangesQuerySchema,
  INTEGRATION_PATHS,
  IntegrationNotificationPageSchema,
  IntegrationNotificationQuerySchema,
} from '@klik/api';
import { sessionOf, type AuthGuards } from '../../kernel/auth/auth-guards';
import type { ApiFeedsService } from './api-feeds.service';

const common = { tags: ['integrations'], security: [{ session: [] }] };

/** The machine API's own reads (docs/integrations.md); a session that sees the customer may too. */
export const apiFeedsRoutes: FastifyPluginAsyncZod<{
  feeds: ApiFeedsService;
  guards: AuthGuards;
}> = async (app, { feeds, guards }) => {
  app.get(
    INTEGRATION_PATHS.clickChanges,
    {
      preHandler: guards.requireAuth,
      config: { apiScope: 'clicks:read' },
      schema: {
        ...common,
        summary:
          "The customer's click events after a cursor, in commit order; ask again with nextCursor",
        params: ApiClientCustomerParamsSchema,
        querystring: ClickChangesQuerySchema,
        response: { 200: ClickChangesPageSchema },
      },
    },
    async (request) =>
      feeds.clickChanges(sessionOf(request), request.params.customerId, request.query),
  );

  app.get(
    INTEGRATION_PATHS.notifications,
    {
      preHandler: guards.requireAuth,
      config: { apiScope: 'notifications:read' },
      schema: {
        ...common,
        summary: "The notifications of the customer's users, once per event, newest first",
        params: ApiClientCustomerParamsSchema,
        querystring: IntegrationNotificationQuerySchema,
        response: { 200: IntegrationNotificationPageSchema },
      },
    },
    async (request) =>
      feeds.notifications(sessionOf(request), request.params.customerId, request.query),
  );
};
