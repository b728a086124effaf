import { describe, expect, it } from 'vitest';
import { TpiFilterSchema, tpiCockpit } from './tpi-filter';
import type { TpiCustomerData, TpiSummary } from './tpi.schemas';

const AT = new Date('2026-11-23T10:00:00Z');

function year(
  yearOfSupply: number,
  clickedPercentage: string,
  closesAt: string | null,
  pendingApprovals = 0,
): TpiSummary {
  return {
    contractId: 'X',
    id: 1,
    yearOfSupply,
    clickedPercentage,
    weightedAvgGasClickPrice: null,
    weightedAvgPeakClickPrice: null,
    weightedAvgOffPeakClickPrice: null,
    openVolume: '0',
    parts: [],
    nextDeadline: closesAt === null ? null : { maturity: 'Y', closesAt },
    pendingApprovals,
    budgetPosition: null,
  };
}

function customer(
  customerId: number,
  customerName: string,
  commodity: 'Power' | 'Gas',
  years: TpiSummary[],
): TpiCustomerData {
  return {
    customerId,
    customerName,
    contracts: [
      { contractId: `KL-${customerId}`, commodity, product: 'p', clickType: null, years },
    ],
  };
}

const BOOK = [
  customer(1, 'Bakkerij', 'Gas', [
    year(2027, '80', '2026-12-31T15:00:00.000Z'),
    year(2028, '5', '2027-12-31T15:00:00.000Z', 2),
  ]),
  customer(2, 'Apotheek', 'Power', [year(2027, '40', '2026-11-30T15:00:00.000Z', 1)]),
  customer(3, 'Constructie', 'Power', []),
];

const names = (filter: Record<string, string>) =>
  tpiCockpit(BOOK, TpiFilterSchema.parse(filter), AT).map((view) => view.customerName);

describe('the TPI cockpit filter', () => {
  it('orders by name by default, and by a figure with customers lacking it last', () => {
    expect(names({})).toEqual(['Apotheek', 'Bakkerij', 'Constructie']);
    expect(names({ sort: 'clicked' })).toEqual(['Bakkerij', 'Apotheek', 'Constructie']);
    expect(names({ sort: '-pending' })).toEqual(['Bakkerij', 'Apotheek', 'Constructie']);
    expect(names({ sort: 'deadline' })).toEqual(['Apotheek', 'Bakkerij', 'Constructie']);
  });

  it('keeps only customers with a line that passes, and only those lines', () => {
    expect(names({ commodity: 'Gas' })).toEqual(['Bakkerij']);
    expect(names({ year: '2027' })).toEqual(['Apotheek', 'Bakkerij']);
    // Behind on hedging: clicked below the level (strictly).
    const behind = tpiCockpit(BOOK, TpiFilterSchema.parse({ behind: '40' }), AT);
    expect(behind.map((view) => [view.customerName, view.lines.length])).toEqual([['Bakkerij', 1]]);
    expect(behind[0]?.lowestClickedPercentage).toBe('5');
    // 30 November 16:00 is 7 days and 5 hours after 23 November 11:00.
    expect(names({ deadlineDays: '7' })).toEqual([]);
    expect(names({ deadlineDays: '8' })).toEqual(['Apotheek']);
  });

  it('refuses levels and days out of range', () => {
    expect(TpiFilterSchema.safeParse({ behind: '0' }).success).toBe(false);
    expect(TpiFilterSchema.safeParse({ deadlineDays: '-1' }).success).toBe(false);
    expect(TpiFilterSchema.safeParse({ sort: 'name' }).success).toBe(false);
  });
});
