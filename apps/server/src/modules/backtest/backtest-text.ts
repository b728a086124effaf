import type { Locale, StrategyId } from '@klik/api';

/** The words of the backtest's exports in each portal language (docs/backtest.md, "Exports"). */
export interface BacktestTexts {
  documentTitle: string;
  sheet: string;
  customer: string;
  contract: string;
  yearOfSupply: string;
  window: string;
  openWindow: string;
  noWindow: string;
  volume: string;
  parameters: string;
  parameterText: (p: {
    trancheSchedule: string;
    limitDays: number;
    limitShare: number;
    reference: string;
  }) => string;
  strategies: Record<StrategyId, string>;
  unavailable: Record<'NO_POLICY' | 'NO_HISTORY', string>;
  columns: {
    strategy: string;
    unavailable: string;
    clickCount: string;
    volume: string;
    totalCost: string;
    averagePrice: string;
    resultAgainstActual: string;
    resultAgainstActualPerMwh: string;
  };
  attribution: string;
  attributionSheet: string;
  attributionParts: { total: string; timing: string; volume: string; margin: string };
  noAttribution: string;
  twelveMonth: string;
  twelveMonthText: (average: string, high: string, low: string) => string;
  bestDay: string;
  worstDay: string;
  spread: string;
  chart: string;
  none: string;
  note: string;
}

export const BACKTEST_TEXTS: Record<Locale, BacktestTexts> = {
  nl: {
    documentTitle: 'Terugblik inkoopstrategie',
    sheet: 'Strategieën',
    customer: 'Klant',
    contract: 'Contract',
    yearOfSupply: 'Leveringsjaar',
    window: 'Periode',
    openWindow: '(nog open: de rest tegen de prijs van vandaag)',
    noWindow: 'geen prijshistorie',
    volume: 'Volume',
    parameters: 'Instellingen',
    parameterText: (p) =>
      `tranches ${p.trancheSchedule === 'MONTHLY' ? 'per maand' : 'per kwartaal'}, limiet onder ` +
      `het ${p.limitDays}-daags gemiddelde met ${p.limitShare}% per klik, referentie ${p.reference}`,
    strategies: {
      ACTUAL: 'Uw klikken',
      CORRIDOR_LOWER: 'Afdekbeleid ondergrens',
      CORRIDOR_MIDDLE: 'Afdekbeleid midden',
      CORRIDOR_UPPER: 'Afdekbeleid bovengrens',
      EQUAL_TRANCHES: 'Gelijke tranches',
      FIRST_DAY: 'Alles op de eerste dag',
      LAST_DAY: 'Alles op de laatste dag',
      LIMIT_BELOW_AVERAGE: 'Limiet onder het gemiddelde',
    },
    unavailable: { NO_POLICY: 'geen afdekbeleid', NO_HISTORY: 'geen prijshistorie' },
    columns: {
      strategy: 'Strategie',
      unavailable: 'Niet beschikbaar',
      clickCount: 'Klikken',
      volume: 'Volume (MWh)',
      totalCost: 'Totale kosten (EUR)',
      averagePrice: 'Gemiddelde prijs (EUR/MWh)',
      resultAgainstActual: 'Verschil met uw klikken (EUR)',
      resultAgainstActualPerMwh: 'Verschil met uw klikken (EUR/MWh)',
    },
    attribution: 'Verklaring van het verschil met de referentie',
    attributionSheet: 'Verklaring',
    attributionParts: {
      total: 'Totaal (uw klikken − referentie)',
      timing: 'Timing binnen de maand',
      volume: 'Verdeling over de maanden',
      margin: 'Opslag en kosten',
    },
    noAttribution: 'Niet te berekenen: uw klikken of de referentie ontbreken.',
    twelveMonth: '12-maands klikprijs',
    twelveMonthText: (average, high, low) => `gemiddeld ${average}, hoog ${high}, laag ${low}`,
    bestDay: 'Beste dag (alles)',
    worstDay: 'Slechtste dag (alles)',
    spread: 'Verschil beste en slechtste dag',
    chart: 'Klikprijs van het jaar (EUR/MWh)',
    none: '–',
    note: 'Een terugblik met de prijzen van toen; geen voorspelling. Dagen zijn kalenderdagen in Amsterdam.',
  },
  en: {
    documentTitle: 'Purchasing strategy replay',
    sheet: 'Strategies',
    customer: 'Customer',
    contract: 'Contract',
    yearOfSupply: 'Year of supply',
    window: 'Window',
    openWindow: "(still open: the rest at today's price)",
    noWindow: 'no price history',
    volume: 'Volume',
    parameters: 'Parameters',
    parameterText: (p) =>
      `${p.trancheSchedule === 'MONTHLY' ? 'monthly' : 'quarterly'} tranches, limit below the ` +
      `${p.limitDays}-day average with ${p.limitShare}% a click, reference ${p.reference}`,
    strategies: {
      ACTUAL: 'Your clicks',
      CORRIDOR_LOWER: 'Hedge policy lower bound',
      CORRIDOR_MIDDLE: 'Hedge policy middle',
      CORRIDOR_UPPER: 'Hedge policy upper bound',
      EQUAL_TRANCHES: 'Equal tranches',
      FIRST_DAY: 'All on the first day',
      LAST_DAY: 'All on the last day',
      LIMIT_BELOW_AVERAGE: 'Limit below the average',
    },
    unavailable: { NO_POLICY: 'no hedge policy', NO_HISTORY: 'no price history' },
    columns: {
      strategy: 'Strategy',
      unavailable: 'Unavailable',
      clickCount: 'Clicks',
      volume: 'Volume (MWh)',
      totalCost: 'Total cost (EUR)',
      averagePrice: 'Average price (EUR/MWh)',
      resultAgainstActual: 'Against your clicks (EUR)',
      resultAgainstActualPerMwh: 'Against your clicks (EUR/MWh)',
    },
    attribution: 'The difference with the reference explained',
    attributionSheet: 'Attribution',
    attributionParts: {
      total: 'Total (your clicks − reference)',
      timing: 'Timing within the month',
      volume: 'Spread over the months',
      margin: 'Mark-up and fees',
    },
    noAttribution: 'Cannot be computed: your clicks or the reference are missing.',
    twelveMonth: '12-month click price',
    twelveMonthText: (average, high, low) => `average ${average}, high ${high}, low ${low}`,
    bestDay: 'Best day (everything)',
    worstDay: 'Worst day (everything)',
    spread: 'Best to worst day',
    chart: "The year's click price (EUR/MWh)",
    none: '–',
    note: 'A look back at the prices of the time, not a forecast. Days are Amsterdam calendar days.',
  },
};
