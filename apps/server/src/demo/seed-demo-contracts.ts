import Decimal from 'decimal.js';
import {
  clickPrice,
  clickTypeAllows,
  fromDec,
  MATURITIES,
  monthsOf,
  toDec,
  type ClickType,
  type ContractPartName,
  type DecimalString,
  type MarketOption,
  type Maturity,
} from '@klik/domain';
import { PRODUCT_OF_PART } from '../modules/positions/prepared-contract';
import { spreadOverOpenVolume } from '../modules/positions/ledger';
import { recordClick } from './record-click';
import type { Db } from '../db/database';
import type { MarketProduct } from '../db/schema';

// Everything here is derived from this seed, so every demo database is the same.
const SEED = 20261120;

/** A small deterministic pseudo-random generator (mulberry32). */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** A decimal between low and high with the given decimals, from a random number in [0, 1). */
function between(random: () => number, low: number, high: number, decimals: number): string {
  return new Decimal(low + (high - low) * random()).toDecimalPlaces(decimals).toFixed(decimals);
}

export const DEMO_YEARS = [2026, 2027, 2028] as const;

// Share of a year's volume per month, in percent: gas is bought for heating, so winter-heavy;
// power follows a flatter profile.
const GAS_PROFILE = [14, 12, 11, 8, 5, 4, 3.5, 3.5, 5, 8, 11, 15];
const POWER_PROFILE = [9, 8.5, 8.5, 8, 8, 8, 8, 7.5, 8, 8.5, 9, 9];

// Forward price levels per product and year (EUR/MWh) and the seasonal shape of the months.
const LEVELS: Record<MarketProduct, Record<number, number>> = {
  TTF_GAS: { 2026: 34.2, 2027: 32.8, 2028: 30.9 },
  NL_POWER_PEAK: { 2026: 104.5, 2027: 99.8, 2028: 95.6 },
  NL_POWER_OFFPEAK: { 2026: 74.1, 2027: 71.3, 2028: 68.2 },
  NL_POWER_BASE: { 2026: 86.4, 2027: 83.1, 2028: 79.8 },
};
const GAS_SHAPE = [1.12, 1.1, 1.04, 0.95, 0.92, 0.9, 0.9, 0.91, 0.93, 0.98, 1.06, 1.1];
const POWER_SHAPE = [1.08, 1.06, 1.0, 0.95, 0.93, 0.94, 0.96, 0.95, 0.98, 1.02, 1.05, 1.08];

/** When the demo's offers were quoted. */
export const DEMO_QUOTED_AT = new Date('2026-11-20T09:00:00Z');

/** The price of a maturity: the average of its months' seasonal prices. */
function forwardPrice(product: MarketProduct, year: number, maturity: Maturity): number {
  const shape = product === 'TTF_GAS' ? GAS_SHAPE : POWER_SHAPE;
  const months = monthsOf(maturity);
  const factor = months.reduce((acc, month) => acc + (shape[month - 1] ?? 1), 0) / months.length;
  return (LEVELS[product][year] ?? 80) * factor;
}

/**
 * OTC and ICE offers for every product, year and maturity. Monthly 2028 products are not traded
 * yet: power has OTC offers without a price (DC_23), gas has no offers at all (DC_22).
 */
export function demoOffers(random: () => number) {
  const rows: {
    product: MarketProduct;
    year_of_supply: number;
    maturity: Maturity;
    market: 'OTC' | 'ICE';
    price: string | null;
    quoted_at: Date;
  }[] = [];
  for (const product of Object.keys(LEVELS) as MarketProduct[]) {
    for (const year of DEMO_YEARS) {
      for (const maturity of MATURITIES) {
        const monthOf2028 = year === 2028 && maturity.startsWith('M');
        if (monthOf2028 && product === 'TTF_GAS') continue;
        const price = forwardPrice(product, year, maturity) * (0.99 + 0.02 * random());
        rows.push({
          product,
          year_of_supply: year,
          maturity,
          market: 'OTC',
          price: monthOf2028 ? null : price.toFixed(2),
          quoted_at: DEMO_QUOTED_AT,
        });
        if (!monthOf2028) {
          rows.push({
            product,
            year_of_supply: year,
            maturity,
            market: 'ICE',
            // ICE Endex settles a little apart from the OTC quote.
            price: (price + 0.3 * (random() - 0.4)).toFixed(2),
            quoted_at: DEMO_QUOTED_AT,
          });
        }
      }
    }
  }
  return rows;
}

/** Splits a year's volume over the months by a profile, exact at kWh: the last month takes the rest. */
function monthlyVolumes(annual: DecimalString, profile: readonly number[]): DecimalString[] {
  const total = toDec(annual);
  let given = toDec('0');
  return profile.map((share, index) => {
    const volume =
      index === profile.length - 1
        ? total.minus(given)
        : total.times(share).div(100).toDecimalPlaces(3, Decimal.ROUND_DOWN);
    given = given.plus(volume);
    return fromDec(volume);
  });
}

const CLICK_TYPES: readonly ClickType[] = [null, 'ALL', 'YEAR', 'QUARTER', 'MONTH'];
const MARKET_OPTIONS: readonly MarketOption[] = ['OTC_ONLY', 'PRE_EOD', 'PRE_EOD_AND_OVERNIGHT'];
const CONTRACTS_PER_CUSTOMER = 6;

interface DemoContract {
  contractId: string;
  commodity: 'Power' | 'Gas';
  clickType: ClickType;
  clickOption: MarketOption;
  markUp: string;
  transactionFee: string;
  /** Per part, per year, 12 monthly volumes. */
  ledger: Map<ContractPartName, Map<number, DecimalString[]>>;
}

function demoContract(index: number, random: () => number): DemoContract {
  const commodity = index % 2 === 0 ? 'Power' : 'Gas';
  const parts: ContractPartName[] = commodity === 'Gas' ? ['Gas'] : ['Peak', 'OffPeak'];
  const ledger = new Map<ContractPartName, Map<number, DecimalString[]>>();
  for (const part of parts) {
    const years = new Map<number, DecimalString[]>();
    // A customer's consumption changes little from year to year.
    const annual = commodity === 'Gas' ? 2000 + 18000 * random() : 1000 + 9000 * random();
    for (const year of DEMO_YEARS) {
      const volume = (annual * (0.97 + 0.06 * random())).toFixed(0);
      years.set(year, monthlyVolumes(volume, commodity === 'Gas' ? GAS_PROFILE : POWER_PROFILE));
    }
    ledger.set(part, years);
  }
  return {
    contractId: `KL-27${String(index + 1).padStart(4, '0')}`,
    commodity,
    clickType: CLICK_TYPES[index % CLICK_TYPES.length] ?? null,
    clickOption: MARKET_OPTIONS[index % MARKET_OPTIONS.length] ?? 'PRE_EOD',
    markUp: between(random, 1.5, 3.5, 2),
    transactionFee: between(random, 0.1, 0.5, 2),
    ledger,
  };
}

/** The maturities a demo contract clicked in a year, by its click type. */
function clickedMaturities(clickType: ClickType, random: () => number): Maturity[] {
  switch (clickType) {
    case 'YEAR':
      return ['Y', 'Y'];
    case 'QUARTER':
      return ['Q1', 'Q4', random() < 0.5 ? 'Q2' : 'Q3'];
    case 'MONTH':
      return ['M1', 'M2', 'M12', random() < 0.5 ? 'M6' : 'M9'];
    default:
      return ['Y', 'Q1', random() < 0.5 ? 'M2' : 'M11'];
  }
}

/** A click date before the period's deadline and before today's demo date. */
function clickDate(year: number, index: number, random: () => number): Date {
  const start = year === 2026 ? Date.UTC(2025, 1, 1) : Date.UTC(2026, 0, 5);
  const end = year === 2026 ? Date.UTC(2025, 11, 15) : Date.UTC(2026, 10, 19);
  const day = start + ((end - start) * (index + random())) / 5;
  // During the OTC session: 10:00-15:59 Amsterdam.
  const at = new Date(day);
  at.setUTCHours(9 + Math.floor(random() * 6), Math.floor(random() * 60), 0, 0);
  return at;
}

/**
 * Demo contracts for the demo customers: power (Peak and OffPeak) and gas for 2026-2028, every
 * click type and market option, partly clicked (some by auto-click), and one of each special
 * case on the first customer's first dashboard: a year fully clicked (DC_12), a peak part
 * closed (DC_11), and a click still in progress (DC_31).
 */
export async function seedDemoContracts(
  trx: Db,
  customers: readonly { id: number; dashboardIds: number[] }[],
  clickedBy: number | null,
): Promise<void> {
  const random = randomFrom(SEED);
  await trx.insertInto('market_offers').values(demoOffers(random)).execute();
  const offers = new Map<string, string>();
  for (const product of Object.keys(LEVELS) as MarketProduct[]) {
    for (const year of DEMO_YEARS) {
      for (const maturity of MATURITIES) {
        offers.set(
          `${product}/${year}/${maturity}`,
          forwardPrice(product, year, maturity).toFixed(2),
        );
      }
    }
  }

  let index = 0;
  for (const [customerIndex, customer] of customers.entries()) {
    for (let n = 0; n < CONTRACTS_PER_CUSTOMER; n += 1, index += 1) {
      const contract = demoContract(index, random);
      const total = [...contract.ledger.values()]
        .flatMap((years) => [...years.values()].flat())
        .reduce((acc, volume) => acc.plus(toDec(volume)), toDec('0'));
      const { id } = await trx
        .insertInto('contracts')
        .values({
          contract_id: contract.contractId,
          customer_id: customer.id,
          commodity: contract.commodity,
          product: contract.commodity === 'Gas' ? 'Gas TTF' : 'Stroom Peak/Off-peak NL',
          click_type: contract.clickType,
          click_option: contract.clickOption,
          mark_up: contract.markUp,
          transaction_fee: contract.transactionFee,
          lump_sum: between(random, 0, 2500, 2),
          contracted_volume: fromDec(total),
          run_out: index % 4 !== 3,
          max_clicks_per_year: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('position_months')
        .values(
          [...contract.ledger.entries()].flatMap(([part, years]) =>
            [...years.entries()].flatMap(([year, months]) =>
              months.map((volume, month) => ({
                contract_id: id,
                part,
                year_of_supply: year,
                month: month + 1,
                total_volume: volume,
              })),
            ),
          ),
        )
        .execute();
      // Every dashboard holds some of its customer's contracts; the first holds the first three.
      const dashboards = new Set<number>();
      const own = customer.dashboardIds[n % customer.dashboardIds.length];
      if (own !== undefined) dashboards.add(own);
      const first = customer.dashboardIds[0];
      if (n < 3 && first !== undefined) dashboards.add(first);
      if (dashboards.size > 0) {
        await trx
          .insertInto('dashboard_contracts')
          .values(
            [...dashboards].map((dashboardId) => ({
              dashboard_id: dashboardId,
              contract_id: id,
              customer_id: customer.id,
            })),
          )
          .execute();
      }

      // Clicked volume so far, per part, year and month, to size the next click on what is open.
      const clicked = new Map<string, DecimalString[]>();
      const openOf = (part: ContractPartName, year: number, maturity: Maturity) => {
        const totals = contract.ledger.get(part)?.get(year) ?? [];
        const done = clicked.get(`${part}/${year}`) ?? totals.map(() => '0');
        return monthsOf(maturity).map((month) =>
          fromDec(toDec(totals[month - 1] ?? '0').minus(toDec(done[month - 1] ?? '0'))),
        );
      };
      const click = async (
        year: number,
        maturity: Maturity,
        share: (part: ContractPartName) => number,
        options: { auto?: boolean; status?: 'COMPLETED' | 'IN_PROGRESS'; at: Date },
      ) => {
        const parts = [...contract.ledger.keys()]
          .map((part) => {
            const open = openOf(part, year, maturity).reduce(
              (a, v) => a.plus(toDec(v)),
              toDec('0'),
            );
            const volume = open.times(share(part)).toDecimalPlaces(3, Decimal.ROUND_DOWN);
            const market = offers.get(`${PRODUCT_OF_PART[part]}/${year}/${maturity}`) ?? '50';
            const marketThen = toDec(market)
              .times(0.9 + 0.2 * random())
              .toDecimalPlaces(2);
            return {
              part,
              volume: fromDec(volume),
              price: clickPrice({
                marketPrice: fromDec(marketThen),
                markUp: contract.markUp,
                transactionFees: contract.transactionFee,
              }),
            };
          })
          .filter((part) => toDec(part.volume).gt(0));
        if (parts.length === 0) return;
        const status = options.status ?? 'COMPLETED';
        const auto = options.auto ?? false;
        await recordClick(trx, {
          contractRowId: id,
          yearOfSupply: year,
          maturity,
          status,
          auto,
          market: contract.clickOption === 'OTC_ONLY' || random() < 0.6 ? 'OTC' : 'ICE',
          createdAt: options.at,
          completedAt: status === 'COMPLETED' ? options.at : null,
          createdBy: auto ? null : clickedBy,
          parts,
        });
        if (status !== 'COMPLETED') return;
        for (const part of parts) {
          const key = `${part.part}/${year}`;
          const totals = contract.ledger.get(part.part)?.get(year) ?? [];
          const done = clicked.get(key) ?? totals.map(() => '0');
          const months = monthsOf(maturity);
          spreadOverOpenVolume(part.volume, openOf(part.part, year, maturity)).forEach(
            (volume, i) => {
              const month = (months[i] as number) - 1;
              done[month] = fromDec(toDec(done[month] ?? '0').plus(toDec(volume)));
            },
          );
          clicked.set(key, done);
        }
      };

      for (const year of [2026, 2027] as const) {
        const maturities = clickedMaturities(contract.clickType, random);
        for (const [k, maturity] of maturities.entries()) {
          await click(year, maturity, () => 0.15 + 0.25 * random(), {
            auto: (index + k) % 3 === 2,
            at: clickDate(year, k, random),
          });
        }
      }
      // A first click for 2028 on half of the contracts.
      if (index % 2 === 1) {
        const maturity = clickTypeAllows(contract.clickType, 'Y') ? 'Y' : 'Q1';
        if (clickTypeAllows(contract.clickType, maturity)) {
          await click(2028, maturity, () => 0.1, { at: clickDate(2027, 4, random) });
        }
      }

      // The special cases, on the first customer's first dashboard.
      if (customerIndex === 0 && n === 1) {
        // ALL: 2027 fully clicked (DC_12).
        await click(2027, 'Y', () => 1, { at: new Date('2026-11-18T10:12:00Z') });
      }
      if (customerIndex === 0 && n === 0) {
        // Power, any click type: the peak part of Q3 2027 closed, off-peak still open (DC_11).
        await click(2027, 'Q3', (part) => (part === 'Peak' ? 1 : 0), {
          at: new Date('2026-11-17T13:40:00Z'),
        });
      }
      if (customerIndex === 0 && n === 2) {
        // YEAR: a click placed this morning that is still being processed (DC_31).
        await click(2028, 'Y', () => 0.2, {
          status: 'IN_PROGRESS',
          at: new Date('2026-11-20T08:55:00Z'),
        });
      }
    }
  }
}
