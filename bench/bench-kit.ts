import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { createDatabase, type Db } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { hashSessionToken } from '../apps/server/src/kernel/auth/session-token';
import { adminQuery } from '../apps/server/test/test-database';

/*
 * What the benches on PostgreSQL share: a database of their own that is dropped whatever
 * happens, a run that ends by itself, a session made straight in the database, and a book of
 * contracts with a partly clicked ledger.
 */

/** What a bench gets: its migrated database, its URL, and where to put what must be closed. */
export interface BenchContext {
  db: Db;
  databaseUrl: string;
  /** Closed last-in first, before the database is dropped. */
  closers: (() => Promise<unknown>)[];
}

/**
 * Runs a bench on a migrated database of its own (created on the admin URL, dropped after), and
 * stops the process after `limitMs` whatever it is doing: nothing may keep a machine busy
 * unattended.
 */
export function runBench(
  options: { adminUrl: string; prefix: string; limitMs: number },
  main: (context: BenchContext) => Promise<void>,
): void {
  const name = `${options.prefix}_${randomBytes(4).toString('hex')}`;
  const drop = () => adminQuery(options.adminUrl, `drop database if exists ${name} with (force)`);
  const limit = setTimeout(() => {
    console.error(`benchmark exceeded ${options.limitMs / 1000} s; stopping`);
    void drop()
      .catch(() => {})
      .finally(() => process.exit(2));
  }, options.limitMs);
  limit.unref();
  const run = async () => {
    await adminQuery(options.adminUrl, `create database ${name}`);
    const url = new URL(options.adminUrl);
    url.pathname = `/${name}`;
    const closers: (() => Promise<unknown>)[] = [];
    try {
      const db = await createDatabase({ databaseUrl: url.toString(), dataDir: null });
      closers.unshift(() => db.destroy());
      await migrateToLatest(db);
      await main({ db, databaseUrl: url.toString(), closers });
    } finally {
      for (const close of closers) await close().catch(() => {});
      await drop();
    }
  };
  run().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}

/** A session of the user, made straight in the database; answers its bearer token. */
export async function benchSession(db: Db, userId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashSessionToken(token),
      user_id: userId,
      read_only: false,
      created_at: now,
      last_used_at: now,
      absolute_expires_at: new Date(now.getTime() + 6 * 3600_000),
    })
    .execute();
  return token;
}

/**
 * Contracts for each customer (power and gas in turn, numbered from `firstNumber`) with every
 * part of every month of the years in the ledger, a third of the months clicked for half their
 * volume. Answers the contracts' row ids.
 */
export async function seedBenchBook(
  db: Db,
  book: { customerIds: readonly number[]; contractsPerCustomer: number; years: readonly number[] },
  firstNumber = 0,
): Promise<{ id: number; customerId: number }[]> {
  const contracts = await db
    .insertInto('contracts')
    .values(
      book.customerIds.flatMap((customerId, c) =>
        Array.from({ length: book.contractsPerCustomer }, (_, k) => ({
          contract_id: `KL-T${String(firstNumber + c * book.contractsPerCustomer + k).padStart(6, '0')}`,
          customer_id: customerId,
          commodity: k % 2 === 0 ? ('Power' as const) : ('Gas' as const),
          product: k % 2 === 0 ? 'Stroom Peak/Off-peak NL' : 'Gas TTF',
          click_type: null,
          click_option: 'PRE_EOD' as const,
          mark_up: '2',
          transaction_fee: '0.25',
          contracted_volume: '36000',
          run_out: false,
          max_clicks_per_year: null,
        })),
      ),
    )
    .returning(['id', 'customer_id'])
    .execute();
  const ids = contracts.map((contract) => contract.id);
  await sql`
    insert into position_months (contract_id, part, year_of_supply, month, total_volume,
      clicked_volume, clicked_cost)
    select c.id, p.part, y, m, 1000,
      case when (c.id + m) % 3 = 0 then 500 else 0 end,
      case when (c.id + m) % 3 = 0 then 500 * (60 + m) else 0 end
    from contracts c
    join (values ('Power', 'Peak'), ('Power', 'OffPeak'), ('Gas', 'Gas')) p(commodity, part)
      on p.commodity = c.commodity
    cross join unnest(${sql.val(book.years)}::int[]) y
    cross join generate_series(1, 12) m
    where c.id in (${sql.join(ids)})`.execute(db);
  return contracts.map((contract) => ({ id: contract.id, customerId: contract.customer_id }));
}

/** Runs tasks with at most `limit` in flight; answers their results in order. */
export async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const index = next;
        next += 1;
        results[index] = await (tasks[index] as () => Promise<T>)();
      }
    }),
  );
  return results;
}
