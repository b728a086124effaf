import type { Locale } from '@klik/api';

const NUMBER_LOCALES: Readonly<Record<Locale, string>> = { nl: 'nl-NL', en: 'en-GB' };

/** An amount in euros with cents, e.g. "€ 2.343,31"; formatted from the exact decimal string. */
export function formatMoney(value: string, locale: Locale): string {
  return new Intl.NumberFormat(NUMBER_LOCALES[locale], {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value as `${number}`);
}

/** A price in EUR/MWh with all its decimals (up to 4), e.g. "€ 86,7675/MWh". */
export function formatExactPrice(value: string, locale: Locale): string {
  const amount = new Intl.NumberFormat(NUMBER_LOCALES[locale], {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  }).format(value as `${number}`);
  return `${amount}/MWh`;
}
