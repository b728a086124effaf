import type { Locale } from '@klik/api';
import nl from './messages/nl.json';
import en from './messages/en.json';

export type MessageKey = keyof typeof nl;
export type Messages = Readonly<Record<string, string>>;

export const catalogues: Readonly<Record<Locale, Messages>> = { nl, en };

/** The catalogue for a locale with the deployment's own translations laid over it. */
export function messagesFor(
  locale: Locale,
  overrides: Readonly<Record<string, Readonly<Record<string, string>>>>,
): Messages {
  return { ...catalogues[locale], ...overrides[locale] };
}

/** A missing key is shown as `[[key]]` (spec section 8), so gaps are visible, not silent. */
export function missingMessage(key: string): string {
  return `[[${key}]]`;
}
