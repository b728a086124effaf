import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LatestNotificationsQuerySchema,
  NotificationAttachmentParamsSchema,
  NotificationIdParamsSchema,
  NotificationListSchema,
  NotificationPageSchema,
  NotificationQuerySchema,
  UnreadCountSchema,
  LOCALE_HEADER,
  LOCALES,
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_PATHS,
  type Locale,
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

/** The list's own query parameters: with any of them, GET notifications answers a page. */
const PAGE_PARAMS = ['page', 'size', 'sort', 'unread'] as const;

/** Whether the request's query string names any of the list's parameters. */
function asksForPage(url: string): boolean {
  const query = new URLSearchParams(url.split('?')[1] ?? '');
  return PAGE_PARAMS.some((name) => query.has(name));
}

function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** The request's `locale` header when it names a language, else the user's own language. */
function requestLocale(header: string | string[] | undefined, userLocale: Locale): Locale {
  const raw = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase().slice(0, 2);
  return raw !== undefined && isLocale(raw) ? raw : userLocale;
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
        summary:
          "The signed-in user's notifications: a page, or without paging the latest unread ones",
        description:
          'With any of page, size, sort or unread in the query: a page of the notifications, read ' +
          'ones too ({ data, total, page, size }). With none (the spec\'s "GET notifications ' +
          '(latest; only unread kept)"): the newest unread ones, as notifications/latest ({ data }).',
        querystring: NotificationQuerySchema,
        response: { 200: z.union([NotificationPageSchema, NotificationListSchema]) },
      },
    },
    async (request) => {
      const userId = sessionOf(request).user.id;
      if (!asksForPage(request.url)) {
        return { data: await notifications.latest(userId, NOTIFICATION_PAGE_SIZE) };
      }
      return notifications.list(userId, request.query);
    },
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
        summary: "A notification's attachment, its name in content-disposition",
        description:
          "localeId is either the notification's own localeId (the spec's form; the file then " +
          "follows the request's locale header, else the user's language) or a language, nl or en " +
          "(Klik's form). A message key that is not the notification's own answers 404.",
        params: NotificationAttachmentParamsSchema,
      },
    },
    async (request, reply) => {
      const { id, localeId } = request.params;
      const { user } = sessionOf(request);
      const file = isLocale(localeId)
        ? await notifications.attachment(user.id, id, localeId)
        : await notifications.attachment(
            user.id,
            id,
            requestLocale(request.headers[LOCALE_HEADER], user.locale),
            localeId,
          );
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.filename))
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.bytes));
    },
  );
};
