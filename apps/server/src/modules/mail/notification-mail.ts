import type { Locale, NotificationKind } from '@klik/api';
import type { MailAttachment, MailMessage } from './mail-sender';
import {
  BUDGET_CROSSING_WORDS,
  fill,
  FRAME_TEXTS,
  KIND_TEXTS,
  PRICE_ALERT_WORDS,
} from './notification-mail-texts';

/** What an e-mail about a notification is made from (read by the mail worker at send time). */
export interface MailNotification {
  id: number;
  kind: NotificationKind;
  params: Readonly<Record<string, string | number>>;
  clickId: number | null;
  contractId: string | null;
  /** An announcement's own words in the recipient's language. */
  announcement: { title: string; body: string } | null;
}

export interface MailRecipient {
  email: string;
  name: string;
  locale: Locale;
}

/** The deployment: its title (KLIK_TITLE) and the address users reach it at (PUBLIC_URL). */
export interface MailSite {
  title: string;
  publicUrl: string;
}

// The notification screen has a route per language (spec: notificaties and notifications).
const NOTIFICATIONS_ROUTE: Record<Locale, string> = {
  nl: '/notificaties',
  en: '/notifications',
};

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function paragraphsHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/** A calendar day (YYYY-MM-DD) as the recipient writes it: 31-03-2027 or 31/03/2027. */
function localDay(day: string, locale: Locale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [, year, month, date] = match;
  return locale === 'en' ? `${date}/${month}/${year}` : `${date}-${month}-${year}`;
}

/** A decimal as the recipient writes it: 79,5 or 79.5 (a price alert's prices). */
function localDecimal(value: string | number | undefined, locale: Locale): string {
  const text = value === undefined ? '' : String(value);
  return locale === 'nl' ? text.replace('.', ',') : text;
}

/** A price alert's market, part, direction and prices (modules/price-alerts). */
function priceAlertValues(params: MailNotification['params'], locale: Locale) {
  const words = PRICE_ALERT_WORDS[locale];
  return {
    market: params.market === undefined ? '' : String(params.market),
    alertPart: words.part[String(params.part)] ?? '',
    alertDirection: words.direction[String(params.direction)] ?? '',
    alertPrice: localDecimal(params.alertPrice, locale),
    threshold: localDecimal(params.threshold, locale),
  };
}

/** A budget's crossing and its figures (modules/budgets). */
function budgetValues(params: MailNotification['params'], locale: Locale) {
  return {
    budgetCrossing: BUDGET_CROSSING_WORDS[locale][String(params.crossing)] ?? '',
    expectedPrice: localDecimal(params.expectedPrice, locale),
    lowerBound: localDecimal(params.lowerBound, locale),
    upperBound: localDecimal(params.upperBound, locale),
  };
}

function valuesOf(notification: MailNotification, recipient: MailRecipient, site: MailSite) {
  const { params } = notification;
  const { actingConsultant, actingUser } = params;
  const click = notification.clickId ?? params.clickId;
  const contract = notification.contractId ?? params.contractId;
  const period = [params.maturity, params.yearOfSupply].filter((part) => part !== undefined);
  return {
    name: recipient.name,
    title: site.title,
    click: click === undefined ? '' : String(click),
    contract: contract === undefined ? '' : String(contract),
    period: period.length > 0 ? ` (${period.join(' ')})` : '',
    acting:
      typeof actingConsultant === 'string' && typeof actingUser === 'string'
        ? fill(FRAME_TEXTS[recipient.locale].acting, { actingConsultant, actingUser })
        : '',
    deadline:
      typeof params.deadline === 'string' ? localDay(params.deadline, recipient.locale) : '',
    ...priceAlertValues(params, recipient.locale),
    ...budgetValues(params, recipient.locale),
    announcementTitle: notification.announcement?.title ?? '',
    announcementBody: notification.announcement?.body ?? '',
  };
}

/**
 * The e-mail of one notification to one recipient, in their language, as plain text and HTML:
 * the portal's title in the subject, what happened, and links to the notification screen (and to
 * the click overview for a click) and to myinfo, where the user chooses what comes by e-mail.
 */
export function notificationMail(
  notification: MailNotification,
  recipient: MailRecipient,
  site: MailSite,
  attachments: readonly MailAttachment[] = [],
): MailMessage {
  const { locale } = recipient;
  const frame = FRAME_TEXTS[locale];
  const texts = KIND_TEXTS[locale][notification.kind];
  const values = valuesOf(notification, recipient, site);
  const subject = `${site.title}: ${fill(texts.subject, values)}`;
  const paragraphs = [fill(texts.lead, values)];
  if (texts.more) paragraphs.push(fill(texts.more, values));
  if (attachments.length > 0) paragraphs.push(frame.attachment);
  const links = [
    {
      label: fill(frame.openNotifications, values),
      url: site.publicUrl + NOTIFICATIONS_ROUTE[locale],
    },
  ];
  if (notification.kind.startsWith('CLICK_')) {
    links.push({ label: frame.openClicks, url: `${site.publicUrl}/clickoverview` });
  }
  const preferences = { label: frame.preferences, url: `${site.publicUrl}/myinfo` };
  const greeting = fill(frame.greeting, values);

  const text = [
    greeting,
    ...paragraphs,
    links.map((link) => `${link.label}: ${link.url}`).join('\n'),
    `--\n${frame.why}\n${preferences.label}: ${preferences.url}`,
  ].join('\n\n');

  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Arial, sans-serif; color: #1a1a1a; line-height: 1.5">
<h1 style="font-size: 18px">${escapeHtml(site.title)}</h1>
<p>${escapeHtml(greeting)}</p>
${paragraphs.map(paragraphsHtml).join('\n')}
${links.map((link) => `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`).join('\n')}
<hr>
<p style="font-size: 12px; color: #555">${escapeHtml(frame.why)}
<a href="${escapeHtml(preferences.url)}">${escapeHtml(preferences.label)}</a></p>
</body>
</html>
`;
  return { to: recipient.email, locale, subject, text: `${text}\n`, html, attachments };
}
