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
    SSO_FAILED: 'Inloggen via single sign-on is mislukt of verlopen. Probeer het opnieuw.',
    SSO_STATE_INVALID:
      'Deze single sign-on is in een ander venster, een andere browser of op een ander adres gestart, of duurde te lang. Begin opnieuw.',
    UNAUTHENTICATED: 'U bent niet (meer) ingelogd. Log opnieuw in.',
    FORBIDDEN: 'U heeft geen toegang tot deze functie.',
    NOT_FOUND: 'Niet gevonden.',
    VALIDATION_FAILED: 'Het verzoek is ongeldig.',
    XSRF_MISMATCH: 'Het beveiligingstoken ontbreekt of klopt niet. Vernieuw de pagina.',
    INTERNAL: 'Er ging iets mis. Probeer het later opnieuw.',
    SHUTTING_DOWN: 'De server start opnieuw. Probeer het zo meteen nog eens.',
    DATABASE_UNAVAILABLE:
      'De database is even niet bereikbaar. Probeer het zo meteen opnieuw; een klik die u opnieuw bevestigt, wordt hooguit één keer gemaakt.',
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
    SMS_NOT_SENT: 'De sms kon nu niet worden verstuurd. Probeer het over enkele minuten opnieuw.',
    CLICK_NOT_PENDING: 'Deze transactie wacht niet (meer) op goedkeuring.',
    CLICK_NOT_COMPLETED: 'Deze transactie is niet afgerond; er is geen bevestiging.',
    VERSION_CONFLICT:
      'Iemand anders heeft dit intussen gewijzigd. Laad de gegevens opnieuw en breng uw wijziging opnieuw aan.',
    USER_NOT_UNIQUE: 'Dit e-mailadres bestaat al.',
    USERNAME_NOT_UNIQUE: 'Deze gebruikersnaam bestaat al.',
    CUSTOMER_NAME_NOT_UNIQUE: 'Er bestaat al een klant met deze naam.',
    CONSULTANT_NAME_NOT_UNIQUE: 'Er bestaat al een consultant met deze naam.',
    CANNOT_REMOVE_SELF: 'U kunt uzelf niet verwijderen.',
    RIGHTS_EXCEEDED: 'U kunt niemand meer rechten geven dan u zelf heeft.',
    CUSTOMER_INACTIVE: 'Deze klant is gedeactiveerd.',
    PASSWORD_CHANGE_REQUIRED: 'Wijzig eerst uw wachtwoord.',
    CURRENT_PASSWORD_WRONG: 'Het huidige wachtwoord is onjuist.',
    PASSWORD_NOT_CHANGED: 'Kies een ander wachtwoord dan het huidige.',
    RESET_LINK_INVALID: 'Ongeldige resetlink. Vraag een nieuwe aan.',
    RESET_FAILED: 'Het wachtwoord opnieuw instellen is mislukt.',
    SECOND_FACTOR_REQUIRED: 'Voer de code uit uw authenticator-app in.',
    SECOND_FACTOR_INVALID: 'De code uit uw authenticator-app klopt niet of is al gebruikt.',
    SECOND_FACTOR_SETUP_REQUIRED: 'Stel eerst een authenticator-app in bij Mijn gegevens.',
    SECOND_FACTOR_UNAVAILABLE: 'Een authenticator-app kan hier niet worden gebruikt.',
    CONTRACT_ID_NOT_UNIQUE: 'Er bestaat al een contract met dit Contract-ID.',
    CONTRACT_HAS_CLICKS:
      'Op dit contract is al geklikt: de klant en het product (stroom of gas) kunnen niet meer veranderen.',
    YEAR_HAS_CLICKS: 'Op leveringsjaar {0} ({1}) is al geklikt; het kan niet worden verwijderd.',
    VOLUME_BELOW_CLICKED:
      'Het volume van {0} {1}, maand {2}, kan niet lager worden dan de al geklikte {3} MWh.',
    CONTRACT_CHANGED:
      'Het contract is gewijzigd sinds uw prijs werd berekend. Vraag een nieuwe prijs op.',
    STANDING_ORDER_NOT_ACTIVE: 'Deze staande order is niet meer actief.',
    SCOPE_NOT_GRANTED: 'Het toegangstoken heeft de scope {0} niet.',
    IP_NOT_ALLOWED: 'Deze API-client mag niet vanaf dit adres worden gebruikt.',
    RATE_LIMITED: 'Te veel verzoeken van deze API-client. Probeer het over {0} seconden opnieuw.',
    API_CLIENT_NOT_ACTIVE: 'Deze API-client is ingetrokken of verlopen.',
    NAME_REQUIRED: 'Naam is verplicht.',
    NAME_INVALID: 'Ongeldige naam.',
    USERNAME_REQUIRED: 'Gebruikersnaam is verplicht.',
    USERNAME_INVALID: 'Ongeldige gebruikersnaam.',
    EMAIL_REQUIRED: 'E-mailadres is verplicht.',
    EMAIL_INVALID: 'Ongeldig e-mailadres.',
    MOBILE_INVALID: 'Ongeldig mobiel nummer (internationaal, bijvoorbeeld +31612345678).',
    PASSWORD_REQUIRED: 'Wachtwoord is verplicht.',
    PASSWORD_TOO_SHORT: 'Het wachtwoord moet minimaal 8 tekens lang zijn.',
    PASSWORD_TOO_LONG: 'Het wachtwoord mag maximaal 20 tekens lang zijn.',
    PASSWORD_TOO_COMMON: 'Dit wachtwoord wordt te vaak gebruikt. Kies een ander.',
    TERMS_TEXT_REQUIRED:
      'De tekst van de voorwaarden is verplicht, in het Nederlands en het Engels.',
    PERCENTAGE_REQUIRED: 'Percentage is verplicht.',
    PERCENTAGE_INVALID: 'Ongeldig percentage: van 0 tot en met 100, met hoogstens 2 decimalen.',
    CONTRACT_ID_REQUIRED: 'Contract-ID is verplicht.',
    CONTRACT_ID_INVALID:
      'Ongeldig Contract-ID: 3 tot 40 letters, cijfers, - of _, beginnend met een letter of cijfer.',
    PRODUCT_REQUIRED: 'Product is verplicht.',
    PRODUCT_INVALID: 'Ongeldig product (hoogstens 100 tekens).',
    VOLUME_REQUIRED: 'Volume is verplicht.',
    VOLUME_INVALID: 'Ongeldig volume: 0 of meer in MWh, met hoogstens 3 decimalen.',
    PRICE_REQUIRED: 'Bedrag per MWh is verplicht.',
    PRICE_INVALID: 'Ongeldige prijs: 0 of meer in EUR/MWh, met hoogstens 4 decimalen.',
    AMOUNT_REQUIRED: 'Bedrag is verplicht.',
    AMOUNT_INVALID: 'Ongeldig bedrag: 0 of meer in EUR, met hoogstens 2 decimalen.',
    PROFILE_SUM_INVALID: 'Het maandprofiel heeft 12 aandelen die samen precies 100% zijn.',
    CLICK_SHARE_RANGE_INVALID:
      'Het maximale aandeel per klik mag niet kleiner zijn dan het minimale.',
    DEADLINE_DAYS_INVALID: 'Geef een aantal handelsdagen van 1 tot en met 60.',
    YEARS_REQUIRED: 'Geef ten minste één leveringsjaar.',
    YEAR_DUPLICATE: 'Dit leveringsjaar staat er al.',
    PARTS_INVALID: 'De delen passen niet bij het product: gas heeft één deel, stroom piek en dal.',
    BUDGET_PRICE_INVALID: 'Budgetprijs en ondergrens moeten meer dan 0 EUR/MWh zijn.',
    BUDGET_BOUNDS_INVALID:
      'De ondergrens mag niet boven de budgetprijs liggen en de bovengrens niet eronder.',
    HEDGE_POINTS_INVALID: 'Geef 1 tot 24 punten, elk op een latere datum dan het vorige.',
    HEDGE_SHARES_INVALID:
      'Het maximum mag niet onder het minimum liggen, en het minimum niet dalen van punt tot punt.',
    VALID_UNTIL_INVALID: 'Kies een geldigheid van vandaag tot uiterlijk de klikdeadline.',
    CONTRACT_REQUIRED: 'Selecteer een contract.',
    PART_REQUIRED: 'Selecteer piek of dal.',
    YEAR_REQUIRED: 'Selecteer een jaar.',
    PERIOD_REQUIRED: 'Selecteer een periode.',
    MARKET_REQUIRED: 'Selecteer een markt (OTC of ICE).',
    DIRECTION_REQUIRED: 'Selecteer een richting.',
    ALERT_PRICE_INVALID:
      'Ongeldige prijs: meer dan 0 en minder dan 99999999 EUR/MWh, met hoogstens 4 decimalen.',
    RECIPIENT_REQUIRED: 'Selecteer ten minste één ontvanger.',
    RECIPIENT_INVALID: 'Een ontvanger is geen gebruiker van deze klant.',
    EXPIRY_REQUIRED: 'Geef een einddatum.',
    EXPIRY_INVALID: 'De einddatum ligt in het verleden.',
    SCOPES_REQUIRED: 'Kies ten minste één scope, elke scope één keer.',
    IP_ALLOW_LIST_INVALID:
      'Geef hoogstens 20 IP-adressen of bereiken in CIDR-notatie (bijvoorbeeld 198.51.100.0/24).',
    CLIENT_EXPIRY_INVALID: 'De vervaldatum moet in de toekomst liggen.',
  },
  en: {
    INVALID_CREDENTIALS: 'Invalid username and password.',
    TOO_MANY_ATTEMPTS: 'Too many failed sign-in attempts. Try again in {0} seconds.',
    SSO_FAILED: 'Single sign-on did not succeed or took too long. Please try again.',
    SSO_STATE_INVALID:
      'This single sign-on was started in another window, another browser or at another address, or took too long. Please start again.',
    UNAUTHENTICATED: 'You are not signed in (anymore). Please sign in again.',
    FORBIDDEN: 'You are not allowed to use this function.',
    NOT_FOUND: 'Not found.',
    VALIDATION_FAILED: 'The request is not valid.',
    XSRF_MISMATCH: 'The security token is missing or wrong. Please reload the page.',
    INTERNAL: 'Something went wrong. Please try again later.',
    SHUTTING_DOWN: 'The server is restarting. Please try again in a moment.',
    DATABASE_UNAVAILABLE:
      'The database cannot be reached right now. Please try again in a moment; a click you confirm again is made at most once.',
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
    SMS_NOT_SENT: 'The text message could not be sent just now. Please try again in a few minutes.',
    CLICK_NOT_PENDING: 'This transaction is not (or no longer) awaiting approval.',
    CLICK_NOT_COMPLETED: 'This transaction has not been completed; there is no confirmation.',
    VERSION_CONFLICT:
      'Someone else has changed this in the meantime. Reload it and make your change again.',
    USER_NOT_UNIQUE: 'This e-mail address already exists.',
    USERNAME_NOT_UNIQUE: 'This username already exists.',
    CUSTOMER_NAME_NOT_UNIQUE: 'A customer with this name already exists.',
    CONSULTANT_NAME_NOT_UNIQUE: 'A consultant with this name already exists.',
    CANNOT_REMOVE_SELF: 'You are not allowed to remove yourself.',
    RIGHTS_EXCEEDED: 'You cannot give anyone more rights than you have yourself.',
    CUSTOMER_INACTIVE: 'This customer has been deactivated.',
    PASSWORD_CHANGE_REQUIRED: 'Please change your password first.',
    CURRENT_PASSWORD_WRONG: 'The current password is not correct.',
    PASSWORD_NOT_CHANGED: 'Choose a password other than the current one.',
    RESET_LINK_INVALID: 'Invalid reset URL. Please request a new one.',
    RESET_FAILED: 'Password reset failed.',
    SECOND_FACTOR_REQUIRED: 'Enter the code from your authenticator app.',
    SECOND_FACTOR_INVALID: 'The code from your authenticator app is wrong or was already used.',
    SECOND_FACTOR_SETUP_REQUIRED: 'Set up an authenticator app in My account first.',
    SECOND_FACTOR_UNAVAILABLE: 'An authenticator app cannot be used here.',
    CONTRACT_ID_NOT_UNIQUE: 'A contract with this Contract-ID already exists.',
    CONTRACT_HAS_CLICKS:
      'This contract has clicks: its customer and commodity can no longer change.',
    YEAR_HAS_CLICKS: 'Year of supply {0} ({1}) has clicks; it cannot be removed.',
    VOLUME_BELOW_CLICKED:
      'The volume of {0} {1}, month {2}, cannot drop below the {3} MWh already clicked.',
    CONTRACT_CHANGED:
      'The contract has changed since your price was quoted. Please request a new price.',
    STANDING_ORDER_NOT_ACTIVE: 'This standing order is no longer active.',
    SCOPE_NOT_GRANTED: 'The access token lacks the scope {0}.',
    IP_NOT_ALLOWED: 'This API client may not be used from this address.',
    RATE_LIMITED: 'Too many requests from this API client. Try again in {0} seconds.',
    API_CLIENT_NOT_ACTIVE: 'This API client is revoked or expired.',
    NAME_REQUIRED: 'Name is required.',
    NAME_INVALID: 'Invalid name.',
    USERNAME_REQUIRED: 'Username is required.',
    USERNAME_INVALID: 'Invalid username.',
    EMAIL_REQUIRED: 'E-mail is required.',
    EMAIL_INVALID: 'Invalid e-mail address.',
    MOBILE_INVALID: 'Invalid mobile number (international, e.g. +31612345678).',
    PASSWORD_REQUIRED: 'Password is required.',
    PASSWORD_TOO_SHORT: 'The password must be at least 8 characters long.',
    PASSWORD_TOO_LONG: 'The password may be at most 20 characters long.',
    PASSWORD_TOO_COMMON: 'This password is too common. Please choose another.',
    TERMS_TEXT_REQUIRED: 'The text of the terms is required, in Dutch and in English.',
    PERCENTAGE_REQUIRED: 'Percentage is required.',
    PERCENTAGE_INVALID:
      'Invalid percentage: from 0 up to and including 100, with at most 2 decimals.',
    CONTRACT_ID_REQUIRED: 'Contract-ID is required.',
    CONTRACT_ID_INVALID:
      'Invalid Contract-ID: 3 to 40 letters, digits, - or _, starting with a letter or digit.',
    PRODUCT_REQUIRED: 'Product is required.',
    PRODUCT_INVALID: 'Invalid product (at most 100 characters).',
    VOLUME_REQUIRED: 'Volume is required.',
    VOLUME_INVALID: 'Invalid volume: 0 or more in MWh, with at most 3 decimals.',
    PRICE_REQUIRED: 'Amount per MWh is required.',
    PRICE_INVALID: 'Invalid price: 0 or more in EUR/MWh, with at most 4 decimals.',
    AMOUNT_REQUIRED: 'Amount is required.',
    AMOUNT_INVALID: 'Invalid amount: 0 or more in EUR, with at most 2 decimals.',
    PROFILE_SUM_INVALID: 'The monthly profile has 12 shares that add up to exactly 100%.',
    CLICK_SHARE_RANGE_INVALID: 'The maximum share per click cannot be below the minimum.',
    DEADLINE_DAYS_INVALID: 'Give a number of trading days from 1 to 60.',
    YEARS_REQUIRED: 'Give at least one year of supply.',
    YEAR_DUPLICATE: 'This year of supply is already there.',
    PARTS_INVALID:
      'The parts do not match the commodity: gas has one part, power Peak and Off-peak.',
    BUDGET_PRICE_INVALID: 'The budget price and lower bound must be more than 0 EUR/MWh.',
    BUDGET_BOUNDS_INVALID:
      'The lower bound may not be above the budget price, nor the upper bound below it.',
    HEDGE_POINTS_INVALID: 'Give 1 to 24 points, each on a later date than the one before.',
    HEDGE_SHARES_INVALID:
      'The maximum may not be below the minimum, nor the minimum fall from one point to the next.',
    VALID_UNTIL_INVALID: 'Choose a validity from today until the click deadline at the latest.',
    CONTRACT_REQUIRED: 'Select a contract.',
    PART_REQUIRED: 'Select peak or off-peak.',
    YEAR_REQUIRED: 'Select a year.',
    PERIOD_REQUIRED: 'Select a period.',
    MARKET_REQUIRED: 'Select a market (OTC or ICE).',
    DIRECTION_REQUIRED: 'Select a direction.',
    ALERT_PRICE_INVALID:
      'Invalid price: more than 0 and less than 99999999 EUR/MWh, with at most 4 decimals.',
    RECIPIENT_REQUIRED: 'Select at least one recipient.',
    RECIPIENT_INVALID: 'A recipient is not a user of this customer.',
    EXPIRY_REQUIRED: 'Give an expiry date.',
    EXPIRY_INVALID: 'The expiry date lies in the past.',
    SCOPES_REQUIRED: 'Choose at least one scope, each once.',
    IP_ALLOW_LIST_INVALID:
      'Give at most 20 IP addresses or ranges in CIDR notation (for example 198.51.100.0/24).',
    CLIENT_EXPIRY_INVALID: 'The expiry must lie in the future.',
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
