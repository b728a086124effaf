import { z } from 'zod';
import { toDec } from '@klik/domain';
import { SortParamSchema } from './admin.schemas';
import { WholeNumberParamSchema, YearOfSupplyParamSchema } from './bounded.schemas';
import { CommoditySchema } from './positions.schemas';
import { PercentageInputSchema } from './purchase.schemas';
import type { TpiContract, TpiCustomerData, TpiSummary } from './tpi.schemas';

/*
 * The cockpit's filters and order (docs/tpi.md), one definition for the screen (the address bar)
 * and the server's export, so a file holds exactly the rows the screen shows.
 */

export const TPI_SORT_FIELDS = ['customer', 'clicked', 'deadline', 'pending'] as const;
export type TpiSortField = (typeof TPI_SORT_FIELDS)[number];

export const TpiFilterSchema = z.object({
  commodity: CommoditySchema.optional(),
  year: YearOfSupplyParamSchema.optional(),
  /** Behind on hedging: only contract years clicked less than this percentage. */
  behind: PercentageInputSchema.optional(),
  /** Only contract years whose next click deadline falls within this many days. */
  deadlineDays: WholeNumberParamSchema(0, 3660).optional(),
  sort: SortParamSchema(TPI_SORT_FIELDS).optional(),
});
export type TpiFilter = z.infer<typeof TpiFilterSchema>;

export const TpiExportQuerySchema = TpiFilterSchema.extend({
  format: z.enum(['csv', 'xlsx']).default('csv'),
});
export type TpiExportQuery = z.infer<typeof TpiExportQuerySchema>;

/** One contract in one year of supply, as a line of the cockpit. */
export interface TpiLine {
  contract: TpiContract;
  summary: TpiSummary;
}

/** A customer as the cockpit shows it: the lines that pass the filter and their headline figures. */
export interface TpiCustomerView {
  customerId: number;
  customerName: string;
  lines: TpiLine[];
  /** The least clicked line's percentage; null without lines. */
  lowestClickedPercentage: string | null;
  /** The earliest next deadline of the lines (ISO instant); null when none is ahead. */
  nearestDeadline: string | null;
  pendingApprovals: number;
}

const DAY_MS = 86_400_000;

function passes(line: TpiLine, filter: TpiFilter, at: Date): boolean {
  if (filter.commodity !== undefined && line.contract.commodity !== filter.commodity) return false;
  if (filter.year !== undefined && line.summary.yearOfSupply !== filter.year) return false;
  if (
    filter.behind !== undefined &&
    !toDec(line.summary.clickedPercentage).lt(toDec(filter.behind))
  ) {
    return false;
  }
  if (filter.deadlineDays !== undefined) {
    const deadline = line.summary.nextDeadline;
    if (deadline === null) return false;
    if (Date.parse(deadline.closesAt) - at.getTime() > filter.deadlineDays * DAY_MS) return false;
  }
  return true;
}

function isFiltering(filter: TpiFilter): boolean {
  return (
    filter.commodity !== undefined ||
    filter.year !== undefined ||
    filter.behind !== undefined ||
    filter.deadlineDays !== undefined
  );
}

/** A customer's lines that pass the filter, with its headline figures. */
export function viewOfCustomer(
  customer: TpiCustomerData,
  filter: TpiFilter,
  at: Date,
): TpiCustomerView {
  const lines = customer.contracts.flatMap((contract) =>
    contract.years
      .map((summary) => ({ contract, summary }))
      .filter((line) => passes(line, filter, at)),
  );
  let lowest: string | null = null;
  let nearest: string | null = null;
  let pending = 0;
  for (const { summary } of lines) {
    if (lowest === null || toDec(summary.clickedPercentage).lt(toDec(lowest))) {
      lowest = summary.clickedPercentage;
    }
    const closesAt = summary.nextDeadline?.closesAt ?? null;
    if (closesAt !== null && (nearest === null || Date.parse(closesAt) < Date.parse(nearest))) {
      nearest = closesAt;
    }
    pending += summary.pendingApprovals;
  }
  return {
    customerId: customer.customerId,
    customerName: customer.customerName,
    lines,
    lowestClickedPercentage: lowest,
    nearestDeadline: nearest,
    pendingApprovals: pending,
  };
}

/** Whether a customer's view stays in the list: with a filter on, only with a passing line. */
export function showsCustomer(view: TpiCustomerView, filter: TpiFilter): boolean {
  return !isFiltering(filter) || view.lines.length > 0;
}

type Key = number | string | null;

function keyOf(view: TpiCustomerView, field: TpiSortField): Key {
  switch (field) {
    case 'customer':
      return view.customerName.toLocaleLowerCase('nl');
    case 'clicked':
      return view.lowestClickedPercentage === null ? null : Number(view.lowestClickedPercentage);
    case 'deadline':
      return view.nearestDeadline === null ? null : Date.parse(view.nearestDeadline);
    case 'pending':
      return view.pendingApprovals;
  }
}

/**
 * Orders customer views by a sort parameter ('field' ascending, '-field' descending; by name
 * when none). Views without the figure (no lines, no deadline) go last either way; equal ones
 * keep name order.
 */
export function compareTpiViews(sort: string | undefined) {
  const descending = sort?.startsWith('-') ?? false;
  const field = (sort?.replace(/^-/, '') ?? 'customer') as TpiSortField;
  return (a: TpiCustomerView, b: TpiCustomerView): number => {
    const x = keyOf(a, field);
    const y = keyOf(b, field);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      const order = x < y ? -1 : 1;
      return descending ? -order : order;
    }
    return a.customerName.localeCompare(b.customerName, 'nl') || a.customerId - b.customerId;
  };
}

/** The cockpit's customers as shown: filtered and ordered. */
export function tpiCockpit(
  customers: readonly TpiCustomerData[],
  filter: TpiFilter,
  at: Date,
): TpiCustomerView[] {
  return customers
    .map((customer) => viewOfCustomer(customer, filter, at))
    .filter((view) => showsCustomer(view, filter))
    .sort(compareTpiViews(filter.sort));
}
