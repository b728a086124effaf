import { defineModule } from '../../kernel/modules';
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
export const notificationsModule = defineModule<{
  /** The PDF of a completed click, attached to its notification (the click confirmation's). */
  renderClickConfirmation?: ClickConfirmationRenderer;
}>('notifications', ['auth'], async (app, { renderClickConfirmation }) => {
  const { config } = app;
  const { db, now } = app.deps;
  const flushEvents = () => app.outbox.flush();
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
});
