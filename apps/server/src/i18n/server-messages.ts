import { DEFAULT_LOCALE, LOCALES, type ErrorCode, type Locale } from '@klik/api';

type Messages = Record<ErrorCode, string>;

// The web shows its own catalogue text per code; these messages serve API clients and logs.
const CATALOGUE: Record<Locale, Messages> = {
  nl: {
    INVALID_CREDENTIALS: 'Gebruikersnaam of wachtwoord is onjuist.',
    TOO_MANY_ATTEMPTS: 'Te veel mislukte inlogpogingen. Probeer het over {0} seconden opnieuw.',
    UNAUTHENTICATED: 'U bent niet (meer) ingelogd. Log opnieuw in.',
    FORBIDDEN: 'U heeft geen toegang tot deze functie.',
    NOT_FOUND: 'Niet gevonden.',
    VALIDATION_FAILED: 'Het verzoek is ongeldig.',
    XSRF_MISMATCH: 'Het beveiligingstoken ontbreekt of klopt niet. Vernieuw de pagina.',
    INTERNAL: 'Er ging iets mis. Probeer het later opnieuw.',
  },
  en: {
    INVALID_CREDENTIALS: 'Invalid username and password.',
    TOO_MANY_ATTEMPTS: 'Too many failed sign-in attempts. Try again in {0} seconds.',
    UNAUTHENTICATED: 'You are not signed in (anymore). Please sign in again.',
    FORBIDDEN: 'You are not allowed to use this function.',
    NOT_FOUND: 'Not found.',
    VALIDATION_FAILED: 'The request is not valid.',
    XSRF_MISMATCH: 'The security token is missing or wrong. Please reload the page.',
    INTERNAL: 'Something went wrong. Please try again later.',
  },
};

/** Reads the spec's locale header; anything unknown falls back to Dutch. */
export function localeFromHeader(value: string | string[] | undefined): Locale {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim().toLowerCase().slice(0, 2);
  return (LOCALES as readonly string[]).includes(raw ?? '') ? (raw as Locale) : DEFAULT_LOCALE;
}

/** The message for an error code, with {0}, {1} filled in. */
export function errorMessage(
  locale: Locale,
  code: ErrorCode,
  ...args: (string | number)[]
): string {
  return CATALOGUE[locale][code].replace(/\{(\d+)\}/g, (match, index: string) => {
    const arg = args[Number(index)];
    return arg === undefined ? match : String(arg);
  });
}
