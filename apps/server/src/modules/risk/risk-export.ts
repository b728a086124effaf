import type { CostDistribution, CustomerRisk, Locale, StressScenarioId } from '@klik/api';
import { csvField, xlsxSheetsOf, type Cell } from '../clicks/click-export';

/*
 * The risk figures as a file (docs/risk.md), headed in the language asked for, in two tables:
 * the distribution (one row per commodity and year of supply and one for the whole book) and the
 * mark-to-market (one row per contract, year and part). The tables have different columns, so
 * XLSX gives each a sheet; CSV, which has no sheets, writes the second below the first after an
 * empty line, as a spreadsheet opening the file shows two tables. RFC 4180 with '.' decimals as
 * the click export.
 */

const COLUMNS = {
  nl: [
    'Commodity',
    'Leveringsjaar',
    'Contracten',
    'Totaal volume (MWh)',
    'Open volume (MWh)',
    'Vaste kosten (EUR)',
    'Verwachte kosten (EUR)',
    'Gemiddelde (EUR)',
    'P5 (EUR)',
    'P50 (EUR)',
    'P95 (EUR)',
    'Cost-at-risk (EUR)',
    'Gemiddelde prijs bij P95 (EUR/MWh)',
    'Bovengrens budget (EUR/MWh)',
    'Kans boven bovengrens (%)',
    'Stress +50% (EUR)',
    'Stress +100% (EUR)',
    'Stress -30% (EUR)',
    'Stress 2021-22 (EUR)',
    'Horizon (dagen)',
  ],
  en: [
    'Commodity',
    'Year of supply',
    'Contracts',
    'Total volume (MWh)',
    'Open volume (MWh)',
    'Fixed cost (EUR)',
    'Expected cost (EUR)',
    'Mean (EUR)',
    'P5 (EUR)',
    'P50 (EUR)',
    'P95 (EUR)',
    'Cost-at-risk (EUR)',
    'Average price at P95 (EUR/MWh)',
    'Budget upper band (EUR/MWh)',
    'Probability above the band (%)',
    'Stress +50% (EUR)',
    'Stress +100% (EUR)',
    'Stress -30% (EUR)',
    'Stress 2021-22 (EUR)',
    'Horizon (days)',
  ],
} as const satisfies Record<Locale, readonly string[]>;

const MARK_TO_MARKET_COLUMNS = {
  nl: [
    'Commodity',
    'Contract',
    'Leveringsjaar',
    'Deel',
    'Geklikt volume (MWh)',
    'Gemiddelde klikprijs (EUR/MWh)',
    'Klikprijs vandaag (EUR/MWh)',
    'Resultaat klikken (EUR)',
    'Resultaat klikken (EUR/MWh)',
    'Open volume (MWh)',
    'Waarde open volume vandaag (EUR)',
  ],
  en: [
    'Commodity',
    'Contract',
    'Year of supply',
    'Part',
    'Clicked volume (MWh)',
    'Average click price (EUR/MWh)',
    'Click price today (EUR/MWh)',
    'Result of the clicks (EUR)',
    'Result of the clicks (EUR/MWh)',
    'Open volume (MWh)',
    "Open volume at today's price (EUR)",
  ],
} as const satisfies Record<Locale, readonly string[]>;

const SHEETS = {
  nl: { figures: 'Risico', markToMarket: 'Marktwaarde' },
  en: { figures: 'Risk', markToMarket: 'Mark-to-market' },
} as const satisfies Record<Locale, Record<'figures' | 'markToMarket', string>>;

const BOOK = { nl: 'Totaal', en: 'Book' } as const;
const SCENARIOS: readonly StressScenarioId[] = [
  'PLUS_50',
  'PLUS_100',
  'MINUS_30',
  'CRISIS_2021_22',
];

const text = (value: string | null): Cell => (value === null ? null : { text: value });
const number = (value: string | number | null | undefined): Cell =>
  value == null ? null : { number: String(value) };

function figureCells(figures: CostDistribution | null): Cell[] {
  return [
    number(figures?.expectedCost),
    number(figures?.mean),
    number(figures?.p5),
    number(figures?.p50),
    number(figures?.p95),
    number(figures?.costAtRisk),
    number(figures?.averagePriceP95),
    number(figures?.upperBand),
    number(figures?.probabilityAboveBand),
    ...SCENARIOS.map((scenario) =>
      number(figures?.stress.find((one) => one.scenario === scenario)?.totalCost),
    ),
  ];
}

function rowsOf(risk: CustomerRisk, locale: Locale): Cell[][] {
  const years = risk.years.map((year) => [
    text(year.commodity),
    number(year.yearOfSupply),
    text(year.contractIds.join(' ')),
    number(year.totalVolume),
    number(year.openVolume),
    number(year.fixedCost),
    ...figureCells(year.distribution),
    number(year.horizonDays),
  ]);
  if (risk.book === null) return years;
  return [
    ...years,
    [text(BOOK[locale]), null, null, null, null, null, ...figureCells(risk.book), null],
  ];
}

function markToMarketRowsOf(risk: CustomerRisk): Cell[][] {
  return risk.years.flatMap((year) =>
    year.markToMarket.map((part) => [
      text(year.commodity),
      text(part.contractId),
      number(part.yearOfSupply),
      text(part.part),
      number(part.clickedVolume),
      number(part.averageClickPrice),
      number(part.todayClickPrice),
      number(part.result),
      number(part.resultPerMwh),
      number(part.openVolume),
      number(part.openValue),
    ]),
  );
}

function csvLines(columns: readonly string[], rows: readonly Cell[][]): string[] {
  return [
    columns.map((column) => csvField({ text: column })).join(','),
    ...rows.map((row) => row.map(csvField).join(',')),
  ];
}

export function riskCsv(risk: CustomerRisk, locale: Locale): string {
  const lines = [
    ...csvLines(COLUMNS[locale], rowsOf(risk, locale)),
    '',
    ...csvLines(MARK_TO_MARKET_COLUMNS[locale], markToMarketRowsOf(risk)),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

export function riskXlsx(risk: CustomerRisk, locale: Locale): Promise<Buffer> {
  return xlsxSheetsOf([
    { sheet: SHEETS[locale].figures, columns: COLUMNS[locale], rows: rowsOf(risk, locale) },
    {
      sheet: SHEETS[locale].markToMarket,
      columns: MARK_TO_MARKET_COLUMNS[locale],
      rows: markToMarketRowsOf(risk),
    },
  ]);
}
