import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { behindTheBack } from '../../../test/behind-the-back';
import { createTestDatabase, onPostgres, type TestDatabase } from '../../../test/test-database';
import type { Db } from '../../db/database';
import { migrateTo, migrateToLatest } from '../../db/migrate';
import { writeAudit } from './audit-log';
import {
  chainHash,
  GENESIS_HASH,
  verifyChains,
  type StreamVerification,
} from './chain-verification';

let database: TestDatabase | null = null;

afterEach(async () => {
  await database?.drop();
  database = null;
});

const AT = new Date('2026-11-23T10:00:00.000Z');

async function audit(db: Db, action: string, customerIds: number[] = []): Promise<string> {
  await writeAudit(db, { at: AT, action, outcome: 'success', customerIds, details: { action } });
  const row = await db
    .selectFrom('audit_log')
    .select('id')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

function streamOf(streams: StreamVerification[], stream: string): StreamVerification {
  const found = streams.find(
    (candidate) => candidate.chain === 'audit_log' && candidate.stream === stream,
  );
  if (!found) throw new Error(`no stream ${stream}`);
  return found;
}

describe(`the audit log's hash chain on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('chains every entry per stream: the lowest customer, or system', async () => {
    database = await createTestDatabase();
    const { db } = database;
    await audit(db, 'a', [7]);
    await audit(db, 'b', [9, 7]);
    await audit(db, 'c');
    await audit(db, 'd', [9]);
    const rows = await db
      .selectFrom('audit_log')
      .select(['action', 'stream', 'seq', 'prev_hash', 'hash'])
      .where('action', 'in', ['a', 'b', 'c', 'd'])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.action, row.stream, row.seq])).toEqual([
      ['a', 'customer:7', expect.any(String)],
      ['b', 'customer:7', expect.any(String)],
      ['c', 'system', expect.any(String)],
      ['d', 'customer:9', '1'],
    ]);
    expect(rows[1]?.prev_hash).toBe(rows[0]?.hash);
    expect(rows[3]?.prev_hash).toBe(GENESIS_HASH);
    expect(rows[0]?.hash).toMatch(/^[0-9a-f]{64}$/);

    const report = await verifyChains(db, AT);
    expect(report.intact).toBe(true);
    const nine = streamOf(report.streams, 'customer:9');
    expect(nine).toMatchObject({ entries: 1, break: null, headHash: rows[3]?.hash });
  });

  it('is reproducible from the documented encoding', async () => {
    database = await createTestDatabase();
    const { db } = database;
    const id = await audit(db, 'encoding', [3]);
    const row = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const fields = [
      row.id,
      row.stream,
      row.seq,
      '2026-11-23T10:00:00.000000Z',
      null,
      null,
      null,
      null,
      'encoding',
      'success',
      null,
      null,
      '3',
      '{"action": "encoding"}',
    ];
    expect(chainHash(row.prev_hash, fields)).toBe(row.hash);
  });

  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    database = await createTestDatabase();
    const { db } = database;
    const id = await audit(db, 'kept', [1]);
    await expect(
      db.updateTable('audit_log').set({ action: 'changed' }).where('id', '=', id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('audit_log').where('id', '=', id).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate click_ledger cascade`.execute(db)).rejects.toThrow(/append-only/);
    const kept = await db
      .selectFrom('audit_log')
      .select('action')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(kept?.action).toBe('kept');
  });

  it('reports a row changed behind the application’s back at exactly that row', async () => {
    database = await createTestDatabase();
    const { db } = database;
    const first = await audit(db, 'one', [5]);
    const changed = await audit(db, 'two', [5]);
    await audit(db, 'three', [5]);
    await audit(db, 'elsewhere', [6]);
    await behindTheBack(db, sql`update audit_log set outcome = 'failure' where id = ${changed}`);

    const report = await verifyChains(db, AT);
    expect(report.intact).toBe(false);
    const five = streamOf(report.streams, 'customer:5');
    expect(five.break).toMatchObject({ id: changed, seq: '2', reason: 'CONTENT_CHANGED' });
    expect(five.break?.at?.toISOString()).toBe(AT.toISOString());
    expect(five.intactUpTo).toMatchObject({ id: first, seq: '1' });
    expect(five.entries).toBe(3);
    expect(streamOf(report.streams, 'customer:6').break).toBeNull();
  });

  it('reports a deleted entry at the next one, a deleted tail at the head', async () => {
    database = await createTestDatabase();
    const { db } = database;
    await audit(db, 'one', [5]);
    const removed = await audit(db, 'two', [5]);
    const next = await audit(db, 'three', [5]);
    await audit(db, 'one', [6]);
    const tail = await audit(db, 'two', [6]);
    await behindTheBack(db, sql`delete from audit_log where id in (${removed}, ${tail})`);

    const report = await verifyChains(db, AT);
    expect(streamOf(report.streams, 'customer:5').break).toMatchObject({
      id: next,
      reason: 'ENTRY_MISSING',
    });
    expect(streamOf(report.streams, 'customer:6').break).toMatchObject({
      id: tail,
      seq: '2',
      reason: 'TAIL_MISSING',
    });
  });

  it('keeps one valid chain when many write the same stream at once', async () => {
    database = await createTestDatabase();
    const { db } = database;
    await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        db.transaction().execute(async (trx) => {
          await writeAudit(trx, {
            at: AT,
            action: `concurrent.${index}`,
            outcome: 'success',
            customerIds: [11],
          });
          // Held a moment, so the transactions overlap on PostgreSQL's pool.
          await sql`select pg_sleep(0.01)`.execute(trx);
        }),
      ),
    );
    const report = await verifyChains(db, AT);
    const eleven = streamOf(report.streams, 'customer:11');
    expect(eleven).toMatchObject({ entries: 24, break: null, intactUpTo: { seq: '24' } });
    expect(report.intact).toBe(true);
  });

  it('chains the rows written before the migration in id order', async () => {
    database = await createTestDatabase({ migrate: false });
    const { db } = database;
    await migrateTo(db, '0023-standing-orders');
    for (const [action, customers] of [
      ['old.1', '{4}'],
      ['old.2', '{}'],
      ['old.3', '{4,2}'],
    ] as const) {
      await sql`insert into audit_log (at, action, outcome, customer_ids)
        values (${AT}, ${action}, 'success', ${customers}::int[])`.execute(db);
    }
    await migrateToLatest(db);
    const rows = await db
      .selectFrom('audit_log')
      .select(['action', 'stream', 'seq'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { action: 'old.1', stream: 'customer:4', seq: '1' },
      { action: 'old.2', stream: 'system', seq: '1' },
      { action: 'old.3', stream: 'customer:2', seq: '1' },
    ]);
    expect((await verifyChains(db, AT)).intact).toBe(true);
    await audit(db, 'new', [4]);
    expect(streamOf((await verifyChains(db, AT)).streams, 'customer:4')).toMatchObject({
      entries: 2,
      break: null,
    });
  });
});
