import { describe, expect, it } from 'vitest';
import type { ClickType } from './click-type';
import type { Commodity } from './contract';
import {
  dashboardSummary,
  jointCorridor,
  type SummaryContract,
  type SummaryPart,
  type SummaryStatus,
} from './dashboard-summary';
import type { DisableClickReason } from './disable-reasons';
import { MATURITIES, periodTypeOf, type Maturity } from './maturity';

function part(
  name: SummaryPart['name'],
  totalVolume: string,
  clickedVolume: string,
  weightedAvgClickPrice: string | null,
  clickPrice: string | null,
): SummaryPart {
  return {
    name,
    totalVolume,
    clickedVolume,
    weightedAvgClickPrice,
    offerPart: { clickPrice },
  };
}

interface YearInput {
  yearOfSupply: number;
  /** The year position's parts: the whole year's totals. */
  parts: SummaryPart[];
  /** Months whose positions still have open volume; all by default. */
  openMonths?: readonly number[];
  reason?: (maturity: Maturity) => DisableClickReason | null;
}

// Every maturity of every year, as the server sends them; a month is open or fully clicked.
function contract(
  contractId: string,
  commodity: Commodity,
  clickType: ClickType,
  years: YearInput[],
): SummaryContract {
  const statuses: SummaryStatus[] = years.flatMap((year) =>
    MATURITIES.map((maturity) => {
      const reason = year.reason?.(maturity) ?? null;
      const month = Number(maturity.slice(1));
      const open = year.openMonths?.includes(month) ?? true;
      return {
        maturity,
        yearOfSupply: year.yearOfSupply,
        clickable: reason === null,
        disableClickReason: reason,
        contractParts:
          maturity === 'Y'
            ? year.parts
            : year.parts.map((p) => ({ ...p, clickedVolume: open ? '0' : p.totalVolume })),
      };
    }),
  );
  const of = (type: string) => statuses.filter((s) => periodTypeOf(s.maturity) === type);
  return {
    contractId,
    commodity,
    clickType,
    statusPerContract: {
      yearStatuses: of('YEAR'),
      quarterStatuses: of('QUARTER'),
      monthStatuses: of('MONTH'),
    },
  };
}

// Friday 20 November 2026, 10:00 in Amsterdam (docs/domain.md, "Dashboard summary").
const at = new Date('2026-11-20T09:00:00Z');

const power = contract('KL-1', 'Power', 'ALL', [
  {
    yearOfSupply: 2027,
    parts: [
      part('Peak', '1000', '400', '80.5', '86.7675'),
      part('OffPeak', '2000', '200', '65', '71.6125'),
    ],
  },
  {
    yearOfSupply: 2028,
    parts: [part('Peak', '1000', '250', '82', '88.1'), part('OffPeak', '500', '0', null, null)],
  },
]);
const gas = contract('KL-2', 'Gas', 'ALL', [
  { yearOfSupply: 2027, parts: [part('Gas', '1200', '0', null, '86.7675')] },
]);

describe('dashboardSummary: the examples of docs/domain.md', () => {
  const [power2027, power2028, gas2027] = dashboardSummary([gas, power], at);

  it('1. power partly clicked: share, average, fixed cost, open value and the expected total', () => {
    expect(power2027).toEqual({
      commodity: 'Power',
      yearOfSupply: 2027,
      contractIds: ['KL-1'],
      totalVolume: '3000',
      fixedVolume: '600',
      fixedShare: '20',
      averageClickPrice: '75.3333',
      fixedCost: '45200.00',
      openVolume: '2400',
      openValue: '180963.00',
      expectedTotalCost: '226163.00',
      nextDeadline: {
        maturity: 'Y',
        closesAt: new Date('2026-12-31T15:00:00Z'),
        lastTradingDay: '2026-12-31',
        daysLeft: 41,
      },
    });
  });

  it('2. gas with nothing clicked: no average, everything open at today’s price', () => {
    expect(gas2027).toMatchObject({
      commodity: 'Gas',
      yearOfSupply: 2027,
      fixedShare: '0',
      averageClickPrice: null,
      fixedCost: '0.00',
      openVolume: '1200',
      openValue: '104121.00',
      expectedTotalCost: '104121.00',
    });
  });

  it('3. a part with open volume and no price: the open value and the total are unknown', () => {
    expect(power2028).toMatchObject({
      yearOfSupply: 2028,
      fixedShare: '16.66666666666666666666666666666666666667',
      averageClickPrice: '82',
      fixedCost: '20500.00',
      openVolume: '1250',
      openValue: null,
      expectedTotalCost: null,
      nextDeadline: { maturity: 'Y', lastTradingDay: '2027-12-31', daysLeft: 406 },
    });
  });
});

describe('dashboardSummary', () => {
  it('adds up the contracts of a commodity and year and takes their earliest deadline', () => {
    // 10 February 2027: Y, Q1, M1 and M2 of 2027 are past; M3 closes on 26 February.
    const feb = new Date('2027-02-10T10:00:00Z');
    const quarters = contract('KL-3', 'Gas', 'QUARTER', [
      { yearOfSupply: 2027, parts: [part('Gas', '1000', '500', '60', '40')] },
    ]);
    const months = contract('KL-4', 'Gas', 'MONTH', [
      {
        yearOfSupply: 2027,
        parts: [part('Gas', '3000', '500', '90', '40')],
        openMonths: [3, 4],
      },
    ]);
    const [summary] = dashboardSummary([quarters, months], feb);
    expect(summary).toMatchObject({
      contractIds: ['KL-3', 'KL-4'],
      totalVolume: '4000',
      fixedShare: '25',
      // (500 x 60 + 500 x 90) / 1000
      averageClickPrice: '75',
      fixedCost: '75000.00',
      openVolume: '3000',
      openValue: '120000.00',
      expectedTotalCost: '195000.00',
      nextDeadline: { maturity: 'M3', lastTradingDay: '2027-02-26', daysLeft: 16 },
    });
    expect(dashboardSummary([months, quarters], feb)[0]?.nextDeadline?.maturity).toBe('M3');
    const [alone] = dashboardSummary([quarters], feb);
    expect(alone?.nextDeadline).toMatchObject({ maturity: 'Q2', lastTradingDay: '2027-03-31' });
  });

  it('has no next deadline when nothing open is left to click', () => {
    const closed = contract('KL-5', 'Gas', 'ALL', [
      { yearOfSupply: 2027, parts: [part('Gas', '1200', '1200', '80', null)], openMonths: [] },
    ]);
    const [summary] = dashboardSummary([closed], at);
    // A fully clicked part needs no price: nothing of it is open.
    expect(summary).toMatchObject({
      fixedShare: '100',
      openVolume: '0',
      openValue: '0.00',
      expectedTotalCost: '96000.00',
      nextDeadline: null,
    });
  });

  it('counts an open part without an offer as unpriced', () => {
    const withoutOffer = contract('KL-6', 'Gas', 'ALL', [
      { yearOfSupply: 2027, parts: [{ ...part('Gas', '100', '0', null, null), offerPart: null }] },
    ]);
    expect(dashboardSummary([withoutOffer], at)[0]?.openValue).toBeNull();
  });

  it('leaves out years that are history and answers nothing without contracts', () => {
    const old = contract('KL-7', 'Power', 'ALL', [
      {
        yearOfSupply: 2025,
        parts: [part('Peak', '10', '10', '70', null)],
        reason: () => 'DC_21',
      },
      { yearOfSupply: 2027, parts: [part('Peak', '10', '0', null, '80')] },
    ]);
    expect(dashboardSummary([old], at).map((summary) => summary.yearOfSupply)).toEqual([2027]);
    expect(dashboardSummary([], at)).toEqual([]);
  });
});

describe('jointCorridor', () => {
  it('weighs each contract’s corridor by its volume; one without a policy asks 0..100', () => {
    expect(
      jointCorridor([
        { totalVolume: '1000', corridor: { min: '30', max: '60' } },
        { totalVolume: '3000', corridor: null },
      ]),
    ).toEqual({ min: '7.5', max: '90' });
    expect(jointCorridor([{ totalVolume: '500', corridor: { min: '40', max: '80' } }])).toEqual({
      min: '40',
      max: '80',
    });
  });

  it('is null without any corridor or without volume', () => {
    expect(jointCorridor([{ totalVolume: '1000', corridor: null }])).toBeNull();
    expect(jointCorridor([{ totalVolume: '0', corridor: { min: '40', max: '80' } }])).toBeNull();
    expect(jointCorridor([])).toBeNull();
  });
});
