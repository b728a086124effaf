import type { Db } from '../../db/database';
import type { ClickLedgerEvent, StoredQuotePart } from '../../db/schema';

/*
 * What a statement of a customer's clicks over a period reads (click-statement.ts): the click
 * ledger's events of the customer in the period, and the heads of the customer's chains at its
 * end (docs/audit-trail.md).
 */

/** A part's market reference when the click was completed. */
export interface ExecutedPart {
  part: StoredQuotePart['name'];
  marketPrice: string;
  clickPrice: string;
}

/** The facts a ledger event holds (modules/purchase/click-ledger.repository.ts). */
export interface LedgerFacts {
  contractId: string;
  commodity: 'Power' | 'Gas';
  product: string;
  yearOfSupply: number;
  maturity: string;
  market: 'OTC' | 'ICE';
  status: string;
  priceSource: string | null;
  totalCost: string | null;
  createdAt: string;
  quote: {
    id: string;
    createdAt: string;
    expiresAt: string;
    totalCost: string;
    parts: StoredQuotePart[];
  } | null;
  secondFactor?: string | null;
  termsVersion?: number | null;
  execution?: { at: string; parts: ExecutedPart[] };
  confirmation?: { kind: string; ref: number; sentAt: string };
}

export interface StatementEvent {
  id: string;
  seq: string;
  hash: string;
  at: Date;
  clickId: number;
  event: ClickLedgerEvent;
  actor: string | null;
  impersonator: string | null;
  facts: LedgerFacts;
}

/** The customer's click events with `from <= at < to`, in the chain's order. */
export async function findStatementEvents(
  db: Db,
  customerId: number,
  from: Date,
  to: Date,
): Promise<StatementEvent[]> {
  const rows = await db
    .selectFrom('click_ledger')
    .select([
      'id',
      'seq',
      'hash',
      'at',
      'click_id',
      'event',
      'actor_username',
      'impersonator_username',
      'facts',
    ])
    .where('customer_id', '=', customerId)
    .where('at', '>=', from)
    .where('at', '<', to)
    .orderBy('seq')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    seq: row.seq,
    hash: row.hash,
    at: row.at,
    clickId: row.click_id,
    event: row.event,
    actor: row.actor_username,
    impersonator: row.impersonator_username,
    facts: row.facts as unknown as LedgerFacts,
  }));
}

export interface ChainHeadAt {
  chain: 'click_ledger' | 'audit_log';
  stream: string;
  id: string;
  seq: string;
  at: Date;
  hash: string;
}

/** The last entry of a customer's stream of each chain written before `to`, if any. */
export async function findChainHeadsAt(
  db: Db,
  customerId: number,
  to: Date,
): Promise<ChainHeadAt[]> {
  const stream = `customer:${customerId}`;
  const heads: ChainHeadAt[] = [];
  for (const chain of ['click_ledger', 'audit_log'] as const) {
    const head = await db
      .selectFrom(chain)
      .select(['id', 'seq', 'at', 'hash'])
      .where('stream', '=', stream)
      .where('at', '<', to)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (head) heads.push({ chain, stream, ...head });
  }
  return heads;
}

/** The customer's name; undefined when there is no such customer. */
export async function findCustomerName(db: Db, customerId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('customers')
    .select('name')
    .where('id', '=', customerId)
    .executeTakeFirst();
  return row?.name;
}
