import { amsterdamDate, type LocalDate } from './amsterdam-time';
import type { ClickType } from './click-type';
import { COMMODITIES, type Commodity, type ContractPartName } from './contract';
import { calendarDaysLeft } from './deadline-overview';
import { Dec, fromDec, toDec, type DecimalString } from './decimal';
import { monthsOf, periodTypeOf, type Maturity } from './maturity';
import { nextClickDeadline } from './next-deadline';
import { openVolume } from './open-volume';
import { positionClickedPercentage } from './percentages';
import { clickCost, MONEY_DECIMALS, weightedAveragePrice } from './pricing';
import { isYearHistory, type YearHistoryStatus } from './year-history';

/** One contract part of a position, as the dashboard summary reads it (the API's contract part). */
export interface SummaryPart {
  name: ContractPartName;
  totalVolume: DecimalString;
  clickedVolume: DecimalString;
  /** EUR/MWh, 4 decimals; null while nothing of the part is clicked. */
  weightedAvgClickPrice: DecimalString | null;
  /** The OTC offer; its click price is today's price of the part (market + mark-up + fee). */
  offerPart: { clickPrice: DecimalString | null } | null;
}

export interface SummaryStatus extends YearHistoryStatus {
  contractParts: readonly SummaryPart[];
}

/** What the summary needs of a contract (a subset of the API's contract data). */
export interface SummaryContract {
  contractId: string;
  commodity: Commodity;
  clickType: ClickType;
  statusPerContract: {
    yearStatuses: readonly SummaryStatus[];
    quarterStatuses: readonly SummaryStatus[];
    monthStatuses: readonly SummaryStatus[];
  };
}

/** The next click deadline of a commodity's year, with the calendar days left to it. */
export interface SummaryDeadline {
  maturity: Maturity;
  closesAt: Date;
  /** The Amsterdam day of `closesAt`: the last day to click. */
  lastTradingDay: LocalDate;
  /** Calendar days from today (Amsterdam) to the last day: 0 on the day itself. */
  daysLeft: number;
}

/** Where one commodity's year of supply stands over all the customer's contracts of it. */
export interface DashboardYearSummary {
  commodity: Commodity;
  yearOfSupply: number;
  /** The contracts summarised, in the order given. */
  contractIds: string[];
  /** MWh. */
  totalVolume: DecimalString;
  fixedVolume: DecimalString;
  /** Fixed volume in percent of the total, exact (rounded once for display). */
  fixedShare: DecimalString;
  /** Volume-weighted average click price of the fixed volume, 4 decimals; null with nothing fixed. */
  averageClickPrice: DecimalString | null;
  /** EUR, 2 decimals: per part clicked volume x its average click price, rounded to cents. */
  fixedCost: DecimalString;
  openVolume: DecimalString;
  /** EUR, 2 decimals: the open volume at today's click price; null when an open part has none. */
  openValue: DecimalString | null;
  /** EUR, 2 decimals: fixed cost + open value; null when the open value is unknown. */
  expectedTotalCost: DecimalString | null;
  /** Null when nothing open can be clicked any more. */
  nextDeadline: SummaryDeadline | null;
}

interface PriceLine {
  name: ContractPartName;
  volume: DecimalString;
  price: DecimalString;
}

// The cost rule of a click (each part rounded to cents, the total their sum) applies to fixed and
// open volume alike; a price here is already a click price, so nothing is added to it.
function costOf(lines: readonly PriceLine[]): DecimalString {
  return clickCost(
    lines.map((line) => ({
      name: line.name,
      volume: line.volume,
      marketPrice: line.price,
      markUp: '0',
      transactionFees: '0',
    })),
  ).totalCost;
}

function sum(values: readonly DecimalString[]): Dec {
  return values.reduce((acc, value) => acc.plus(toDec(value)), new Dec(0));
}

interface Gathered {
  commodity: Commodity;
  yearOfSupply: number;
  contractIds: string[];
  parts: SummaryPart[];
  deadlines: { maturity: Maturity; closesAt: Date }[];
}

function withDaysLeft(deadline: { maturity: Maturity; closesAt: Date }, at: Date): SummaryDeadline {
  const lastTradingDay = amsterdamDate(deadline.closesAt);
  return { ...deadline, lastTradingDay, daysLeft: calendarDaysLeft(at, lastTradingDay) };
}

function yearSummary(gathered: Gathered, at: Date): DashboardYearSummary {
  const { parts } = gathered;
  const fixedLines = parts.flatMap((part) =>
    part.weightedAvgClickPrice === null
      ? []
      : [{ name: part.name, volume: part.clickedVolume, price: part.weightedAvgClickPrice }],
  );
  const openLines = parts
    .map((part) => ({
      name: part.name,
      volume: openVolume(part),
      price: part.offerPart?.clickPrice ?? null,
    }))
    .filter((line) => toDec(line.volume).gt(0));
  const priced = openLines.flatMap((line) =>
    line.price === null ? [] : [{ ...line, price: line.price }],
  );
  const fixedCost = costOf(fixedLines);
  const openValue = priced.length < openLines.length ? null : costOf(priced);
  const next = gathered.deadlines.reduce<Gathered['deadlines'][number] | null>(
    (earliest, deadline) =>
      earliest === null || deadline.closesAt.getTime() < earliest.closesAt.getTime()
        ? deadline
        : earliest,
    null,
  );
  return {
    commodity: gathered.commodity,
    yearOfSupply: gathered.yearOfSupply,
    contractIds: gathered.contractIds,
    totalVolume: fromDec(sum(parts.map((part) => part.totalVolume))),
    fixedVolume: fromDec(sum(parts.map((part) => part.clickedVolume))),
    fixedShare: positionClickedPercentage(parts),
    averageClickPrice: weightedAveragePrice(fixedLines),
    fixedCost,
    openVolume: fromDec(sum(openLines.map((line) => line.volume))),
    openValue,
    expectedTotalCost:
      openValue === null ? null : toDec(fixedCost).plus(toDec(openValue)).toFixed(MONEY_DECIMALS),
    nextDeadline: next && withDaysLeft(next, at),
  };
}

/**
 * The dashboard's summary per commodity and year of supply over the given contracts, at an
 * instant: power before gas, years ascending. A year's volumes, averages and prices come from the
 * year position (Y) of each contract, whose parts hold the whole year's totals; a contract's year
 * without a year position is left out. Years that are history for a contract (isYearHistory) are
 * left out for it, so a year passed everywhere is not summarised. The next deadline is the
 * earliest nextClickDeadline over the contracts, with the months open in their month positions.
 */
export function dashboardSummary(
  contracts: readonly SummaryContract[],
  at: Date,
): DashboardYearSummary[] {
  const gathered = new Map<string, Gathered>();
  for (const contract of contracts) {
    const { yearStatuses, quarterStatuses, monthStatuses } = contract.statusPerContract;
    const statuses = [...yearStatuses, ...quarterStatuses, ...monthStatuses];
    for (const year of yearStatuses) {
      const ofYear = statuses.filter((status) => status.yearOfSupply === year.yearOfSupply);
      if (isYearHistory({ clickType: contract.clickType, statuses: ofYear, at })) continue;
      const key = `${contract.commodity}/${year.yearOfSupply}`;
      const entry = gathered.get(key) ?? {
        commodity: contract.commodity,
        yearOfSupply: year.yearOfSupply,
        contractIds: [],
        parts: [],
        deadlines: [],
      };
      gathered.set(key, entry);
      entry.contractIds.push(contract.contractId);
      entry.parts.push(...year.contractParts);
      const openMonths = new Set(
        ofYear
          .filter((status) => periodTypeOf(status.maturity) === 'MONTH')
          .filter((status) => status.contractParts.some((part) => toDec(openVolume(part)).gt(0)))
          .flatMap((status) => monthsOf(status.maturity)),
      );
      const deadline = nextClickDeadline({
        clickType: contract.clickType,
        yearOfSupply: year.yearOfSupply,
        openMonths,
        at,
      });
      if (deadline) entry.deadlines.push(deadline);
    }
  }
  return [...gathered.values()]
    .sort(
      (a, b) =>
        COMMODITIES.indexOf(a.commodity) - COMMODITIES.indexOf(b.commodity) ||
        a.yearOfSupply - b.yearOfSupply,
    )
    .map((entry) => yearSummary(entry, at));
}

/** A hedge corridor in percent of a year's volume. */
export interface ShareCorridor {
  min: DecimalString;
  max: DecimalString;
}

/**
 * The corridor of several contracts' years taken together, in percent of their joint volume:
 * each contract's minimum and maximum weighted by its volume, a contract without a policy counting
 * 0..100 (it asks nothing). When every contract is within its own corridor, their joint share is
 * within this one. Null when no contract has a corridor or the joint volume is 0.
 */
export function jointCorridor(
  years: readonly { totalVolume: DecimalString; corridor: ShareCorridor | null }[],
): ShareCorridor | null {
  const volume = sum(years.map((year) => year.totalVolume));
  if (!years.some((year) => year.corridor !== null) || volume.lte(0)) return null;
  const weighted = (bound: (corridor: ShareCorridor | null) => DecimalString) =>
    fromDec(
      years
        .reduce(
          (acc, year) => acc.plus(toDec(year.totalVolume).times(toDec(bound(year.corridor)))),
          new Dec(0),
        )
        .div(volume),
    );
  return {
    min: weighted((corridor) => corridor?.min ?? '0'),
    max: weighted((corridor) => corridor?.max ?? '100'),
  };
}
