import type { TpiCustomerView, TpiRisk } from '@klik/api';
import { csvField, xlsxOf, type Cell } from '../clicks/click-export';

/**
 * Column headings of both exports, one row per customer, contract and year of supply. The last
 * three are the customer's risk figures (the ranking's, docs/risk.md), the same on each of its
 * rows; they come last so the columns before them keep their places for existing readers.
 */
export const TPI_EXPORT_COLUMNS = [
  'customerId',
  'customer',
  'contractId',
  'commodity',
  'product',
  'yearOfSupply',
  'clickedPercentage',
  'weightedAvgGasClickPrice',
  'weightedAvgPeakClickPrice',
  'weightedAvgOffPeakClickPrice',
  'openVolumeMWh',
  'currentGasClickPrice',
  'currentPeakClickPrice',
  'currentOffPeakClickPrice',
  'nextDeadlineMaturity',
  'nextDeadline',
  'pendingApprovals',
  'budgetPosition',
  'costAtRisk',
  'probabilityAboveBand',
  'behindHedgePolicy',
] as const;

function rowsOf(views: readonly TpiCustomerView[], risks: Map<number, TpiRisk>): Cell[][] {
  const text = (value: string | null): Cell => (value === null ? null : { text: value });
  const number = (value: string | number | null): Cell =>
    value === null ? null : { number: String(value) };
  return views.flatMap((view) => {
    const risk = risks.get(view.customerId);
    return view.lines.map(({ contract, summary }) => {
      const current = (name: string) =>
        summary.parts.find((part) => part.name === name)?.currentClickPrice ?? null;
      return [
        number(view.customerId),
        text(view.customerName),
        text(contract.contractId),
        text(contract.commodity),
        text(contract.product),
        number(summary.yearOfSupply),
        number(summary.clickedPercentage),
        number(summary.weightedAvgGasClickPrice),
        number(summary.weightedAvgPeakClickPrice),
        number(summary.weightedAvgOffPeakClickPrice),
        number(summary.openVolume),
        number(current('Gas')),
        number(current('Peak')),
        number(current('OffPeak')),
        text(summary.nextDeadline?.maturity ?? null),
        text(summary.nextDeadline?.closesAt ?? null),
        number(summary.pendingApprovals),
        number(summary.budgetPosition),
        number(risk?.costAtRisk ?? null),
        number(risk?.probabilityAboveBand ?? null),
        number(risk?.behindHedgePolicy ?? null),
      ];
    });
  });
}

/** RFC 4180 CSV like the click export: '.' decimals, ISO instants, formulas defused. */
export function tpiCsv(views: readonly TpiCustomerView[], risks: Map<number, TpiRisk>): string {
  const lines = [TPI_EXPORT_COLUMNS.join(',')];
  for (const row of rowsOf(views, risks)) lines.push(row.map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** The same rows as an XLSX workbook (write-excel-file, as the click export). */
export function tpiXlsx(
  views: readonly TpiCustomerView[],
  risks: Map<number, TpiRisk>,
): Promise<Buffer> {
  return xlsxOf(TPI_EXPORT_COLUMNS, rowsOf(views, risks), 'TPI');
}
