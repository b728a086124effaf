import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ClicksTable, ClickStatus, MarketProduct, StoredQuotePart } from '../../db/schema';

/*
 * The SQL of a click's transitions after its confirmation: the click desk's completion and
 * expiry (click-desk.ts), the four-eyes decision (four-eyes.ts) and what a transition's
 * notification names (click-lifecycle.ts). The contract's lock and the ledger are elsewhere
 * (purchase.repository.ts, positions).
 */

/** A click the desk may have to complete or expire, as its first, unlocked read sees it. */
export interface OpenClick {
  id: number;
  contract_id: number;
  status: ClickStatus;
  market: 'OTC' | 'ICE';
  year_of_supply: number;
  maturity: string;
  in_progress_at: Date | null;
  fixing_at: Date | null;
  approval_deadline: Date | null;
}

/** The clicks still waiting on an approval or a completion, oldest first, at most `limit`. */
export function findOpenClicks(db: Db, limit: number): Promise<OpenClick[]> {
  return db
    .selectFrom('clicks')
    .select([
      'id',
      'contract_id',
      'status',
      'market',
      'year_of_supply',
      'maturity',
      'in_progress_at',
      'fixing_at',
      'approval_deadline',
    ])
    .where('status', 'in', ['PENDING_APPROVAL', 'IN_PROGRESS'])
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** A click as the desk decides on it, with the parts its quote priced (null: no quote). */
export interface DeskClick {
  id: number;
  status: ClickStatus;
  market: 'OTC' | 'ICE';
  created_by: number | null;
  year_of_supply: number;
  maturity: string;
  in_progress_at: Date | null;
  fixing_at: Date | null;
  approval_deadline: Date | null;
  parts: StoredQuotePart[] | null;
}

/**
 * Reads the click again with its row locked (not its quote's) to the end of the transaction, so
 * an approver or another pass that decided it meanwhile is seen and none decides it after.
 */
export function lockClickWithQuote(trx: Db, clickId: number): Promise<DeskClick> {
  return trx
    .selectFrom('clicks')
    .leftJoin('purchase_quotes', 'purchase_quotes.id', 'clicks.quote_id')
    .select([
      'clicks.id',
      'clicks.status',
      'clicks.market',
      'clicks.created_by',
      'clicks.year_of_supply',
      'clicks.maturity',
      'clicks.in_progress_at',
      'clicks.fixing_at',
      'clicks.approval_deadline',
      'purchase_quotes.parts',
    ])
    .where('clicks.id', '=', clickId)
    .forUpdate('clicks')
    .executeTakeFirstOrThrow();
}

/** The desk expires a click (not approved or not completed in time); no one decided it. */
export async function expireClick(trx: Db, clickId: number, at: Date): Promise<void> {
  await trx
    .updateTable('clicks')
    .set({ status: 'EXPIRED', ended_at: at })
    .where('id', '=', clickId)
    .execute();
}

/** The desk completes a click; an ICE click also gets its total cost at the fixing's prices. */
export async function completeClick(
  trx: Db,
  clickId: number,
  at: Date,
  totalCost: string | null,
): Promise<void> {
  await trx
    .updateTable('clicks')
    .set({
      status: 'COMPLETED',
      completed_at: at,
      ended_at: at,
      ...(totalCost === null ? {} : { total_cost: totalCost }),
    })
    .where('id', '=', clickId)
    .execute();
}

/** The latest ICE price of every product of a period (null where it has none), as text. */
export function findIceOffers(
  trx: Db,
  yearOfSupply: number,
  maturity: string,
): Promise<{ product: MarketProduct; price: string | null }[]> {
  return trx
    .selectFrom('market_offers')
    .select(['product', sql<string | null>`price::text`.as('price')])
    .where('market', '=', 'ICE')
    .where('year_of_supply', '=', yearOfSupply)
    .where('maturity', '=', maturity)
    .execute();
}

/** The customer whose click this is, to check who may see it; undefined when there is none. */
export async function findClickCustomerId(db: Db, clickId: number): Promise<number | undefined> {
  const head = await db
    .selectFrom('clicks')
    .innerJoin('contracts', 'contracts.id', 'clicks.contract_id')
    .select('contracts.customer_id')
    .where('clicks.id', '=', clickId)
    .executeTakeFirst();
  return head?.customer_id;
}

/** What deciding on a click asks first: its contract, its creator and its customer. */
export function findClickHead(
  db: Db,
  clickId: number,
): Promise<{ contract_id: number; created_by: number | null; customer_id: number } | undefined> {
  return db
    .selectFrom('clicks')
    .innerJoin('contracts', 'contracts.id', 'clicks.contract_id')
    .select(['clicks.contract_id', 'clicks.created_by', 'contracts.customer_id'])
    .where('clicks.id', '=', clickId)
    .executeTakeFirst();
}

/**
 * The whole click with its row locked to the end of the transaction, so two approvers (or an
 * approver and the desk) decide it one after the other and the second sees it decided.
 */
export function lockClick(trx: Db, clickId: number): Promise<Selectable<ClicksTable>> {
  return trx
    .selectFrom('clicks')
    .selectAll()
    .where('id', '=', clickId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/**
 * Ends a pending click: rejected (by whom and when) or expired on a decision (decided by nobody:
 * both null).
 */
export async function endPendingClick(
  trx: Db,
  clickId: number,
  end: {
    status: 'REJECTED' | 'EXPIRED';
    at: Date;
    decidedBy: number | null;
    decidedAt: Date | null;
  },
): Promise<void> {
  await trx
    .updateTable('clicks')
    .set({
      status: end.status,
      ended_at: end.at,
      decided_by: end.decidedBy,
      decided_at: end.decidedAt,
    })
    .where('id', '=', clickId)
    .execute();
}

/** An approved click goes in progress, priced from the session it was approved in. */
export async function approveClick(
  trx: Db,
  clickId: number,
  approval: { at: Date; decidedBy: number; priceSource: string; fixingAt: Date | null },
): Promise<void> {
  await trx
    .updateTable('clicks')
    .set({
      status: 'IN_PROGRESS',
      in_progress_at: approval.at,
      decided_by: approval.decidedBy,
      decided_at: approval.at,
      price_source: approval.priceSource,
      fixing_at: approval.fixingAt,
    })
    .where('id', '=', clickId)
    .execute();
}

/**
 * The TPI consultant who made the click signed in as the customer's user (login-as from the
 * overview), with that user's name: the session the click's quote was made in names them as
 * impersonator, as the click overview does. An administrator's login-as is support, not acting for
 * the customer, so it is not named. Null for a click the user made themselves.
 */
export async function findActingConsultant(
  trx: Db,
  clickId: number,
): Promise<{ actingConsultant: string; actingUser: string } | null> {
  const result = await sql<{ consultant: string; user_name: string }>`
    select acting.name as consultant, creator.name as user_name
    from clicks k
    join purchase_quotes q on q.id = k.quote_id
    join sessions qs on qs.id = q.session_id
    join users acting on acting.id = qs.impersonator_user_id
    join users creator on creator.id = k.created_by
    where k.id = ${clickId} and acting.role = 'consultant'`.execute(trx);
  const [row] = result.rows;
  return row ? { actingConsultant: row.consultant, actingUser: row.user_name } : null;
}
