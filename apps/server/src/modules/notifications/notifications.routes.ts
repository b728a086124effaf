import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLICKS_PATHS, NotificationListSchema, NotificationQuerySchema } from '@klik/api';
import type { Db } from '../../db/database';
import { sessionOf, type AuthGuards } from '../auth/auth-guards';
import { listNotifications } from './notifications.repository';

/** The signed-in user's notifications (spec: notification backend, answer with a data list). */
export const notificationsRoutes: FastifyPluginAsyncZod<{ db: Db; guards: AuthGuards }> = async (
  app,
  { db, guards },
) => {
  app.get(
    CLICKS_PATHS.notifications,
    {
      preHandler: guards.requireAuth,
      schema: {
        tags: ['notifications'],
        security: [{ session: [] }],
        summary: "The signed-in user's notifications, newest first",
        querystring: NotificationQuerySchema,
        response: { 200: NotificationListSchema },
      },
    },
    async (request) => ({
      data: await listNotifications(db, sessionOf(request).user.id, request.query),
    }),
  );
};
