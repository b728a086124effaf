import {
  clickPrice,
  fromDec,
  toDec,
  type BudgetYearPart,
  type ContractPartName,
  type DecimalString,
} from '@klik/domain';
import type { Db } from '../../db/database';
import { marginsOf, marketProductsOfContracts } from '../../kernel/pricing/margin-pricing';
import { contractHeads, offersOf, type ContractHead } from '../positions/positions.service';
import { yearTotals } from './budgets.repository';

/*
 * What the plan (budgets, hedge policies) reads of a contract's year of supply: per part the
 * volume, what is clicked and at what cost, and today's click price of the year - the OTC year
 * offer of the part's market product (pricing IDs) plus the mark-up and fee a year quote made now
 * would get (marginsOf, as the dashboard and quotes price). Pending clicks hold their volume in
 * the ledger, so they count as fixed.
 */

export interface YearPart extends BudgetYearPart {
  name: ContractPartName;
  /** Today's OTC year offer of the part's market product, without margin; null without one. */
  marketPrice: DecimalString | null;
  /** When that offer was quoted; null without one. */
  marketQuotedAt: Date | null;
}

export interface ContractYear {
  head: ContractHead;
  yearOfSupply: number;
  parts: YearPart[];
}

const PART_ORDER: readonly ContractPartName[] = ['Gas', 'Peak', 'OffPeak'];

function plain(value: string): DecimalString {
  return fromDec(toDec(value));
}

/**
 * Every year of supply of the given contracts (optionally only some years), with per part its
 * volumes and today's click price, at the instant `at` (for the margin in effect).
 */
export async function readContractYears(
  db: Db,
  contractIds: readonly number[],
  at: Date,
  years?: readonly number[],
): Promise<ContractYear[]> {
  if (contractIds.length === 0 || years?.length === 0) return [];
  const totals = await yearTotals(db, contractIds, years);
  if (totals.length === 0) return [];
  const heads = await contractHeads(db, [...new Set(totals.map((r) => r.contract_id))]);
  const productsOf = await marketProductsOfContracts(db, heads);
  const products = [...new Set(heads.flatMap((head) => Object.values(productsOf(head))))];
  const allYears = [...new Set(totals.map((row) => row.year_of_supply))];
  const offers = new Map(
    (await offersOf(db, products, allYears))
      .filter((offer) => offer.maturity === 'Y' && offer.market === 'OTC')
      .map((offer) => [`${offer.product}/${offer.yearOfSupply}`, offer]),
  );
  const margins = await marginsOf(db, heads, at);
  const byHead = new Map(heads.map((head) => [head.id, head]));
  const years_ = new Map<string, ContractYear>();
  for (const row of totals) {
    const head = byHead.get(row.contract_id);
    if (!head) continue;
    const key = `${row.contract_id}/${row.year_of_supply}`;
    const year = years_.get(key) ?? { head, yearOfSupply: row.year_of_supply, parts: [] };
    years_.set(key, year);
    const totalVolume = plain(row.total_volume);
    const product = productsOf(head)[row.part];
    const offer = product ? offers.get(`${product}/${row.year_of_supply}`) : undefined;
    const market = offer?.price;
    const margin = margins.get(head.id)?.(row.part, 'Y', totalVolume);
    year.parts.push({
      name: row.part,
      totalVolume,
      clickedVolume: plain(row.clicked_volume),
      clickedCost: plain(row.clicked_cost),
      marketPrice: market == null ? null : plain(market),
      marketQuotedAt: market == null ? null : (offer?.quotedAt ?? null),
      clickPrice:
        market == null || !margin
          ? null
          : clickPrice({
              marketPrice: plain(market),
              markUp: margin.markUp,
              transactionFees: margin.transactionFee,
            }),
    });
  }
  const result = [...years_.values()];
  for (const year of result) {
    year.parts.sort((a, b) => PART_ORDER.indexOf(a.name) - PART_ORDER.indexOf(b.name));
  }
  return result.sort(
    (a, b) => a.head.contractId.localeCompare(b.head.contractId) || a.yearOfSupply - b.yearOfSupply,
  );
}
