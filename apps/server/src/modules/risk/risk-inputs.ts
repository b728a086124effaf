import {
  amsterdamDate,
  averagePrice,
  calendarDaysLeft,
  clickCost,
  COMMODITIES,
  corridorAt,
  fromDec,
  markToMarket,
  riskHorizon,
  RISK_PRODUCT_OF_PART,
  toDec,
  yearOf,
  type Commodity,
  type DecimalString,
  type RiskOpenLine,
  type RiskYearInput,
} from '@klik/domain';
import type { MarkToMarketPart } from '@klik/api';
import type { Db } from '../../db/database';
import { readContractYears, type ContractYear } from '../budgets/year-figures';
import { fixedShareOf } from '../hedge-policies/hedge-figures';
import { findOpenMonths, findPlans, findRiskContracts } from './risk.repository';

/*
 * What the risk figures of a customer are made of (docs/risk.md), read for many customers at once:
 * per commodity and year of supply the fixed cost and the open lines with today's market and
 * click prices and their horizon, the budgets' upper band, the mark-to-market per part and how
 * far behind its hedge policy each contract year is. Volumes and click prices come from the
 * budgets' year figures (the ledger and the pricing the quotes use), market prices from the
 * positions' offers (OTC year).
 */

export interface RiskGroup {
  commodity: Commodity;
  yearOfSupply: number;
  contractIds: string[];
  totalVolume: DecimalString;
  openVolume: DecimalString;
  /** The simulation's input; its lines are the open parts. */
  input: RiskYearInput;
  /** False when an open part has no price today: no distribution then. */
  priced: boolean;
  horizonDays: number | null;
  markToMarket: MarkToMarketPart[];
}

export interface CustomerInputs {
  customerId: number;
  groups: RiskGroup[];
  /** Percentage points the furthest-behind contract year is below its corridor; null without policies. */
  behindHedgePolicy: DecimalString | null;
  /** The newest quote among the prices used; null without any. */
  asOf: Date | null;
}

const DAYS_PER_YEAR = 365.25;

type Dec = ReturnType<typeof toDec>;
const ZERO = toDec('0');
const atLeastZero = (value: Dec): Dec => (value.gt(0) ? value : ZERO);

function sum(values: readonly DecimalString[]): Dec {
  return values.reduce((acc, value) => acc.plus(toDec(value)), ZERO);
}

/** Which of a customer's contracts count, and what is read of them. */
export interface RiskInputsOptions {
  /** Only the contracts on this dashboard (checked to be the customer's by the caller). */
  dashboardId?: number;
  /** False when only the distribution is asked for (the ranking): no mark-to-market is built. */
  markToMarket?: boolean;
}

/** The risk inputs of each customer asked for, at an instant. */
export async function readRiskInputs(
  db: Db,
  customerIds: readonly number[],
  at: Date,
  options: RiskInputsOptions = {},
): Promise<Map<number, CustomerInputs>> {
  const today = amsterdamDate(at);
  const thisYear = yearOf(today);
  const contracts = await findRiskContracts(db, customerIds, options.dashboardId);
  const rowIds = contracts.map((contract) => contract.contractRowId);
  const [allYears, openMonths, plans] = await Promise.all([
    readContractYears(db, rowIds, at),
    findOpenMonths(db, rowIds, thisYear),
    findPlans(db, rowIds),
  ]);
  const years = allYears.filter((year) => year.yearOfSupply >= thisYear);
  const planOf = new Map(plans.map((plan) => [`${plan.contractRowId}/${plan.yearOfSupply}`, plan]));

  const result = new Map<number, CustomerInputs>(
    customerIds.map((customerId) => [
      customerId,
      { customerId, groups: [], behindHedgePolicy: null, asOf: null },
    ]),
  );
  const groups = new Map<string, RiskGroup>();
  // Per group the budgets' upper bands with their volumes; null once a contract has none.
  const bands = new Map<RiskGroup, { volume: Dec; band: Dec }[] | null>();
  for (const year of years) {
    const customer = result.get(year.head.customerId);
    if (!customer) continue;
    const key = `${year.head.customerId}/${year.head.commodity}/${year.yearOfSupply}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        commodity: year.head.commodity,
        yearOfSupply: year.yearOfSupply,
        contractIds: [],
        totalVolume: '0',
        openVolume: '0',
        input: { fixedCost: '0', totalVolume: '0', lines: [], upperBand: null },
        priced: true,
        horizonDays: null,
        markToMarket: [],
      };
      groups.set(key, group);
      bands.set(group, []);
      customer.groups.push(group);
    }
    for (const part of year.parts) {
      const quoted = part.marketQuotedAt;
      if (quoted && (customer.asOf === null || quoted > customer.asOf)) customer.asOf = quoted;
    }
    const plan = planOf.get(`${year.head.id}/${year.yearOfSupply}`);
    addContractYear(group, year, {
      openMonths: openMonths.get(`${year.head.id}/${year.yearOfSupply}`) ?? new Set(),
      at,
      markToMarket: options.markToMarket ?? true,
    });
    const volume = sum(year.parts.map((part) => part.totalVolume));
    const banded = bands.get(group);
    if (plan?.upperBound != null && banded) {
      banded.push({ volume, band: toDec(plan.upperBound) });
    } else {
      bands.set(group, null);
    }
    if (plan?.points) {
      const behind = atLeastZero(
        toDec(corridorAt(plan.points, today).min).minus(toDec(fixedShareOf(year).fixedShare)),
      );
      const before = customer.behindHedgePolicy;
      if (before === null || behind.gt(toDec(before))) customer.behindHedgePolicy = fromDec(behind);
    }
  }
  for (const [group, banded] of bands) {
    const volume = toDec(group.totalVolume);
    group.input = {
      ...group.input,
      totalVolume: group.totalVolume,
      // The volume-weighted upper band, half-up to 4 decimals, when every contract has a budget.
      upperBand:
        banded && banded.length > 0 && volume.gt(0)
          ? fromDec(
              banded
                .reduce((acc, one) => acc.plus(one.volume.times(one.band)), ZERO)
                .div(volume)
                .toDecimalPlaces(4),
            )
          : null,
    };
  }
  for (const customer of result.values()) {
    customer.groups.sort(
      (a, b) =>
        COMMODITIES.indexOf(a.commodity) - COMMODITIES.indexOf(b.commodity) ||
        a.yearOfSupply - b.yearOfSupply,
    );
  }
  return result;
}

function addContractYear(
  group: RiskGroup,
  year: ContractYear,
  context: { openMonths: ReadonlySet<number>; at: Date; markToMarket: boolean },
): void {
  const { head } = year;
  group.contractIds.push(head.contractId);
  const horizon = riskHorizon({
    clickType: head.clickType,
    yearOfSupply: year.yearOfSupply,
    openMonths: context.openMonths,
    at: context.at,
    rule: head.deadlineRule,
  });
  const horizonDays =
    horizon === null ? null : calendarDaysLeft(context.at, amsterdamDate(horizon));
  if (horizonDays !== null && (group.horizonDays === null || horizonDays > group.horizonDays)) {
    group.horizonDays = horizonDays;
  }
  let fixedCost = toDec(group.input.fixedCost);
  const lines: RiskOpenLine[] = [...group.input.lines];
  let total = toDec(group.totalVolume);
  let open = toDec(group.openVolume);
  for (const part of year.parts) {
    const clicked = toDec(part.clickedVolume);
    const openVolume = atLeastZero(toDec(part.totalVolume).minus(clicked));
    const average = averagePrice({ volume: part.clickedVolume, amount: part.clickedCost });
    // The dashboard's rule for the fixed cost: clicked volume at its average price, to cents.
    if (average !== null) {
      fixedCost = fixedCost.plus(
        toDec(
          clickCost([
            {
              name: part.name,
              volume: part.clickedVolume,
              marketPrice: average,
              markUp: '0',
              transactionFees: '0',
            },
          ]).totalCost,
        ),
      );
    }
    total = total.plus(toDec(part.totalVolume));
    open = open.plus(openVolume);
    const { marketPrice } = part;
    if (context.markToMarket) {
      group.markToMarket.push({
        contractId: head.contractId,
        yearOfSupply: year.yearOfSupply,
        part: part.name,
        clickedVolume: part.clickedVolume,
        averageClickPrice: average,
        todayClickPrice: part.clickPrice,
        ...markToMarket({
          clickedVolume: part.clickedVolume,
          openVolume: fromDec(openVolume),
          averageClickPrice: average,
          todayClickPrice: part.clickPrice,
        }),
        openVolume: fromDec(openVolume),
      });
    }
    if (openVolume.lte(0)) continue;
    if (part.clickPrice === null || marketPrice === null) {
      group.priced = false;
      continue;
    }
    lines.push({
      contractId: head.contractId,
      name: part.name,
      product: RISK_PRODUCT_OF_PART[part.name],
      openVolume: fromDec(openVolume),
      marketPrice: fromDec(toDec(marketPrice)),
      clickPrice: part.clickPrice,
      horizonYears: (horizonDays ?? 0) / DAYS_PER_YEAR,
    });
  }
  group.totalVolume = fromDec(total);
  group.openVolume = fromDec(open);
  group.input = { ...group.input, fixedCost: fromDec(fixedCost), lines };
}
