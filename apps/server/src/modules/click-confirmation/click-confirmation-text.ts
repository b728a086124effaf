import type { Locale } from '@klik/api';
import type { PriceSource } from '@klik/domain';

/** The words of a click confirmation in each portal language. */
export interface ConfirmationTexts {
  documentTitle: string;
  intro: string;
  filename: (clickId: number) => string;
  sections: { contract: string; prices: string; timeline: string; people: string };
  clickId: string;
  customer: string;
  contract: string;
  commodity: string;
  commodities: Record<'Power' | 'Gas', string>;
  product: string;
  period: string;
  maturityWords: (maturity: string) => string;
  market: string;
  markets: Record<'OTC' | 'ICE', string>;
  priceSource: string;
  priceSources: Record<PriceSource, string>;
  priceAt: string;
  parts: Record<'Gas' | 'Peak' | 'OffPeak', string>;
  volume: string;
  marketPrice: string;
  markUp: string;
  fees: string;
  /** Where the mark-up and fee came from (docs/margins.md). */
  margin: string;
  marginScenario: (name: string, version: number) => string;
  contractMargin: string;
  clickPrice: string;
  cost: string;
  totalCost: string;
  quoteId: string;
  quoted: string;
  quoteValidUntil: string;
  executed: string;
  approved: string;
  completed: string;
  clickedBy: string;
  automatic: string;
  impersonator: string;
  /** A click made by a standing order: which, the threshold it met and the price that did. */
  standingOrder: string;
  standingOrderRule: (id: number, triggeredBy: 'LIMIT' | 'STOP', threshold: string) => string;
  triggerPrice: string;
  triggerClickPrice: string;
  approvedBy: string;
  approvalNotRequired: string;
  none: string;
  timeZoneNote: string;
}

const MONTHS: Record<Locale, readonly string[]> = {
  nl: [
    'januari',
    'februari',
    'maart',
    'april',
    'mei',
    'juni',
    'juli',
    'augustus',
    'september',
    'oktober',
    'november',
    'december',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
};

function maturityWordsIn(locale: Locale, year: string, quarter: string) {
  return (maturity: string): string => {
    if (maturity === 'Y') return year;
    const n = Number(maturity.slice(1));
    return maturity.startsWith('Q') ? `${quarter} ${n}` : (MONTHS[locale][n - 1] ?? maturity);
  };
}

export const CONFIRMATION_TEXTS: Record<Locale, ConfirmationTexts> = {
  nl: {
    documentTitle: 'Klikbevestiging',
    intro:
      'Bevestiging van een afgeronde klik. Alle bedragen zijn zoals ze bij de klik zijn vastgelegd.',
    filename: (clickId) => `klik-bevestiging-${clickId}.pdf`,
    sections: {
      contract: 'Klant en contract',
      prices: 'Volumes en prijzen',
      timeline: 'Verloop',
      people: 'Personen',
    },
    clickId: 'Kliknummer',
    customer: 'Klant',
    contract: 'Contract',
    commodity: 'Energiesoort',
    commodities: { Power: 'Stroom', Gas: 'Gas' },
    product: 'Product',
    period: 'Periode',
    maturityWords: maturityWordsIn('nl', 'heel jaar', 'kwartaal'),
    market: 'Markt',
    markets: { OTC: 'OTC', ICE: 'ICE Endex' },
    priceSource: 'Prijsbron',
    priceSources: {
      OTC_LIVE: 'OTC-liveprijs',
      ICE_END_OF_DAY: 'ICE Endex-slotkoers (end-of-day)',
      ICE_OVERNIGHT: 'ICE Endex-nachtfixing (overnight)',
    },
    priceAt: 'Marktprijs van',
    parts: { Gas: 'Gas', Peak: 'Peak', OffPeak: 'Off-peak' },
    volume: 'Volume',
    marketPrice: 'Marktprijs',
    markUp: 'Opslag',
    fees: 'Transactiekosten',
    margin: 'Marge',
    marginScenario: (name, version) => `Margescenario ${name}, versie ${version}`,
    contractMargin: 'Eigen opslag van het contract',
    clickPrice: 'Klikprijs',
    cost: 'Kosten',
    totalCost: 'Totale kosten',
    quoteId: 'Offerte',
    quoted: 'Prijs opgevraagd',
    quoteValidUntil: 'Offerte geldig tot',
    executed: 'Bevestigd',
    approved: 'Goedgekeurd',
    completed: 'Afgerond',
    clickedBy: 'Geklikt door',
    automatic: 'Automatische klik',
    impersonator: 'Namens deze gebruiker door beheerder',
    standingOrder: 'Geklikt door staande order',
    standingOrderRule: (id, triggeredBy, threshold) =>
      `Order ${id}: ${triggeredBy === 'LIMIT' ? 'limiet' : 'stop'} ${threshold} EUR/MWh (${
        triggeredBy === 'LIMIT' ? 'klikprijs gelijk of lager' : 'klikprijs gelijk of hoger'
      })`,
    triggerPrice: 'Uitgevoerd op marktprijs',
    triggerClickPrice: 'Klikprijs bij uitvoering',
    approvedBy: 'Goedgekeurd door (vier ogen)',
    approvalNotRequired: 'Niet vereist',
    none: '–',
    timeZoneNote: 'Tijden in Nederlandse tijd (Europe/Amsterdam).',
  },
  en: {
    documentTitle: 'Click confirmation',
    intro: 'Confirmation of a completed click. All figures are as recorded with the click.',
    filename: (clickId) => `click-confirmation-${clickId}.pdf`,
    sections: {
      contract: 'Customer and contract',
      prices: 'Volumes and prices',
      timeline: 'Timeline',
      people: 'People',
    },
    clickId: 'Click number',
    customer: 'Customer',
    contract: 'Contract',
    commodity: 'Commodity',
    commodities: { Power: 'Power', Gas: 'Gas' },
    product: 'Product',
    period: 'Period',
    maturityWords: maturityWordsIn('en', 'whole year', 'quarter'),
    market: 'Market',
    markets: { OTC: 'OTC', ICE: 'ICE Endex' },
    priceSource: 'Price source',
    priceSources: {
      OTC_LIVE: 'OTC live price',
      ICE_END_OF_DAY: 'ICE Endex end-of-day settlement',
      ICE_OVERNIGHT: 'ICE Endex overnight fixing',
    },
    priceAt: 'Market price as of',
    parts: { Gas: 'Gas', Peak: 'Peak', OffPeak: 'Off-peak' },
    volume: 'Volume',
    marketPrice: 'Market price',
    markUp: 'Mark-up',
    fees: 'Transaction fees',
    margin: 'Margin',
    marginScenario: (name, version) => `Margin scenario ${name}, version ${version}`,
    contractMargin: "The contract's own mark-up",
    clickPrice: 'Click price',
    cost: 'Cost',
    totalCost: 'Total cost',
    quoteId: 'Quote',
    quoted: 'Quoted',
    quoteValidUntil: 'Quote valid until',
    executed: 'Executed',
    approved: 'Approved',
    completed: 'Completed',
    clickedBy: 'Clicked by',
    automatic: 'Automatic click',
    impersonator: 'On behalf of this user by administrator',
    standingOrder: 'Clicked by standing order',
    standingOrderRule: (id, triggeredBy, threshold) =>
      `Order ${id}: ${triggeredBy === 'LIMIT' ? 'limit' : 'stop'} ${threshold} EUR/MWh (${
        triggeredBy === 'LIMIT' ? 'click price at or below' : 'click price at or above'
      })`,
    triggerPrice: 'Executed on market price',
    triggerClickPrice: 'Click price at execution',
    approvedBy: 'Approved by (four-eyes)',
    approvalNotRequired: 'Not required',
    none: '–',
    timeZoneNote: 'Times in Amsterdam time (Europe/Amsterdam).',
  },
};

/** The number formats of each portal locale, as the web shows them: Dutch and British English. */
const INTL_LOCALES: Record<Locale, string> = { nl: 'nl-NL', en: 'en-GB' };

// The standard PDF fonts and text search both treat Intl's no-break spaces as odd characters.
const plainSpaces = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

// Intl formats a decimal string exactly (no detour through a binary float).
function number(value: string, locale: Locale, options: Intl.NumberFormatOptions): string {
  return plainSpaces(
    new Intl.NumberFormat(INTL_LOCALES[locale], options).format(value as `${number}`),
  );
}

/** Volume in MWh, to the kWh (VOLUME_DECIMALS), e.g. "1.234,5 MWh". */
export function formatVolume(value: string, locale: Locale): string {
  return `${number(value, locale, { maximumFractionDigits: 3 })} MWh`;
}

/**
 * A price in EUR/MWh with every decimal it has and at least cents: prices are exact and never
 * rounded (docs/domain.md), e.g. "€ 86,7675/MWh".
 */
export function formatPrice(value: string, locale: Locale): string {
  const decimals = value.split('.')[1]?.length ?? 0;
  const amount = number(value, locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: Math.max(2, decimals),
    maximumFractionDigits: Math.max(2, decimals),
  });
  return `${amount}/MWh`;
}

/** An amount in euros with cents (MONEY_DECIMALS), e.g. "€ 2.343,31". */
export function formatMoney(value: string, locale: Locale): string {
  return number(value, locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}

/** An instant to the second in Amsterdam time, e.g. "20-11-2026 11:00:00". */
export function formatInstant(at: Date, locale: Locale): string {
  const parts = new Intl.DateTimeFormat(INTL_LOCALES[locale], {
    dateStyle: 'short',
    timeStyle: 'medium',
    timeZone: 'Europe/Amsterdam',
  }).format(at);
  return plainSpaces(parts).replace(', ', ' ');
}
