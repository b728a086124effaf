import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_PATHS,
  NotificationPreferencesBodySchema,
  NotificationPreferencesSchema,
} from '@klik/api';
import { sessionOf, type AuthGuards } from '../../kernel/auth/auth-guards';
import type { NotificationPreferencesService } from './notification-preferences.service';

/** myinfo: which notifications also come by e-mail (docs/account.md). */
export const notificationPreferencesRoutes: FastifyPluginAsyncZod<{
  preferences: NotificationPreferencesService;
  guards: AuthGuards;
}> = async (app, { preferences, guards }) => {
  const common = { tags: ['account'], security: [{ session: [] }] };
  // myinfo works while an administrator still sets up the second factor it asks for.
  const setup = { allowWithoutSecondFactor: true };

  app.get(
    ACCOUNT_PATHS.notificationPreferences,
    {
      preHandler: guards.requireAuth,
      config: setup,
      schema: {
        ...common,
        summary: 'Per notification kind: in the portal only, or by e-mail as well',
        response: { 200: NotificationPreferencesSchema },
      },
    },
    async (request) => preferences.get(sessionOf(request)),
  );

  app.put(
    ACCOUNT_PATHS.notificationPreferences,
    {
      preHandler: guards.requireAuth,
      config: setup,
      schema: {
        ...common,
        summary: 'Choose portal or e-mail for some notification kinds; the others stay',
        body: NotificationPreferencesBodySchema,
        response: { 200: NotificationPreferencesSchema },
      },
    },
    async (request) => preferences.change(sessionOf(request), request.body, request.ip),
  );
};
