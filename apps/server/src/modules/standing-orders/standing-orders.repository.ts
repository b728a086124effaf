import { sql, type Insertable } from 'kysely';
import type { StandingOrder, StandingOrderQuery } from '@klik/api';
import type { DeadlineRule, Maturity } from '@klik/domain';
import type { Db } from '../../db/database';
import type { StandingOrdersTable } from '../../db/schema';
import type { SmsCodeTable } from '../../kernel/one-time-codes/sms-code';

/** An order row with what the list and the watcher show of its contract and creator. */
export interface StandingOrderRow {
  id: number;
  customer_id: number;
  contract_id: number;
  public_contract_id: string;
  product: string;
  commodity: 'Power' | 'Gas';
  year_of_supply: number;
  maturity: Maturity;
  market: 'OTC' | 'ICE';
  percentage: string | null;
  volumes: Partial<Record<'Gas' | 'Peak' | 'OffPeak', string>> | null;
  limit_price: string | null;
  stop_price: string | null;
  valid_until: string;
  status: StandingOrder['status'];
  waiting_reason: string | null;
  lapse_reason: string | null;
  created_by: number;
  created_by_name: string | null;
  created_at: Date;
  ended_at: Date | null;
  click_id: number | null;
  triggered_by: 'LIMIT' | 'STOP' | null;
  trigger_click_price: string | null;
  trigger_market_price: string | null;
  deadline_rule: DeadlineRule;
  /** The market prices per product of the last quote that did not meet it, and when. */
  checked_prices: Record<string, string> | null;
  checked_at: Date | null;
}

// NUMERIC and date columns as plain text, so decimals never pass through a float.
const ORDER_COLUMNS = sql`o.id, o.customer_id, o.contract_id, c.contract_id as public_contract_id,
  c.product, c.commodity, o.year_of_supply, o.maturity, o.market,
  trim_scale(o.percentage)::text as percentage, o.volumes,
  trim_scale(o.limit_price)::text as limit_price, trim_scale(o.stop_price)::text as stop_price,
  to_char(o.valid_until, 'YYYY-MM-DD') as valid_until, o.status, o.waiting_reason, o.lapse_reason,
  o.created_by, u.name as created_by_name, o.created_at, o.ended_at, o.click_id, o.triggered_by,
  o.trigger_click_price::text as trigger_click_price,
  trim_scale(o.trigger_market_price)::text as trigger_market_price, c.deadline_rule,
  o.checked_prices, o.checked_at`;

const FROM = sql`from standing_orders o
  join contracts c on c.id = o.contract_id
  left join users u on u.id = o.created_by`;

/** An order as the API answers it; mayCancel is the viewer's right on the order's customer. */
export function orderOf(row: StandingOrderRow, mayCancel: boolean): StandingOrder {
  return {
    id: row.id,
    customerId: row.customer_id,
    contractId: row.public_contract_id,
    product: row.product,
    yearOfSupply: row.year_of_supply,
    maturity: row.maturity,
    market: row.market,
    percentage: row.percentage,
    volumes: row.volumes,
    limitPrice: row.limit_price,
    stopPrice: row.stop_price,
    validUntil: row.valid_until,
    status: row.status,
    waitingReason:
      row.status === 'ACTIVE' ? (row.waiting_reason as StandingOrder['waitingReason']) : null,
    lapseReason: row.lapse_reason as StandingOrder['lapseReason'],
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: row.created_by_name,
    mayCancel: mayCancel && row.status === 'ACTIVE',
    endedAt: row.ended_at ? new Date(row.ended_at).toISOString() : null,
    clickId: row.click_id,
    triggeredBy: row.triggered_by,
    triggerClickPrice: row.trigger_click_price,
    triggerMarketPrice: row.trigger_market_price,
  };
}

export async function findOrder(db: Db, id: number): Promise<StandingOrderRow | undefined> {
  const result = await sql<StandingOrderRow>`select ${ORDER_COLUMNS} ${FROM}
    where o.id = ${id}`.execute(db);
  return result.rows[0];
}

/** Stores a new order, active; answers its id. */
export async function insertOrder(
  trx: Db,
  order: Insertable<StandingOrdersTable>,
): Promise<number> {
  const { id } = await trx
    .insertInto('standing_orders')
    .values(order)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** One page of a customer's orders, newest first, and how many the filtered list has. */
export async function listOrders(
  db: Db,
  customerId: number,
  query: { page: number; size: number } & Pick<StandingOrderQuery, 'status' | 'contractId'>,
): Promise<{ rows: StandingOrderRow[]; total: number }> {
  const { page, size } = query;
  const filters = [sql`o.customer_id = ${customerId}`];
  if (query.status) filters.push(sql`o.status = ${query.status}`);
  if (query.contractId) filters.push(sql`c.contract_id = ${query.contractId}`);
  const where = sql.join(filters, sql` and `);
  const rows = await sql<StandingOrderRow>`select ${ORDER_COLUMNS} ${FROM} where ${where}
    order by o.created_at desc, o.id desc limit ${size} offset ${page * size}`.execute(db);
  const total = await sql<{ total: number }>`select count(*)::int as total ${FROM}
    where ${where}`.execute(db);
  return { rows: rows.rows, total: total.rows[0]?.total ?? 0 };
}

/** The active orders on positions priced by the given keys (year, maturity, market). */
export async function activeOrdersOn(
  db: Db,
  positions: readonly { yearOfSupply: number; maturity: string; market: 'OTC' | 'ICE' }[],
): Promise<StandingOrderRow[]> {
  if (positions.length === 0) return [];
  const keys = sql.join(
    positions.map((p) => sql`(${p.yearOfSupply}::int, ${p.maturity}::text, ${p.market}::text)`),
  );
  const result = await sql<StandingOrderRow>`select ${ORDER_COLUMNS} ${FROM}
    where o.status = 'ACTIVE' and (o.year_of_supply, o.maturity, o.market) in (${keys})
    order by o.id`.execute(db);
  return result.rows;
}

/** The active orders whose own last day is over (they lapse even without a price). */
export async function activeOrdersEndedBefore(db: Db, day: string): Promise<StandingOrderRow[]> {
  const result = await sql<StandingOrderRow>`select ${ORDER_COLUMNS} ${FROM}
    where o.status = 'ACTIVE' and o.valid_until < ${day}::date order by o.id`.execute(db);
  return result.rows;
}

/** Records the market prices of a quote that did not meet an active order (it waits for none). */
export async function recordCheck(
  db: Db,
  id: number,
  prices: Record<string, string>,
  at: Date,
): Promise<void> {
  await db
    .updateTable('standing_orders')
    .set({ checked_prices: JSON.stringify(prices), checked_at: at, waiting_reason: null })
    .where('id', '=', id)
    .where('status', '=', 'ACTIVE')
    .execute();
}

/** Records why an active order did not execute on the last price that met it. */
export async function setWaitingReason(db: Db, id: number, reason: string): Promise<void> {
  await db
    .updateTable('standing_orders')
    // Whatever was checked before no longer says what a later price may do.
    .set({ waiting_reason: reason, checked_prices: null, checked_at: null })
    .where('id', '=', id)
    .where('status', '=', 'ACTIVE')
    .where((eb) => eb.or([eb('waiting_reason', 'is', null), eb('waiting_reason', '!=', reason)]))
    .execute();
}

/**
 * Ends an active order (cancelled or lapsed); answers false when it was no longer active, so a
 * racing execution, cancellation or lapse is decided by whoever changed the row first.
 */
export async function endOrder(
  trx: Db,
  id: number,
  end: { status: 'CANCELLED' | 'LAPSED'; at: Date; by: number | null; lapseReason?: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('standing_orders')
    .set({
      status: end.status,
      ended_at: end.at,
      ended_by: end.by,
      lapse_reason: end.lapseReason ?? null,
      waiting_reason: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks an active order executed with its click, in the click's transaction. */
export async function markExecuted(
  trx: Db,
  id: number,
  execution: {
    clickId: number;
    quoteId: string;
    at: Date;
    triggeredBy: 'LIMIT' | 'STOP';
    clickPrice: string;
    marketPrice: string | null;
    priceId: string | null;
  },
): Promise<boolean> {
  const result = await sql`update standing_orders set status = 'EXECUTED',
      click_id = ${execution.clickId}, quote_id = ${execution.quoteId}, ended_at = ${execution.at},
      waiting_reason = null, triggered_by = ${execution.triggeredBy},
      trigger_click_price = ${execution.clickPrice}::numeric,
      trigger_market_price = ${execution.marketPrice}::numeric,
      trigger_price_id = ${execution.priceId}::bigint
    where id = ${id} and status = 'ACTIVE'`.execute(trx);
  return Number(result.numAffectedRows ?? 0) === 1;
}

/**
 * The codes that confirm a user's next order for a customer (standing_order_codes), each with a
 * nonce of its own as the salt of its digest. A code is spent by one order; the codes sent are
 * counted per hour, across the user's customers, so a phone cannot be flooded.
 */
export function placingCodes(userId: number, customerId: number): SmsCodeTable {
  return {
    async countSent(db, at) {
      const sent = await db
        .selectFrom('standing_order_codes')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('user_id', '=', userId)
        .where('created_at', '>', new Date(at.getTime() - 3600_000))
        .executeTakeFirstOrThrow();
      return Number(sent.count);
    },
    async keep(db, code) {
      await db
        .insertInto('standing_order_codes')
        .values({
          user_id: userId,
          customer_id: customerId,
          nonce: code.salt,
          code_hash: code.codeHash,
          created_at: code.at,
          expires_at: code.expiresAt,
          used_at: null,
        })
        .execute();
    },
    async newest(trx) {
      const latest = await trx
        .selectFrom('standing_order_codes')
        .selectAll()
        .where('user_id', '=', userId)
        .where('customer_id', '=', customerId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .forUpdate()
        .executeTakeFirst();
      return latest && { ...latest, salt: latest.nonce, confirmed: latest.used_at !== null };
    },
    async confirm(trx, id, at) {
      await trx
        .updateTable('standing_order_codes')
        .set({ used_at: at })
        .where('id', '=', id)
        .execute();
    },
    async countWrong(trx, id, attempts) {
      await trx
        .updateTable('standing_order_codes')
        .set({ attempts })
        .where('id', '=', id)
        .execute();
    },
  };
}
