import type { Locale } from '@klik/api';
import { roundPercentage } from '@klik/domain';
import { currentCurrency } from './currency';

/** The number formats of each portal locale: Dutch for nl, British English for en. */
const NUMBER_LOCALES: Readonly<Record<Locale, string>> = { nl: 'nl-NL', en: 'en-GB' };

type NumericString = `${number}`;

export { currentCurrency, setCurrency, type CurrencySetting } from './currency';

// Making an Intl format costs far more than using one, and a dashboard formats thousands of
// figures: each format is made once per locale and options, then kept.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function kept<F>(formats: Map<string, F>, key: string, make: () => F): F {
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return kept(numberFormats, `${locale} ${JSON.stringify(options)}`, () => {
    return new Intl.NumberFormat(NUMBER_LOCALES[locale], options);
  });
}

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return kept(dateFormats, `${locale} ${JSON.stringify(options)}`, () => {
    return new Intl.DateTimeFormat(NUMBER_LOCALES[locale], options);
  });
}

// The currency decides the decimals and where the sign goes in each locale; the symbol shown
// is the deployment's own (e.g. 'EUR' spelled out, or '€').
function formatCurrency(value: string, locale: Locale, decimals: [number, number]): string {
  return numberFormat(locale, {
    style: 'currency',
    currency: currentCurrency().currency,
    minimumFractionDigits: decimals[0],
    maximumFractionDigits: decimals[1],
  })
    .formatToParts(value as NumericString)
    .map((part) => (part.type === 'currency' ? currentCurrency().currencySymbol : part.value))
    .join('');
}

// Intl formats a decimal string exactly (no detour through a binary float), so a volume of
// 1234.567 MWh is shown with all its kWh.
function format(value: string, locale: Locale, options: Intl.NumberFormatOptions): string {
  return numberFormat(locale, options).format(value as NumericString);
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

/** A price per MWh in the deployment's currency with exactly two decimals, e.g. "€ 86,77/MWh". */
export function formatPrice(value: string, locale: Locale): string {
  return `${formatCurrency(value, locale, [2, 2])}/MWh`;
}

/** An exact percentage rounded once for display by the domain rule, e.g. "33,3%". */
export function formatPercentage(value: string, locale: Locale): string {
  const rounded = roundPercentage(value, 1);
  return `${format(rounded, locale, { maximumFractionDigits: 1 })}%`;
}

/** A date and time in the portal's time zone, e.g. "20-11-2026, 10:15". */
export function formatDateTime(iso: string, locale: Locale): string {
  return dateFormat(locale, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'Europe/Amsterdam',
  }).format(new Date(iso));
}

/** A calendar day (YYYY-MM-DD) in the locale, e.g. "31-03-2026" or "31/03/2026". */
export function formatDay(day: string, locale: Locale): string {
  const [year, month, date] = day.split('-').map(Number);
  return dateFormat(locale, {
    dateStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1)));
}

/** The name of a calendar month (1 = January) in the locale, e.g. "januari". */
export function monthName(month: number, locale: Locale, width: 'long' | 'short' = 'long'): string {
  return dateFormat(locale, { month: width, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, month - 1, 1)),
  );
}

/** An amount with cents, e.g. "€ 2.343,31"; formatted from the exact decimal string. */
export function formatMoney(value: string, locale: Locale): string {
  return formatCurrency(value, locale, [2, 2]);
}

/** A price per MWh with all its decimals (up to 4), e.g. "€ 86,7675/MWh". */
export function formatExactPrice(value: string, locale: Locale): string {
  return `${formatCurrency(value, locale, [2, 4])}/MWh`;
}

/** A decimal as the user types it, with a comma or a point: trimmed, with a point. */
export function typedDecimal(value: string): string {
  return value.trim().replace(',', '.');
}
