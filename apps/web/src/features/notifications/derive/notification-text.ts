import type { Locale, Notification } from '@klik/api';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import type { Translate } from '../../../shared/i18n/use-t';

export interface NotificationText {
  title: string;
  body: string | null;
}

/**
 * What a notification says in the user's language: an announcement its own words, every other
 * kind its catalogue message (localeId) with the params filled in.
 */
export function notificationText(
  notification: Notification,
  t: Translate,
  locale: Locale,
): NotificationText {
  const { announcement } = notification;
  if (announcement) {
    return locale === 'en'
      ? { title: announcement.titleEn, body: announcement.bodyEn }
      : { title: announcement.titleNl, body: announcement.bodyNl };
  }
  return { title: t(notification.localeId as MessageKey, notification.params), body: null };
}
