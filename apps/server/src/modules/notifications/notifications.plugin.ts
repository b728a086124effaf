import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { announcementsRoutes } from './announcements.routes';
import { AnnouncementsService } from './announcements.service';
import { notificationBackendRoutes } from './notifications.routes';
import { NotificationsService, type ClickConfirmationRenderer } from './notifications.service';

/**
 * Where the notification backend's routes live: the path of notificationBackendUrl ('/rest' by
 * default; of an absolute address, its path), as the websocket listens on its URL's path.
 */
export function notificationBackendPrefix(notificationBackendUrl: string): string {
  const path = /^https?:\/\//.test(notificationBackendUrl)
    ? new URL(notificationBackendUrl).pathname
    : notificationBackendUrl;
  return path.replace(/\/+$/, '');
}

/** Notifications (docs/notifications.md): the backend of spec section 7 and announcements. */
export const notificationsModule: FastifyPluginAsyncZod<{
  config: Config;
  flushEvents: () => Promise<void>;
  renderClickConfirmation?: ClickConfirmationRenderer;
}> = async (app, { config, flushEvents, renderClickConfirmation }) => {
  const { db, now } = app.deps;
  const notifications = new NotificationsService({ db, flushEvents, renderClickConfirmation });
  await app.register(notificationBackendRoutes, {
    notifications,
    guards: app.guards,
    prefix: notificationBackendPrefix(config.web.notificationBackendUrl),
  });
  await app.register(announcementsRoutes, {
    announcements: new AnnouncementsService({ db, now, flushEvents }),
    guards: app.guards,
  });
};
