import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { ClickLedgerEvent } from '../../db/schema';

/*
 * The click ledger (docs/audit-trail.md): one append-only row per event of a click, with the
 * click as it stood after the event, hash-chained per customer by the database (migration 0024).
 * Written in the transaction of the click's transition (click-lifecycle.ts), never changed.
 */

export interface ClickLedgerAppend {
  clickId: number;
  event: ClickLedgerEvent;
  at: Date;
  actor: { id: number | null; username: string } | null;
  impersonator: { id: number; username: string } | null;
  /** What the transition knows beyond the stored click: second factor, terms, fixing prices. */
  facts: Record<string, unknown>;
}

/** An instant as the ledger's facts hold it: UTC, milliseconds, whatever the session's zone. */
const utc = (column: string) =>
  sql`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Appends the click's event with a snapshot of the click, its contract and its quote; answers
 * that snapshot (the click's webhook carries it).
 */
export async function appendClickEvent(
  trx: Db,
  entry: ClickLedgerAppend,
): Promise<Record<string, unknown>> {
  const result = await sql<{ facts: Record<string, unknown> }>`
    insert into click_ledger (at, click_id, customer_id, event, actor_user_id, actor_username,
      impersonator_user_id, impersonator_username, facts)
    select ${entry.at}, k.id, c.customer_id, ${entry.event}, ${entry.actor?.id ?? null},
      ${entry.actor?.username ?? null}, ${entry.impersonator?.id ?? null},
      ${entry.impersonator?.username ?? null},
      jsonb_build_object(
        'contractId', c.contract_id, 'commodity', c.commodity, 'product', c.product,
        'yearOfSupply', k.year_of_supply, 'maturity', k.maturity, 'market', k.market,
        'status', k.status, 'auto', k.auto, 'priceSource', k.price_source,
        'totalCost', k.total_cost::text, 'createdAt', ${utc('k.created_at')},
        'createdBy', k.created_by, 'decidedBy', k.decided_by, 'decidedAt', ${utc('k.decided_at')},
        'fixingAt', ${utc('k.fixing_at')}, 'completedAt', ${utc('k.completed_at')},
        'quote', case when q.id is null then null else jsonb_build_object(
          'id', q.id, 'createdAt', ${utc('q.created_at')}, 'expiresAt', ${utc('q.expires_at')},
          'priceSource', q.price_source, 'totalCost', q.total_cost::text, 'parts', q.parts,
          'standingOrderId', q.standing_order_id) end
      ) || ${JSON.stringify(entry.facts)}::jsonb
    from clicks k
    join contracts c on c.id = k.contract_id
    left join purchase_quotes q on q.id = k.quote_id
    where k.id = ${entry.clickId}
    returning facts`.execute(trx);
  return result.rows[0]?.facts ?? {};
}
