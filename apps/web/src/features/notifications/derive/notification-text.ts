import type { Locale, Notification } from '@klik/api';
import { formatDay, formatExactPrice, formatVolume } from '../../../shared/format/format-numbers';
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
  return {
    title: t(notification.localeId as MessageKey, formattedParams(notification.params, locale)),
    body: null,
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Params that are days or volumes read as the user's locale writes them; `acting` selects the
 * words for a click a TPI consultant made signed in as the user (the server names them in
 * actingConsultant; older notifications and the user's own clicks have no such param).
 */
function formattedParams(
  params: Notification['params'],
  locale: Locale,
): Record<string, string | number> {
  const formatted: Record<string, string | number> = {
    ...params,
    acting: typeof params.actingConsultant === 'string' ? 'yes' : 'no',
  };
  if (typeof params.deadline === 'string' && DAY.test(params.deadline)) {
    formatted.deadline = formatDay(params.deadline, locale);
  }
  if (typeof params.openVolume === 'string') {
    formatted.openVolume = formatVolume(params.openVolume, locale);
  }
  // A price alert's threshold and the price that crossed it (docs/price-alerts.md).
  for (const key of ['alertPrice', 'threshold'] as const) {
    const value = params[key];
    if (typeof value === 'string') formatted[key] = formatExactPrice(value, locale);
  }
  return formatted;
}
