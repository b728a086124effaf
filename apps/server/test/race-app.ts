import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/database';
import type { Database } from '../src/db/schema';
import type { AuthContext } from '../src/kernel/auth/auth-context';
import { InProcessEventBus } from '../src/kernel/events/event-bus';
import { testConfig } from './test-app';
import type { TestClock } from './test-clock';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface RaceApp {
  app: FastifyInstance;
  db: Db;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * The app on a fresh PostgreSQL database (TEST_DATABASE_URL) with a pool of many connections,
 * so that requests really run at the same time.
 */
export async function startRaceApp(clock: TestClock, connections: number): Promise<RaceApp> {
  const database = await createTestDatabase();
  const pool = new pg.Pool({ connectionString: database.url as string, max: connections });
  // Dropping the test database ends connections that may still be closing; as in the app
  // (db/database.ts), such an error of an idle connection must not fail the run.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const app = await buildApp(testConfig(), { db, bus: new InProcessEventBus(), now: clock.now });
  await app.ready();
  return {
    app,
    db,
    database,
    close: async () => {
      await app.close();
      await db.destroy();
      await database.drop();
    },
  };
}

/**
 * The invariant of the ledger, asked of the database itself: no month holds more clicked than
 * total volume, and the volume of the clicks that hold volume is exactly the ledger's.
 */
export async function ledgerInvariant(db: Db): Promise<{ overfilled: string; mismatch: string }> {
  const result = await sql<{ overfilled: string; mismatch: string }>`
    select
      (select count(*) from position_months where clicked_volume > total_volume)::text
        as overfilled,
      (coalesce((select sum(clicked_volume) from position_months), 0)
        - coalesce((select sum(cm.volume) from click_months cm join clicks k on k.id = cm.click_id
          where k.status in ('PENDING_APPROVAL', 'IN_PROGRESS', 'COMPLETED')), 0))::text
        as mismatch`.execute(db);
  const row = result.rows[0];
  return { overfilled: row?.overfilled ?? '?', mismatch: String(Number(row?.mismatch ?? NaN)) };
}

/** A signed-in user made straight in the database (a password hash per racer would be slow). */
export async function raceUser(
  db: Db,
  at: Date,
  role: 'customer' | 'consultant',
  customerIds: number[],
): Promise<AuthContext> {
  const username = `${role}-${randomBytes(5).toString('hex')}`;
  const user = await db
    .insertInto('users')
    .values({
      username,
      name: username,
      password_hash: 'not-used',
      role,
      locale: 'nl',
      allow_tpi_page: role === 'consultant',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_customers')
    .values(customerIds.map((customerId) => ({ user_id: user.id, customer_id: customerId })))
    .execute();
  const session = await db
    .insertInto('sessions')
    .values({
      token_hash: randomBytes(32).toString('hex'),
      user_id: user.id,
      read_only: false,
      created_at: at,
      last_used_at: at,
      absolute_expires_at: new Date(at.getTime() + 3600_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    sessionId: session.id,
    tokenHash: '',
    user: {
      id: user.id,
      username,
      name: username,
      role,
      locale: 'nl',
      readOnly: false,
      allowTPIPage: role === 'consultant',
      clickAuthorized: true,
      manageUsers: false,
      mustChangePassword: false,
    },
    impersonator: null,
  };
}
