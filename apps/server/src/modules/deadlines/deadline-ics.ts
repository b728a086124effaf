import ical from 'ical-generator';
import type { Deadline, Locale } from '@klik/api';

/** The words of the feed, in the user's language. */
const TEXTS: Record<
  Locale,
  {
    calendar: string;
    summary: string;
    commodity: Record<Deadline['commodity'], string>;
    lastDay: string;
    open: string;
    customer: string;
    link: string;
    dateLocale: string;
  }
> = {
  nl: {
    calendar: 'Klik-deadlines',
    summary: 'Klikdeadline',
    commodity: { Gas: 'Gas', Power: 'Stroom' },
    lastDay: 'Laatste handelsdag: {day}; klikken kan tot 16:00 (Amsterdam).',
    open: 'Open volume: {parts}.',
    customer: 'Klant: {customer}.',
    link: 'Klikken: {url}',
    dateLocale: 'nl-NL',
  },
  en: {
    calendar: 'Klik deadlines',
    summary: 'Click deadline',
    commodity: { Gas: 'Gas', Power: 'Power' },
    lastDay: 'Last trading day: {day}; clicking is possible until 16:00 (Amsterdam).',
    open: 'Open volume: {parts}.',
    customer: 'Customer: {customer}.',
    link: 'Click: {url}',
    dateLocale: 'en-GB',
  },
};

const PART_LABELS: Record<Deadline['parts'][number]['name'], string> = {
  Gas: 'Gas',
  Peak: 'Peak',
  OffPeak: 'Off-peak',
};

/** An exact decimal string with the locale's separators (no rounding through a float). */
export function formatVolume(value: string, locale: Locale): string {
  const [whole = '0', fraction] = value.split('.');
  const group = locale === 'nl' ? '.' : ',';
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return fraction === undefined ? grouped : `${grouped}${locale === 'nl' ? ',' : '.'}${fraction}`;
}

/** "2027", "2027 Q2" or "2027 maart": the year of supply and the period within it. */
export function periodLabel(deadline: Deadline, locale: Locale): string {
  const { maturity, yearOfSupply } = deadline;
  if (maturity === 'Y') return String(yearOfSupply);
  if (maturity.startsWith('Q')) return `${yearOfSupply} ${maturity}`;
  const month = new Intl.DateTimeFormat(TEXTS[locale].dateLocale, {
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(yearOfSupply, Number(maturity.slice(1)) - 1, 1)));
  return `${yearOfSupply} ${month}`;
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

/**
 * The event's UID: one per position and deadline, so a calendar that reads the feed again
 * updates the event (open volume) instead of adding one, and a moved deadline is a new event.
 */
export function deadlineUid(deadline: Deadline & { contractRowId: number }): string {
  return `klik-deadline-${deadline.contractRowId}-${deadline.yearOfSupply}-${deadline.maturity}-${deadline.lastTradingDay}@klik`;
}

/**
 * The feed as iCalendar text. Each deadline is a timed event from 15:00 to 16:00 Amsterdam on the
 * last trading day, written as UTC instants, which Outlook and Google show in the reader's own
 * time zone without needing a VTIMEZONE block.
 */
export function deadlinesIcs(input: {
  deadlines: readonly (Deadline & { contractRowId: number })[];
  locale: Locale;
  at: Date;
  publicUrl: string;
}): string {
  const texts = TEXTS[input.locale];
  const calendar = ical({
    name: texts.calendar,
    prodId: { company: 'Klik', product: 'deadlines', language: input.locale.toUpperCase() },
    // Calendars that honour it read the feed again every hour.
    ttl: 60 * 60,
  });
  const dashboard = `${input.publicUrl}/dashboard`;
  const dayFormat = new Intl.DateTimeFormat(texts.dateLocale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  for (const deadline of input.deadlines) {
    const end = new Date(deadline.closesAt);
    const parts = deadline.parts
      .map((part) => `${PART_LABELS[part.name]} ${formatVolume(part.openVolume, input.locale)} MWh`)
      .join(', ');
    calendar.createEvent({
      id: deadlineUid(deadline),
      start: new Date(end.getTime() - 60 * 60 * 1000),
      end,
      stamp: input.at,
      summary: `${texts.summary} ${texts.commodity[deadline.commodity]} ${periodLabel(deadline, input.locale)} — ${deadline.contractId}`,
      description: [
        fill(texts.lastDay, {
          day: dayFormat.format(new Date(`${deadline.lastTradingDay}T00:00:00Z`)),
        }),
        fill(texts.open, { parts }),
        fill(texts.customer, { customer: deadline.customerName }),
        fill(texts.link, { url: dashboard }),
      ].join('\n'),
      url: dashboard,
    });
  }
  return calendar.toString();
}
