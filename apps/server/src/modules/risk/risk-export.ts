import type { CostDistribution, CustomerRisk, Locale, StressScenarioId } from '@klik/api';
import { csvField, xlsxOf, type Cell } from '../clicks/click-export';

/*
 * The risk figures as a file (docs/risk.md): one row per commodity and year of supply and one
 * for the whole book, headed in the language asked for. RFC 4180 CSV with '.' decimals as the
 * click export, or XLSX through the same writer.
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

export function riskCsv(risk: CustomerRisk, locale: Locale): string {
  const lines = [COLUMNS[locale].map((column) => csvField({ text: column })).join(',')];
  for (const row of rowsOf(risk, locale)) lines.push(row.map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function riskXlsx(risk: CustomerRisk, locale: Locale): Promise<Buffer> {
  return xlsxOf(COLUMNS[locale], rowsOf(risk, locale), locale === 'nl' ? 'Risico' : 'Risk');
}
