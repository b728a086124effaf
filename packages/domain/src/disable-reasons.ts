/** Why a position cannot be clicked. */
export const DISABLE_CLICK_REASONS = [
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
  'DC_37',
] as const;
export type DisableClickReason = (typeof DISABLE_CLICK_REASONS)[number];

export type DomainLocale = 'nl' | 'en';

/**
 * The reason texts in both languages. The English texts are the spec's own; DC_35's spec text is
 * only "paused", so it is written out as a sentence like the others.
 */
export const DISABLE_CLICK_REASON_TEXTS: Readonly<
  Record<DisableClickReason, Readonly<Record<DomainLocale, string>>>
> = {
  DC_10: { en: 'No click available', nl: 'Geen klik beschikbaar' },
  DC_11: {
    en: 'Peak or Off Peak part already closed',
    nl: 'Peak- of off-peakdeel is al gesloten',
  },
  DC_12: { en: 'No open volume', nl: 'Geen open volume' },
  DC_21: {
    en: 'Click deadline expired for this period',
    nl: 'Klikdeadline voor deze periode is verstreken',
  },
  DC_22: { en: 'Currently no click available', nl: 'Momenteel geen klik beschikbaar' },
  DC_23: {
    en: 'No price available yet for this period',
    nl: 'Nog geen prijs beschikbaar voor deze periode',
  },
  DC_31: {
    en: 'Transaction still pending for this period',
    nl: 'Transactie voor deze periode is nog in behandeling',
  },
  DC_34: { en: 'User is not click authorized', nl: 'Gebruiker is niet bevoegd om te klikken' },
  DC_35: { en: 'Clicking is paused', nl: 'Klikken is gepauzeerd' },
  DC_36: { en: 'Click window is closed', nl: 'Klikvenster is gesloten' },
  DC_37: { en: 'Data is loading', nl: 'Gegevens worden geladen' },
};

/** Whether a text is one of the DC_ codes. */
export function isDisableClickReason(value: string): value is DisableClickReason {
  return (DISABLE_CLICK_REASONS as readonly string[]).includes(value);
}

/** The text of a reason in a locale (nl by default, as the portal). */
export function disableClickReasonText(
  reason: DisableClickReason,
  locale: DomainLocale = 'nl',
): string {
  return DISABLE_CLICK_REASON_TEXTS[reason][locale];
}
