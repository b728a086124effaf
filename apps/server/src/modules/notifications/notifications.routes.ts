import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LatestNotificationsQuerySchema,
  NotificationAttachmentParamsSchema,
  NotificationIdParamsSchema,
  NotificationListSchema,
  NotificationPageSchema,
  NotificationQuerySchema,
  UnreadCountSchema,
  NOTIFICATION_PATHS,
} from '@klik/api';
import { z } from 'zod';
import { AppError } from '../../kernel/http/app-error';
import { sessionOf, type AuthGuards } from '../../kernel/auth/auth-guards';
import type { AuthContext } from '../../kernel/auth/auth-context';
import type { NotificationsService } from './notifications.service';

const tags = ['notifications'];
const security = [{ session: [] }];

/** A filename for content-disposition: plain ASCII for old clients, the real name in filename*. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

// Marking read changes what the user themself will see; someone signed in as them (login-as)
// must not make the user miss a notification.
function assertOwnSession(auth: AuthContext): void {
  if (auth.impersonator) throw new AppError('FORBIDDEN');
}

/**
 * The notification backend of spec section 7. Its paths are relative to notificationBackendUrl:
 * the app registers this plugin under that address's path ('/rest' by default), so a deployment
 * can serve it from another base (docs/notifications.md).
 */
export const notificationBackendRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
  guards: AuthGuards;
}> = async (app, { notifications, guards }) => {
  const preHandler = guards.requireAuth;

  app.get(
    NOTIFICATION_PATHS.list,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: "The signed-in user's notifications, a page at a time",
        querystring: NotificationQuerySchema,
        response: { 200: NotificationPageSchema },
      },
    },
    async (request) => notifications.list(sessionOf(request).user.id, request.query),
  );

  app.get(
    NOTIFICATION_PATHS.latest,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'The newest unread notifications (the spec\'s "latest; only unread kept")',
        querystring: LatestNotificationsQuerySchema,
        response: { 200: NotificationListSchema },
      },
    },
    async (request) => ({
      data: await notifications.latest(sessionOf(request).user.id, request.query.size),
    }),
  );

  app.get(
    NOTIFICATION_PATHS.count,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'How many notifications the signed-in user has not read',
        response: { 200: UnreadCountSchema },
      },
    },
    async (request) => ({ data: await notifications.unread(sessionOf(request).user.id) }),
  );

  app.put(
    NOTIFICATION_PATHS.read,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Mark one notification read (idempotent; 404 for one that is not yours)',
        params: NotificationIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const auth = sessionOf(request);
      assertOwnSession(auth);
      await notifications.markRead(auth.user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    NOTIFICATION_PATHS.readAll,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Mark every notification of the signed-in user read',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const auth = sessionOf(request);
      assertOwnSession(auth);
      await notifications.markRead(auth.user.id, null);
      return reply.code(204).send(null);
    },
  );

  app.get(
    NOTIFICATION_PATHS.attachment,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: "A notification's attachment in a language, its name in content-disposition",
        params: NotificationAttachmentParamsSchema,
      },
    },
    async (request, reply) => {
      const { id, language } = request.params;
      const file = await notifications.attachment(sessionOf(request).user.id, id, language);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.filename))
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.bytes));
    },
  );
};
