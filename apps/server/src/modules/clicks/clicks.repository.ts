import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { ClickDetail, ClickFilterQuery } from '@klik/api';
import {
  addDays,
  averagePrice,
  amsterdamInstant,
  fromDec,
  MIDNIGHT,
  MONEY_DECIMALS,
  toDec,
  type ContractPartName,
  type Maturity,
} from '@klik/domain';
import type { Db } from '../../db/database';
import type { ClickStatus, PartName, StoredQuotePart } from '../../db/schema';

export interface ClickFilter extends ClickFilterQuery {
  customerId?: number;
  /** Any of these customers (none: no click). */
  customerIds?: readonly number[];
  clickId?: number;
}

/** Who reads the clicks: decides mayDecide. */
export interface ClickReader {
  userId: number;
  /** May approve clicks of this customer (docs/purchase.md, four-eyes). */
  mayApprove: boolean;
}

interface DetailRow {
  id: number;
  customer_id: number;
  contract_id: string;
  commodity: 'Power' | 'Gas';
  product: string;
  year_of_supply: number;
  maturity: Maturity;
  market: 'OTC' | 'ICE';
  price_source: ClickDetail['priceSource'];
  status: ClickStatus;
  auto: boolean;
  created_at: Date;
  completed_at: Date | null;
  created_by: number | null;
  created_by_name: string | null;
  created_by_impersonator: string | null;
  decided_by_name: string | null;
  decided_at: Date | null;
  approval_deadline: Date | null;
  quote_parts: StoredQuotePart[] | null;
  months: { part: ContractPartName; volume: string; price: string }[] | null;
}

const PART_ORDER: readonly ContractPartName[] = ['Gas', 'Peak', 'OffPeak'];

function detailOf(row: DetailRow, reader: ClickReader | null): ClickDetail {
  const byPart = new Map<ContractPartName, { volume: Decimal; amount: Decimal }>();
  for (const month of row.months ?? []) {
    const sum = byPart.get(month.part) ?? { volume: new Decimal(0), amount: new Decimal(0) };
    sum.volume = sum.volume.plus(month.volume);
    sum.amount = sum.amount.plus(new Decimal(month.volume).times(month.price));
    byPart.set(month.part, sum);
  }
  let total = new Decimal(0);
  const parts = PART_ORDER.filter((name) => byPart.has(name)).map((name) => {
    const sum = byPart.get(name) as { volume: Decimal; amount: Decimal };
    const price = new Decimal(
      averagePrice({ volume: sum.volume.toFixed(), amount: sum.amount.toFixed() }) ?? '0',
    );
    const cost = sum.amount.toDecimalPlaces(MONEY_DECIMALS, Decimal.ROUND_HALF_UP);
    total = total.plus(cost);
    const quoted = row.quote_parts?.find((part) => part.name === name);
    return {
      name,
      volume: fromDec(toDec(sum.volume.toFixed())),
      price: fromDec(toDec(price.toFixed())),
      marketPrice: quoted
        ? fromDec(toDec(price.minus(quoted.markUp).minus(quoted.transactionFee).toFixed()))
        : null,
      markUp: quoted?.markUp ?? null,
      transactionFee: quoted?.transactionFee ?? null,
      cost: cost.toFixed(MONEY_DECIMALS),
    };
  });
  return {
    id: row.id,
    customerId: row.customer_id,
    contractId: row.contract_id,
    commodity: row.commodity,
    product: row.product,
    yearOfSupply: row.year_of_supply,
    maturity: row.maturity,
    market: row.market,
    priceSource: row.price_source,
    status: row.status,
    inProgress: row.status === 'PENDING_APPROVAL' || row.status === 'IN_PROGRESS',
    auto: row.auto,
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
    createdBy: row.created_by_name,
    createdByImpersonator: row.created_by_impersonator,
    decidedBy: row.decided_by_name,
    decidedAt: row.decided_at?.toISOString() ?? null,
    approvalDeadline:
      row.status === 'PENDING_APPROVAL' ? (row.approval_deadline?.toISOString() ?? null) : null,
    mayDecide:
      row.status === 'PENDING_APPROVAL' &&
      reader !== null &&
      reader.mayApprove &&
      row.created_by !== reader.userId,
    parts,
    totalCost: total.toFixed(MONEY_DECIMALS),
  };
}

/** Clicks with their parts, newest first, in one query. */
export async function findClickDetails(
  db: Db,
  filter: ClickFilter,
  reader: ClickReader | null = null,
): Promise<ClickDetail[]> {
  const where = [sql`true`];
  if (filter.clickId !== undefined) where.push(sql`k.id = ${filter.clickId}`);
  if (filter.customerId !== undefined) where.push(sql`c.customer_id = ${filter.customerId}`);
  if (filter.customerIds !== undefined) {
    where.push(
      filter.customerIds.length === 0
        ? sql`false`
        : sql`c.customer_id in (${sql.join([...filter.customerIds])})`,
    );
  }
  if (filter.contractId !== undefined) where.push(sql`c.contract_id = ${filter.contractId}`);
  if (filter.year !== undefined) where.push(sql`k.year_of_supply = ${filter.year}`);
  if (filter.maturity !== undefined) where.push(sql`k.maturity = ${filter.maturity}`);
  if (filter.status !== undefined) where.push(sql`k.status = ${filter.status}`);
  if (filter.from !== undefined) {
    where.push(sql`k.created_at >= ${amsterdamInstant(filter.from, MIDNIGHT)}`);
  }
  if (filter.to !== undefined) {
    where.push(sql`k.created_at < ${amsterdamInstant(addDays(filter.to, 1), MIDNIGHT)}`);
  }
  const result = await sql<DetailRow>`
    select k.id, c.customer_id, c.contract_id, c.commodity, c.product, k.year_of_supply,
      k.maturity, k.market, k.price_source, k.status, k.auto, k.created_at, k.completed_at,
      k.created_by, creator.name as created_by_name, acting.name as created_by_impersonator, decider.name as decided_by_name, k.decided_at,
      k.approval_deadline, q.parts as quote_parts,
      (select json_agg(json_build_object('part', cm.part, 'volume', cm.volume::text,
          'price', cm.price::text))
        from click_months cm where cm.click_id = k.id) as months
    from clicks k
    join contracts c on c.id = k.contract_id
    left join users creator on creator.id = k.created_by
    left join users decider on decider.id = k.decided_by
    left join purchase_quotes q on q.id = k.quote_id
    left join sessions qs on qs.id = q.session_id
    left join users acting on acting.id = qs.impersonator_user_id
    where ${sql.join(where, sql` and `)}
    order by k.created_at desc, k.id desc
    limit 5000`.execute(db);
  return result.rows.map((row) => detailOf(row, reader));
}

export async function findClickDetail(
  db: Db,
  clickId: number,
  reader: ClickReader | null = null,
): Promise<ClickDetail | undefined> {
  const [detail] = await findClickDetails(db, { clickId }, reader);
  return detail;
}

/** One contract that limits its clicks, in one year of supply: the clicks it allows and used. */
export interface ClickCountRow {
  contract_id: string;
  product: string;
  year_of_supply: number;
  max_clicks: number;
  used: string;
}

/**
 * Per contract of the customer with a click limit and per year of supply it has positions in: the
 * clicks made or pending that count against the limit (auto-clicks do not), by contract and year.
 */
export async function findClickCounts(db: Db, customerId: number): Promise<ClickCountRow[]> {
  const result = await sql<ClickCountRow>`
    select c.contract_id, c.product, y.year_of_supply, c.max_clicks_per_year as max_clicks,
      (select count(*) from clicks k where k.contract_id = c.id
        and k.year_of_supply = y.year_of_supply and not k.auto
        and k.status in ('PENDING_APPROVAL', 'IN_PROGRESS', 'COMPLETED')) as used
    from contracts c
    join (select distinct contract_id, year_of_supply from position_months) y
      on y.contract_id = c.id
    where c.customer_id = ${customerId} and c.max_clicks_per_year is not null
    order by c.contract_id, y.year_of_supply`.execute(db);
  return result.rows;
}

/** One part of a contract's year of supply: its volume summed over the months. */
export interface PartTotalRow {
  id: number;
  contract_id: string;
  commodity: 'Power' | 'Gas';
  product: string;
  year_of_supply: number;
  part: PartName;
  total: string;
}

/** The total volume of every part of the customer's contracts per year, by contract and year. */
export async function findPartTotals(db: Db, customerId: number): Promise<PartTotalRow[]> {
  const result = await sql<PartTotalRow>`
    select c.id, c.contract_id, c.commodity, c.product, pm.year_of_supply, pm.part,
      sum(pm.total_volume)::text as total
    from contracts c join position_months pm on pm.contract_id = c.id
    where c.customer_id = ${customerId}
    group by c.id, c.contract_id, c.commodity, c.product, pm.year_of_supply, pm.part
    order by c.contract_id, pm.year_of_supply`.execute(db);
  return result.rows;
}

/** One part of a completed click: its volume and amount (volume times price) over the months. */
export interface PartFixRow {
  contract_id: number;
  year_of_supply: number;
  part: PartName;
  click_id: number;
  at: Date;
  maturity: Maturity;
  volume: string;
  amount: string;
}

/**
 * Every part of the customer's completed clicks, oldest first; `at` is when the click completed
 * (its creation for one without a completion time).
 */
export async function findPartFixes(db: Db, customerId: number): Promise<PartFixRow[]> {
  const result = await sql<PartFixRow>`
    select k.contract_id, k.year_of_supply, cm.part, k.id as click_id,
      coalesce(k.completed_at, k.created_at) as at, k.maturity,
      sum(cm.volume)::text as volume, sum(cm.volume * cm.price)::text as amount
    from clicks k
    join contracts c on c.id = k.contract_id
    join click_months cm on cm.click_id = k.id
    where c.customer_id = ${customerId} and k.status = 'COMPLETED'
    group by k.contract_id, k.year_of_supply, cm.part, k.id, k.completed_at, k.created_at,
      k.maturity
    order by at, k.id`.execute(db);
  return result.rows;
}
