import { DEFAULT_LOCALE, LOCALES, type ErrorCode, type Locale } from '@klik/api';
import { DISABLE_CLICK_REASON_TEXTS, type DisableClickReason } from '@klik/domain';

type Messages = Record<ErrorCode, string>;

const SERVER_DECIDED_REASONS = [
  'DC_10',
  'DC_11',
  'DC_12',
  'DC_21',
  'DC_22',
  'DC_23',
  'DC_31',
  'DC_34',
  'DC_35',
  'DC_36',
] as const satisfies readonly DisableClickReason[];

function reasonTexts(locale: Locale) {
  return Object.fromEntries(
    SERVER_DECIDED_REASONS.map((reason) => [
      reason,
      `${DISABLE_CLICK_REASON_TEXTS[reason][locale]}.`,
    ]),
  ) as Record<(typeof SERVER_DECIDED_REASONS)[number], string>;
}

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
    SHUTTING_DOWN: 'De server start opnieuw. Probeer het zo meteen nog eens.',
    ...reasonTexts('nl'),
    ANOTHER_CLICK_IN_PROGRESS: 'Er is al een klik in behandeling.',
    QUOTE_EXPIRED: 'De tijd is verstreken. Vraag een nieuwe prijs aan.',
    QUOTE_USED: 'Deze prijs is al gebruikt. Vraag een nieuwe prijs aan.',
    IDEMPOTENCY_KEY_REUSED: 'Deze bevestiging hoort bij een andere klik.',
    VOLUME_TOO_LOW: 'Volume te laag: minimaal {0} MWh ({1}).',
    VOLUME_TOO_HIGH: 'Volume te hoog: maximaal {0} MWh ({1}).',
    CLICK_LIMIT_REACHED: 'Het maximale aantal klikken voor dit contract en jaar is bereikt.',
    TERMS_NOT_ACCEPTED: 'Accepteer eerst de voorwaarden (versie {0}).',
    TERMS_VERSION_OUTDATED: 'Er zijn nieuwe voorwaarden (versie {0}). Lees en accepteer deze.',
    SMS_REQUIRED: 'Voer de sms-code in die naar uw mobiele nummer is gestuurd.',
    SMS_NO_MOBILE_NUMBER: 'Er is geen mobiel nummer bekend voor de sms-verificatie.',
    SMS_CODE_INVALID: 'De sms-code klopt niet. Nog {0} pogingen.',
    SMS_CODE_EXPIRED: 'De sms-code is verlopen. Vraag een nieuwe code aan.',
    SMS_ATTEMPTS_EXCEEDED: 'Te veel onjuiste sms-codes. Vraag een nieuwe code aan.',
    CLICK_NOT_PENDING: 'Deze transactie wacht niet (meer) op goedkeuring.',
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
    SHUTTING_DOWN: 'The server is restarting. Please try again in a moment.',
    ...reasonTexts('en'),
    ANOTHER_CLICK_IN_PROGRESS: 'Another click is in progress.',
    QUOTE_EXPIRED: 'Time expired. Please request a new price.',
    QUOTE_USED: 'This price has already been used. Please request a new price.',
    IDEMPOTENCY_KEY_REUSED: 'This confirmation belongs to another click.',
    VOLUME_TOO_LOW: 'Volume too low: at least {0} MWh ({1}).',
    VOLUME_TOO_HIGH: 'Volume too high: at most {0} MWh ({1}).',
    CLICK_LIMIT_REACHED:
      'The maximum number of clicks for this contract and year has been reached.',
    TERMS_NOT_ACCEPTED: 'Please accept the terms first (version {0}).',
    TERMS_VERSION_OUTDATED: 'New terms apply (version {0}). Please read and accept them.',
    SMS_REQUIRED: 'Enter the SMS code sent to your mobile number.',
    SMS_NO_MOBILE_NUMBER: 'No mobile number is known for SMS verification.',
    SMS_CODE_INVALID: 'The SMS code is not correct. {0} attempts left.',
    SMS_CODE_EXPIRED: 'The SMS code has expired. Please request a new code.',
    SMS_ATTEMPTS_EXCEEDED: 'Too many wrong SMS codes. Please request a new code.',
    CLICK_NOT_PENDING: 'This transaction is not (or no longer) awaiting approval.',
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
