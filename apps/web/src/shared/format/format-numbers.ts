import type { Locale } from '@klik/api';
import { roundPercentage } from '@klik/domain';

/** The number formats of each portal locale: Dutch for nl, British English for en. */
const NUMBER_LOCALES: Readonly<Record<Locale, string>> = { nl: 'nl-NL', en: 'en-GB' };

type NumericString = `${number}`;

// Intl formats a decimal string exactly (no detour through a binary float), so a volume of
// 1234.567 MWh is shown with all its kWh.
function format(value: string, locale: Locale, options: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(NUMBER_LOCALES[locale], options).format(value as NumericString);
}

/** A plain number for chart axes, with a fixed number of decimals. */
export function formatNumber(value: string, locale: Locale, decimals: number): string {
  return format(value, locale, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
}

/** A volume in MWh with thousands separators and up to kWh precision, e.g. "1.234,5 MWh". */
export function formatVolume(value: string, locale: Locale): string {
  return `${format(value, locale, { maximumFractionDigits: 3 })} MWh`;
}

/** A price in EUR/MWh with exactly two decimals, e.g. "€ 86,77/MWh". */
export function formatPrice(value: string, locale: Locale): string {
  const amount = format(value, locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${amount}/MWh`;
}

/** An exact percentage rounded once for display by the domain rule, e.g. "33,3%". */
export function formatPercentage(value: string, locale: Locale): string {
  const rounded = roundPercentage(value, 1);
  return `${format(rounded, locale, { maximumFractionDigits: 1 })}%`;
}

/** A date and time in the portal's time zone, e.g. "20-11-2026, 10:15". */
export function formatDateTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(NUMBER_LOCALES[locale], {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'Europe/Amsterdam',
  }).format(new Date(iso));
}

/** A calendar day (YYYY-MM-DD) in the locale, e.g. "31-03-2026" or "31/03/2026". */
export function formatDay(day: string, locale: Locale): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(NUMBER_LOCALES[locale], {
    dateStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1)));
}

/** The name of a calendar month (1 = January) in the locale, e.g. "januari". */
export function monthName(month: number, locale: Locale): string {
  return new Intl.DateTimeFormat(NUMBER_LOCALES[locale], { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, month - 1, 1)),
  );
}

/** An amount in euros with cents, e.g. "€ 2.343,31"; formatted from the exact decimal string. */
export function formatMoney(value: string, locale: Locale): string {
  return format(value, locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}

/** A price in EUR/MWh with all its decimals (up to 4), e.g. "€ 86,7675/MWh". */
export function formatExactPrice(value: string, locale: Locale): string {
  const amount = format(value, locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  });
  return `${amount}/MWh`;
}
