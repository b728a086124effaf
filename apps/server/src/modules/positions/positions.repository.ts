import { CompiledQuery, sql, type Selectable } from 'kysely';
import {
  MATURITIES,
  monthsOf,
  type ClickType,
  type DeadlineRule,
  type MarketOption,
} from '@klik/domain';
import type { Db } from '../../db/database';
import type { ClickStatus, MarketOffersTable, MarketProduct, PartName } from '../../db/schema';

/**
 * What a contract row says, with its stamp (contracts.version, raised on any change to the
 * contract, its positions or its clicks) that a kept view of it is checked against.
 */
export interface ContractHead {
  id: number;
  contractId: string;
  customerId: number;
  commodity: 'Power' | 'Gas';
  product: string;
  clickType: ClickType;
  clickOption: MarketOption;
  markUp: string;
  transactionFee: string;
  /** The Off-peak part's own mark-up and fee; null: markUp / transactionFee (0018). */
  offPeakMarkUp: string | null;
  offPeakTransactionFee: string | null;
  deadlineRule: DeadlineRule;
  runOut: boolean;
  stamp: string;
}

/** Which contracts a request is about. */
export type ContractScope =
  | { kind: 'customer'; customerId: number }
  | { kind: 'dashboard'; dashboardId: number }
  | { kind: 'contract'; customerId: number; contractId: string };

/** A contract in scope and the stamp its data is at. */
export interface ContractStamp {
  id: number;
  stamp: string;
}

/** What a request about contracts needs first: may the viewer see the scope, and what is in it. */
export interface ScopeState {
  /** False when the customer or dashboard does not exist or is not the viewer's. */
  visible: boolean;
  /** The contracts in scope, ordered by contract id. */
  contracts: ContractStamp[];
  offersStamp: string;
  paused: boolean;
  /** The customer is active and the viewer's link to it is neither read-only nor without clicks. */
  mayClick: boolean;
}

// Written once: the statement is the same on every request, only its parameters change.
const SCOPE_QUERY = 'select * from positions_scope($1, $2::int, $3::text, $4::int)';

/**
 * In one small query (the function positions_scope, migrations 0002 and 0007), asked on every
 * request: whether the customer or dashboard exists (for everyone but admins: and belongs to one
 * of their active customers), the stamps of its contracts and of the offers, whether clicking
 * is paused and whether the viewer may click for that customer. Stamps are read before any data
 * they stand for.
 */
export async function findScope(
  db: Db,
  scope: ContractScope,
  restrictToUser: number | null,
): Promise<ScopeState> {
  const id = scope.kind === 'dashboard' ? scope.dashboardId : scope.customerId;
  const contract = scope.kind === 'contract' ? scope.contractId : null;
  const result = await db.executeQuery<{
    out_id: number | null;
    out_version: string | null;
    out_offers_version: string;
    out_paused: boolean;
    out_may_click: boolean;
  }>(CompiledQuery.raw(SCOPE_QUERY, [scope.kind, id, contract, restrictToUser]));
  const [first] = result.rows;
  if (!first) {
    return { visible: false, contracts: [], offersStamp: '', paused: false, mayClick: false };
  }
  return {
    visible: true,
    contracts: result.rows
      .filter((row) => row.out_id !== null)
      .map((row) => ({ id: row.out_id as number, stamp: String(row.out_version) })),
    offersStamp: String(first.out_offers_version),
    paused: first.out_paused,
    mayClick: first.out_may_click,
  };
}

/** The contracts' own fields, for the contracts whose data is being prepared. */
export async function findContractHeads(
  db: Db,
  contractRowIds: readonly number[],
): Promise<ContractHead[]> {
  if (contractRowIds.length === 0) return [];
  const rows = await db
    .selectFrom('contracts')
    .select([
      'id',
      'contract_id',
      'customer_id',
      'commodity',
      'product',
      'click_type',
      'click_option',
      'mark_up',
      'transaction_fee',
      'off_peak_mark_up',
      'off_peak_transaction_fee',
      'deadline_rule',
      'run_out',
      'version',
    ])
    .where('id', 'in', contractRowIds)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    contractId: row.contract_id,
    customerId: row.customer_id,
    commodity: row.commodity,
    product: row.product,
    clickType: row.click_type,
    clickOption: row.click_option,
    markUp: row.mark_up,
    transactionFee: row.transaction_fee,
    offPeakMarkUp: row.off_peak_mark_up,
    offPeakTransactionFee: row.off_peak_transaction_fee,
    deadlineRule: row.deadline_rule,
    runOut: row.run_out,
    stamp: String(row.version),
  }));
}

/** One contract part of one position: the sums of its months (docs/positions.md). */
export interface PositionTotalsRow {
  contractRowId: number;
  yearOfSupply: number;
  maturity: string;
  part: PartName;
  totalVolume: string;
  clickedVolume: string;
  clickedCost: string;
  /** Over all parts of the position. */
  positionClickedVolume: string;
  positionAutoClickedVolume: string;
}

// Which months make up each maturity, from the domain, as an SQL VALUES list.
const MATURITY_MONTHS = sql.join(
  MATURITIES.flatMap((maturity) =>
    monthsOf(maturity).map((month) => sql`(${sql.lit(maturity)}, ${sql.lit(month)})`),
  ),
);

/** Every position's volumes per part, summed over its months in one query for all contracts. */
export async function findPositionTotals(
  db: Db,
  contractRowIds: readonly number[],
): Promise<PositionTotalsRow[]> {
  if (contractRowIds.length === 0) return [];
  const result = await sql<{
    contract_id: number;
    year_of_supply: number;
    maturity: string;
    part: PartName;
    total_volume: string;
    clicked_volume: string;
    clicked_cost: string;
    position_clicked: string;
    position_auto: string;
  }>`
    with maturity_months (maturity, month) as (values ${MATURITY_MONTHS})
    select pm.contract_id, pm.year_of_supply, mm.maturity, pm.part,
      sum(pm.total_volume) as total_volume,
      sum(pm.clicked_volume) as clicked_volume,
      sum(pm.clicked_cost) as clicked_cost,
      sum(sum(pm.clicked_volume)) over position as position_clicked,
      sum(sum(pm.auto_clicked_volume)) over position as position_auto
    from position_months pm
    join maturity_months mm on mm.month = pm.month
    where pm.contract_id in (${sql.join(contractRowIds)})
    group by pm.contract_id, pm.year_of_supply, mm.maturity, pm.part
    window position as (partition by pm.contract_id, pm.year_of_supply, mm.maturity)
  `.execute(db);
  return result.rows.map((row) => ({
    contractRowId: row.contract_id,
    yearOfSupply: row.year_of_supply,
    maturity: row.maturity,
    part: row.part,
    totalVolume: row.total_volume,
    clickedVolume: row.clicked_volume,
    clickedCost: row.clicked_cost,
    positionClickedVolume: row.position_clicked,
    positionAutoClickedVolume: row.position_auto,
  }));
}

export interface OfferRow {
  product: MarketProduct;
  yearOfSupply: number;
  maturity: string;
  market: 'OTC' | 'ICE';
  price: string | null;
  quotedAt: Date;
}

/**
 * Every offer the market holds: a few hundred rows (product x year x maturity x market), read
 * once per version of the offers for every contract at once.
 */
export async function findAllOffers(db: Db): Promise<OfferRow[]> {
  const rows = await db.selectFrom('market_offers').selectAll().execute();
  return rows.map(offerRow);
}

/** The offers for the given products and years, in one query. */
export async function findOffers(
  db: Db,
  products: readonly MarketProduct[],
  years: readonly number[],
): Promise<OfferRow[]> {
  if (products.length === 0 || years.length === 0) return [];
  const rows = await db
    .selectFrom('market_offers')
    .selectAll()
    .where('product', 'in', products)
    .where('year_of_supply', 'in', years)
    .execute();
  return rows.map(offerRow);
}

function offerRow(row: Selectable<MarketOffersTable>): OfferRow {
  return {
    product: row.product,
    yearOfSupply: row.year_of_supply,
    maturity: row.maturity,
    market: row.market,
    price: row.price,
    quotedAt: row.quoted_at,
  };
}

export interface ClickRow {
  contractRowId: number;
  yearOfSupply: number;
  maturity: string;
  status: ClickStatus;
  createdAt: Date;
  completedAt: Date | null;
}

/** The clicks of the given contracts that bought or may still buy volume, oldest first. */
export async function findClicks(db: Db, contractRowIds: readonly number[]): Promise<ClickRow[]> {
  if (contractRowIds.length === 0) return [];
  const rows = await db
    .selectFrom('clicks')
    .select(['contract_id', 'year_of_supply', 'maturity', 'status', 'created_at', 'completed_at'])
    .where('contract_id', 'in', contractRowIds)
    .where('status', 'in', ['COMPLETED', 'IN_PROGRESS', 'PENDING_APPROVAL'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    contractRowId: row.contract_id,
    yearOfSupply: row.year_of_supply,
    maturity: row.maturity,
    status: row.status,
    createdAt: row.created_at,
    completedAt: row.completed_at,
  }));
}
