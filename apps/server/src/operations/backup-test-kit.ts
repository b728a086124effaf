import { spawnSync } from 'node:child_process';
import { CLICK_PATHS, ClickListSchema } from '@klik/api';
import { MONTHS } from '@klik/domain';
import { createContract } from '../../test/builders';
import { bearer, buildTestApp, login } from '../../test/test-app';
import type { TestClock } from '../../test/test-clock';
import type { TestDatabase } from '../../test/test-database';
import { ledgerInvariant } from '../../test/race-app';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { executeOk, quoteOk, type PurchaseWorld } from '../modules/purchase/purchase-test-kit';

/** A PostgreSQL server to make databases on (the tests' own), or null. */
export const postgresAdminUrl = process.env.TEST_DATABASE_URL ?? process.env.POSTGRES_TEST_URL;

/** Whether the PostgreSQL client tools are installed. */
export const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0;

/** The embedded database in a data folder, as the portal opens it, migrated. */
export async function embeddedDatabase(dataDir: string): Promise<TestDatabase> {
  const db = await createDatabase({ databaseUrl: null, dataDir });
  await migrateToLatest(db);
  return { db, kind: 'pglite', url: null, drop: () => db.destroy() };
}

export interface ClickRun {
  /** The clicks acknowledged (answered 200) before the backup began. */
  before: number[];
  /** The clicks acknowledged after the backup had ended. */
  after: number[];
}

/**
 * Clicks a quarter of one month after another, each month of a new contract of the world's
 * customer once, through the REST calls and without pause (each click a turn of the event loop of
 * its own, as requests are); takes the backup once some are acknowledged and goes on clicking
 * until some more are acknowledged after it.
 */
export async function clickDuringBackup(
  world: PurchaseWorld,
  takeBackup: () => Promise<unknown>,
): Promise<ClickRun> {
  const acknowledged: { id: number; phase: 'before' | 'during' | 'after' }[] = [];
  let phase: 'before' | 'during' | 'after' = 'before';
  let stop = false;
  const clicking = (async () => {
    while (!stop) {
      const { contractId } = await createContract(world.t.db, {
        customerId: world.customer.id,
        commodity: 'Power',
        years: [2027],
        monthlyVolume: '100',
        clickOption: 'PRE_EOD',
      });
      for (const maturity of MONTHS) {
        if (stop) break;
        await new Promise((resolve) => setImmediate(resolve));
        const quote = await quoteOk(world, { contractId, maturity, percentage: '25' });
        const click = await executeOk(world, quote.quoteId);
        acknowledged.push({ id: click.id, phase });
      }
    }
  })();
  const until = async (done: () => boolean) => {
    while (!done()) {
      await Promise.race([clicking, new Promise((resolve) => setTimeout(resolve, 20))]);
    }
  };
  try {
    await until(() => acknowledged.length >= 5);
    const before = acknowledged.map((click) => click.id);
    phase = 'during';
    await takeBackup();
    phase = 'after';
    await until(() => acknowledged.some((click) => click.phase === 'after'));
    return {
      before,
      after: acknowledged.filter((click) => click.phase === 'after').map((click) => click.id),
    };
  } finally {
    stop = true;
    await clicking;
  }
}

/**
 * Starts the portal on a restored database and answers what it holds: which of the clicks it
 * lists to the world's user, and the ledger's invariant.
 */
export async function startOnRestored(
  world: PurchaseWorld,
  clock: TestClock,
  restored: TestDatabase,
): Promise<{ listed: number[]; invariant: Awaited<ReturnType<typeof ledgerInvariant>> }> {
  // What the server does before it listens: the restored schema is already the latest.
  await migrateToLatest(restored.db);
  const portal = await buildTestApp({ database: restored, clock });
  try {
    const session = await login(portal.app, world.user.username, world.user.password);
    const response = await portal.app.inject({
      method: 'GET',
      url: CLICK_PATHS.list.replace(':customerId', String(world.customer.id)),
      headers: bearer(session.token),
    });
    if (response.statusCode !== 200) {
      throw new Error(`click list answered ${response.statusCode}: ${response.body}`);
    }
    const listed = ClickListSchema.parse(response.json()).data.map((click) => click.id);
    return { listed, invariant: await ledgerInvariant(portal.db) };
  } finally {
    await portal.close();
  }
}
