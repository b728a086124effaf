import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';

/*
 * The verifier of the hash chains of the audit log and the click ledger (docs/audit-trail.md).
 * The database's triggers (migration 0024) chain each row on insert; this recomputes every hash
 * here, in Node, from the stored fields, so a rewritten trigger function cannot vouch for itself.
 *
 * Encoding: each field is `<octets>:<text>` (UTF-8 length in bytes, colon, text) or `-` for null;
 * the fields are joined by `|`; hash = hex(sha256(prev_hash + '|' + fields)). A stream's first
 * row has prev_hash = 64 zeros. Instants are UTC with microseconds (2026-01-05T09:00:00.000000Z),
 * jsonb is PostgreSQL's own text of it, customer_ids the ids joined by commas.
 */

export const CHAINS = ['audit_log', 'click_ledger'] as const;
export type ChainName = (typeof CHAINS)[number];

export const GENESIS_HASH = '0'.repeat(64);

const INSTANT = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

/** The hashed fields of each chain, in their order, rendered as text by the database. */
const FIELDS: Record<ChainName, readonly RawBuilder<unknown>[]> = {
  audit_log: [
    sql`id::text`,
    sql`stream`,
    sql`seq::text`,
    INSTANT('at'),
    sql`actor_user_id::text`,
    sql`actor_username`,
    sql`impersonator_user_id::text`,
    sql`impersonator_username`,
    sql`action`,
    sql`outcome`,
    sql`subject`,
    sql`ip`,
    sql`array_to_string(customer_ids, ',')`,
    sql`details::text`,
  ],
  click_ledger: [
    sql`id::text`,
    sql`stream`,
    sql`seq::text`,
    INSTANT('at'),
    sql`click_id::text`,
    sql`customer_id::text`,
    sql`event`,
    sql`actor_user_id::text`,
    sql`actor_username`,
    sql`impersonator_user_id::text`,
    sql`impersonator_username`,
    sql`facts::text`,
  ],
};

/** One field as the chain encodes it. */
export function encodeField(value: string | null): string {
  return value === null ? '-' : `${Buffer.byteLength(value, 'utf8')}:${value}`;
}

/** The hash of an entry from the previous entry's hash and the entry's fields. */
export function chainHash(prevHash: string, fields: readonly (string | null)[]): string {
  return createHash('sha256')
    .update(`${prevHash}|${fields.map(encodeField).join('|')}`, 'utf8')
    .digest('hex');
}

/** How a stream's chain is broken at an entry. */
export type ChainBreakReason =
  /** The entry's content no longer gives its hash: it was changed. */
  | 'CONTENT_CHANGED'
  /** The entry does not name the previous entry's hash: that one was changed or replaced. */
  | 'LINK_BROKEN'
  /** Entries before this one are missing (its sequence number skips). */
  | 'ENTRY_MISSING'
  /** The stream's last entries are missing: the head recorded later ones. */
  | 'TAIL_MISSING'
  /** The last entry is not the head the database recorded. */
  | 'HEAD_MISMATCH';

export interface ChainEntryRef {
  id: string;
  seq: string;
  at: Date | null;
}

export interface StreamVerification {
  chain: ChainName;
  stream: string;
  entries: number;
  /** The last entry up to which the chain is intact; null when even the first is not. */
  intactUpTo: ChainEntryRef | null;
  /** The first break, if any. */
  break: (ChainEntryRef & { reason: ChainBreakReason }) | null;
  /** The hash of the stream's last entry: anchor it outside the database. */
  headHash: string | null;
}

export interface ChainVerification {
  checkedAt: Date;
  intact: boolean;
  streams: StreamVerification[];
}

interface StoredEntry {
  id: string;
  stream: string;
  seq: string;
  at: Date;
  prev_hash: string;
  hash: string;
  fields: (string | null)[];
}

const BATCH = 2000;

/** The chain's entries in (stream, seq) order, a batch at a time. */
async function* entriesOf(db: Db, chain: ChainName): AsyncGenerator<StoredEntry> {
  const fields = FIELDS[chain];
  let after: { stream: string; seq: string } | null = null;
  for (;;) {
    const from: RawBuilder<unknown> = after
      ? sql`where (t.stream, t.seq) > (${after.stream}, ${after.seq}::bigint)`
      : sql``;
    const { rows } = await sql<Record<string, unknown>>`
      select id::text as id, stream, seq::text as seq, at, prev_hash, hash,
        ${sql.join(fields.map((field, index) => sql`${field} as ${sql.raw(`f${index}`)}`))}
      from ${sql.table(chain)} t ${from}
      order by t.stream, t.seq
      limit ${BATCH}`.execute(db);
    for (const row of rows) {
      yield {
        id: row.id as string,
        stream: row.stream as string,
        seq: row.seq as string,
        at: row.at as Date,
        prev_hash: row.prev_hash as string,
        hash: row.hash as string,
        fields: fields.map((_, index) => (row[`f${index}`] ?? null) as string | null),
      };
    }
    const last = rows[rows.length - 1];
    if (rows.length < BATCH || !last) return;
    after = { stream: last.stream as string, seq: last.seq as string };
  }
}

interface Head {
  seq: string;
  hash: string;
  entry_id: string | null;
  at: Date | null;
}

async function headsOf(db: Db, chain: ChainName): Promise<Map<string, Head>> {
  const rows = await db
    .selectFrom('chain_heads')
    .select(['stream', 'seq', 'hash', 'entry_id', 'at'])
    .where('chain', '=', chain)
    .execute();
  return new Map(rows.map((row) => [row.stream, row]));
}

const refOf = (entry: StoredEntry): ChainEntryRef => ({
  id: entry.id,
  seq: entry.seq,
  at: entry.at,
});

/** Compares a stream's last entry with the head the database recorded on appending it. */
function checkHead(
  stream: StreamVerification,
  last: StoredEntry,
  beforeLast: StoredEntry | null,
  head: Head | undefined,
): void {
  stream.headHash = last.hash;
  if (stream.break) return;
  if (head && BigInt(head.seq) > BigInt(last.seq)) {
    stream.break = { id: head.entry_id ?? '', seq: head.seq, at: head.at, reason: 'TAIL_MISSING' };
  } else if (!head || head.seq !== last.seq || head.hash !== last.hash) {
    // The last entry is consistent with its predecessor, but not what was appended.
    stream.break = { ...refOf(last), reason: 'HEAD_MISMATCH' };
    stream.intactUpTo = beforeLast ? refOf(beforeLast) : null;
  }
}

/** Walks one chain stream by stream and says, per stream, how far it is intact. */
export async function verifyChain(db: Db, chain: ChainName): Promise<StreamVerification[]> {
  const heads = await headsOf(db, chain);
  const streams: StreamVerification[] = [];
  let previous: StoredEntry | null = null;
  let beforePrevious: StoredEntry | null = null;

  for await (const entry of entriesOf(db, chain)) {
    let current = streams[streams.length - 1];
    if (current?.stream !== entry.stream) {
      if (current && previous)
        checkHead(current, previous, beforePrevious, heads.get(current.stream));
      current = {
        chain,
        stream: entry.stream,
        entries: 0,
        intactUpTo: null,
        break: null,
        headHash: null,
      };
      streams.push(current);
      previous = null;
      beforePrevious = null;
    }
    current.entries += 1;
    if (!current.break) {
      const expectedSeq = previous ? BigInt(previous.seq) + 1n : 1n;
      const expectedPrev = previous ? previous.hash : GENESIS_HASH;
      let reason: ChainBreakReason | null = null;
      if (BigInt(entry.seq) !== expectedSeq) reason = 'ENTRY_MISSING';
      else if (entry.prev_hash !== expectedPrev) reason = 'LINK_BROKEN';
      else if (chainHash(entry.prev_hash, entry.fields) !== entry.hash) reason = 'CONTENT_CHANGED';
      if (reason) current.break = { ...refOf(entry), reason };
      else current.intactUpTo = refOf(entry);
    }
    beforePrevious = previous;
    previous = entry;
  }
  const last = streams[streams.length - 1];
  if (last && previous) checkHead(last, previous, beforePrevious, heads.get(last.stream));
  // Heads of streams that have no entries left at all.
  const seen = new Set(streams.map((stream) => stream.stream));
  for (const [stream, head] of heads) {
    if (seen.has(stream)) continue;
    streams.push({
      chain,
      stream,
      entries: 0,
      intactUpTo: null,
      break: { id: head.entry_id ?? '', seq: head.seq, at: head.at, reason: 'TAIL_MISSING' },
      headHash: null,
    });
  }
  return streams;
}

/** Both chains, every stream. */
export async function verifyChains(db: Db, at: Date): Promise<ChainVerification> {
  const streams: StreamVerification[] = [];
  for (const chain of CHAINS) streams.push(...(await verifyChain(db, chain)));
  return { checkedAt: at, intact: streams.every((stream) => !stream.break), streams };
}
