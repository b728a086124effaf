import Decimal from 'decimal.js';
import {
  type ClickCounter,
  type ClickDetail,
  type ClickFilterQuery,
  type Results,
} from '@klik/api';
import {
  averagePrice,
  clickedPercentage,
  fromDec,
  percentageForApi,
  toDec,
  type ContractPartName,
} from '@klik/domain';
import type { Db } from '../../db/database';
import type { PartName } from '../../db/schema';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { assertMaySee, mayApprove } from '../../kernel/access/customer-access';
import { priceHistoryOf } from '../market/market.service';
import { marketProductsOfProducts } from '../../kernel/pricing/margin-pricing';
import {
  findClickCounts,
  findClickDetail,
  findClickDetails,
  findPartFixes,
  findPartTotals,
  type ClickFilter,
  type ClickReader,
} from './clicks.repository';

export type { ClickFilter, ClickReader };

/*
 * Clicks as other modules read them (the purchase's answers, the four eyes, the confirmation, the
 * admin dashboard): through these, never the clicks' repository. A reader (clickReaderFor) adds
 * whether its user may approve; without one, nobody may.
 */

/** One click, or undefined when there is none. */
export function clickDetail(
  db: Db,
  clickId: number,
  reader: ClickReader | null = null,
): Promise<ClickDetail | undefined> {
  return findClickDetail(db, clickId, reader);
}

/** The clicks a filter selects, newest first. */
export function clickDetails(
  db: Db,
  filter: ClickFilter,
  reader: ClickReader | null = null,
): Promise<ClickDetail[]> {
  return findClickDetails(db, filter, reader);
}

const PART_ORDER: readonly ContractPartName[] = ['Gas', 'Peak', 'OffPeak'];
/** How far before the first fix the market line of the results chart starts. */
const MARKET_LEAD_MS = 30 * 24 * 3600_000;

/** The reader of the customer's clicks: who may approve or reject them (four eyes). */
export async function clickReaderFor(
  db: Db,
  auth: AuthContext,
  customerId: number,
): Promise<ClickReader> {
  return { userId: auth.user.id, mayApprove: await mayApprove(db, auth, customerId) };
}

/** The click overview, its counter and the results of a customer. */
export class ClicksService {
  constructor(private readonly deps: { db: Db; now: () => Date }) {}

  async history(
    auth: AuthContext,
    customerId: number,
    filter: ClickFilterQuery,
  ): Promise<ClickDetail[]> {
    await assertMaySee(this.deps.db, auth, customerId);
    return findClickDetails(
      this.deps.db,
      { ...filter, customerId },
      await clickReaderFor(this.deps.db, auth, customerId),
    );
  }

  /** Per contract that limits its clicks and per year of supply: used and left. */
  async counter(auth: AuthContext, customerId: number): Promise<ClickCounter['data']> {
    await assertMaySee(this.deps.db, auth, customerId);
    const rows = await findClickCounts(this.deps.db, customerId);
    return rows.map((row) => ({
      contractId: row.contract_id,
      product: row.product,
      yearOfSupply: row.year_of_supply,
      maxClicks: row.max_clicks,
      used: Number(row.used),
      left: Math.max(0, row.max_clicks - Number(row.used)),
    }));
  }

  /**
   * Per contract and year: per part the share fixed and the weighted average click price of
   * the completed clicks, each fix, and the market price of the year product for the chart.
   */
  async results(auth: AuthContext, customerId: number): Promise<Results['data']> {
    const { db, now } = this.deps;
    await assertMaySee(db, auth, customerId);
    const totals = await findPartTotals(db, customerId);
    const fixes = await findPartFixes(db, customerId);

    // Contracts share market products: each product's history is read once, from 30 days before
    // the customer's first fix.
    const earliest = fixes[0]?.at.getTime() ?? now().getTime();
    // Each part's market is the product its pricing ID names, the one its quotes are priced on.
    const pricingIds = await marketProductsOfProducts(
      db,
      totals.map((row) => row.product),
    );
    const histories = new Map<string, ReturnType<typeof priceHistoryOf>>();
    const marketOf = async (contractProduct: string, part: PartName, yearOfSupply: number) => {
      const product = pricingIds.get(contractProduct)?.[part];
      if (!product) return [];
      const key = `${product}/${yearOfSupply}`;
      let history = histories.get(key);
      if (!history) {
        history = priceHistoryOf(
          db,
          { product, yearOfSupply, maturity: 'Y', market: 'OTC' },
          { from: new Date(earliest - MARKET_LEAD_MS), to: now() },
          500,
        );
        histories.set(key, history);
      }
      return history;
    };
    const entries = new Map<string, Results['data'][number] & { key: number }>();
    for (const row of totals) {
      const key = `${row.id}/${row.year_of_supply}`;
      const entry = entries.get(key) ?? {
        key: row.id,
        contractId: row.contract_id,
        commodity: row.commodity,
        product: row.product,
        yearOfSupply: row.year_of_supply,
        fixedPercentage: '0',
        parts: [],
      };
      const partFixes = fixes.filter(
        (fix) =>
          fix.contract_id === row.id &&
          fix.year_of_supply === row.year_of_supply &&
          fix.part === row.part,
      );
      const fixed = partFixes.reduce((sum, fix) => sum.plus(fix.volume), new Decimal(0));
      const amount = partFixes.reduce((sum, fix) => sum.plus(fix.amount), new Decimal(0));
      const market = await marketOf(row.product, row.part, row.year_of_supply);
      entry.parts.push({
        name: row.part,
        totalVolume: fromDec(toDec(row.total)),
        fixedVolume: fromDec(toDec(fixed.toFixed())),
        fixedPercentage: percentageForApi(clickedPercentage(fixed.toFixed(), row.total)),
        weightedAvgClickPrice: averagePrice({ volume: fixed.toFixed(), amount: amount.toFixed() }),
        fixes: partFixes.map((fix) => ({
          clickId: fix.click_id,
          at: fix.at.toISOString(),
          maturity: fix.maturity,
          volume: fromDec(toDec(fix.volume)),
          price: averagePrice({ volume: fix.volume, amount: fix.amount }) ?? '0',
        })),
        market,
      });
      entries.set(key, entry);
    }
    return [...entries.values()].map(({ key: _key, ...entry }) => {
      const parts = [...entry.parts].sort(
        (a, b) => PART_ORDER.indexOf(a.name) - PART_ORDER.indexOf(b.name),
      );
      const total = parts.reduce((sum, part) => sum.plus(part.totalVolume), new Decimal(0));
      const fixed = parts.reduce((sum, part) => sum.plus(part.fixedVolume), new Decimal(0));
      return {
        ...entry,
        parts,
        fixedPercentage: percentageForApi(clickedPercentage(fixed.toFixed(), total.toFixed())),
      };
    });
  }
}
