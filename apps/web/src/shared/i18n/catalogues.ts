import type { Locale } from '@klik/api';
import {
  DISABLE_CLICK_REASONS,
  DISABLE_CLICK_REASON_TEXTS,
  type DisableClickReason,
} from '@klik/domain';
import nl from './messages/nl.json';
import en from './messages/en.json';

/** The key under which a DC_ reason's text sits in the catalogues. */
export type DisableClickReasonKey = `disableClickReason.${DisableClickReason}`;

export type MessageKey = keyof typeof nl | DisableClickReasonKey;
export type Messages = Readonly<Record<string, string>>;

export function disableClickReasonKey(reason: DisableClickReason): DisableClickReasonKey {
  return `disableClickReason.${reason}`;
}

// The reason texts have one source, the domain package, so the portal and the server's
// notifications can never say different things about the same DC_ code.
function reasonMessages(locale: Locale): Messages {
  return Object.fromEntries(
    DISABLE_CLICK_REASONS.map((reason) => [
      disableClickReasonKey(reason),
      DISABLE_CLICK_REASON_TEXTS[reason][locale],
    ]),
  );
}

export const catalogues: Readonly<Record<Locale, Messages>> = {
  nl: { ...nl, ...reasonMessages('nl') },
  en: { ...en, ...reasonMessages('en') },
};

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
