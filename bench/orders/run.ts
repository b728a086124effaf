// npm run bench:orders
//
// Standing orders met by one price tick (docs/standing-orders.md, "Benchmark"): ORDERS orders on
// CONTRACTS power contracts (ORDERS / CONTRACTS per contract, each on a month of its own, M1..M12,
// so they never wait for each other's click), every one a limit the tick meets. One tick (a
// price for each month, recorded as the ingest endpoint records it) is worked through by the
// standing orders' price watcher, which quotes and confirms each order through the purchase
// service. Reported: the time from the tick to the last execution, executions per second, and
// next to them bench:clicks' floor (./clicks/floor.ts) measured in the same run on the same
// database with the same contracts, as a ratio. Afterwards every order must have executed (or
// wait with a stated reason) and the volume invariant must hold.
// Needs PostgreSQL on 127.0.0.1:5432 (BENCH_DATABASE_URL to use another); creates and drops its
// own database, listens on loopback only, and ends by itself.
import { sql } from 'kysely';
import { MONTHS } from '@klik/domain';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/kernel/config/config';
import { createDatabase, type Db } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { startClickFloor } from '../clicks/floor';
import { machineLoad } from '../machine-load';
import { adminQuery } from '../../apps/server/test/test-database';
import { volumeInvariant } from '../clicks/volume-invariant';
import { pool } from '../bench-kit';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONTRACTS = Number(process.env.BENCH_ORDER_CONTRACTS ?? 1000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const FLOOR_CONCURRENCY = 20;
const RUN_LIMIT_MS = 900_000;
// Friday 2026-11-20 11:00 in Amsterdam: the click window is open whenever the bench runs.
const TRADING_MOMENT = new Date('2026-11-20T10:00:00Z').getTime();

const admin = (text: string) => adminQuery(ADMIN_URL, text);

/** Customers, users, contracts, ledgers and orders, written in bulk (this is not what is timed). */
async function seed(db: Db, now: Date): Promise<string[]> {
  const perContract = Math.ceil(ORDERS / CONTRACTS);
  if (perContract > 12) throw new Error('at most 12 orders per contract (one per month)');
  await sql`insert into market_offers (product, year_of_supply, maturity, market, price, quoted_at)
    select p, 2027, m, k, 80, ${now}
    from unnest(array['NL_POWER_PEAK', 'NL_POWER_OFFPEAK']) p,
      unnest(array['Y','Q1','Q2','Q3','Q4','M1','M2','M3','M4','M5','M6','M7','M8','M9','M10','M11','M12']) m,
      unnest(array['OTC', 'ICE']) k`.execute(db);
  await sql`insert into customers (name)
    select 'Orders ' || i || ' B.V.' from generate_series(1, ${CONTRACTS}) i`.execute(db);
  await sql`insert into users (username, name, password_hash, role, locale)
    select 'orders-' || c.id, 'Orders ' || c.id, 'not-used', 'customer', 'nl'
    from customers c`.execute(db);
  await sql`insert into user_customers (user_id, customer_id)
    select u.id, c.id from customers c join users u on u.username = 'orders-' || c.id`.execute(db);
  await sql`insert into contracts (contract_id, customer_id, commodity, product, click_type,
      click_option, mark_up, transaction_fee, contracted_volume)
    select 'KL-O' || lpad(c.id::text, 6, '0'), c.id, 'Power', 'Stroom Peak/Off-peak NL', null,
      'PRE_EOD', 2, 0.25, 2400
    from customers c`.execute(db);
  await sql`insert into position_months (contract_id, part, year_of_supply, month, total_volume)
    select k.id, part, 2027, month, 100
    from contracts k, unnest(array['Peak', 'OffPeak']) part, generate_series(1, 12) month`.execute(
    db,
  );
  // Half of each month: the floor's 1 MWh per contract still fits beside it.
  await sql`insert into standing_orders (customer_id, contract_id, year_of_supply, maturity, market,
      percentage, limit_price, valid_until, created_by, created_at)
    select k.customer_id, k.id, 2027, 'M' || m, 'OTC', 50, 80, '2026-12-31',
      u.id, ${now}
    from contracts k join users u on u.username = 'orders-' || k.customer_id,
      generate_series(1, ${perContract}) m
    order by k.id, m
    limit ${ORDERS}`.execute(db);
  const contracts = await db.selectFrom('contracts').select('contract_id').execute();
  return contracts.map((row) => row.contract_id);
}

/** The machine's load while the bench ran (1-minute average, per core). */
async function loadPerCore(): Promise<number> {
  const os = await import('node:os');
  return Number(((os.loadavg()[0] ?? 0) / os.cpus().length).toFixed(2));
}

async function main(): Promise<void> {
  const name = `klik_bench_orders_${process.pid}`;
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const machine = machineLoad();
  const started = Date.now();
  const now = () => new Date(TRADING_MOMENT + (Date.now() - started));
  const config = loadConfig({
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    SEED_DEMO: 'false',
    DATABASE_URL: url.toString(),
    MARKET_FEED: 'none',
    WEB_DIST_DIR: '/nonexistent',
  });
  const db = await createDatabase({ databaseUrl: url.toString(), dataDir: null });
  const app = await buildApp(config, { db, now });
  try {
    await migrateToLatest(db);
    const contractIds = await seed(db, now());
    const watch = app.priceWatches.get('standing-orders');
    if (!watch) throw new Error('the standing orders watcher is not registered');
    // The watcher's cursor starts before the tick.
    await watch.drain();

    // The tick: Peak at 75 on every month, so each order's click price (77.25 + 82.25) / 2 = 79.75
    // meets its limit of 80.
    const at = now();
    const t0 = performance.now();
    await app.market.recorder.record(
      MONTHS.map((maturity) => ({
        product: 'NL_POWER_PEAK' as const,
        yearOfSupply: 2027,
        maturity,
        market: 'OTC' as const,
        price: '75',
        at: at.toISOString(),
      })),
      'INGEST',
    );
    // A price is handed over once every transaction that began before it has ended (the watch's
    // horizon, modules/market/price-watch.ts): a transaction elsewhere may hold it back a moment.
    let handled = 0;
    while (handled < 12) {
      handled += await watch.drain();
      if (handled < 12) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const tickToLastMs = performance.now() - t0;
    const states = await sql<{ status: string; waiting_reason: string | null; count: number }>`
      select status, waiting_reason, count(*)::int as count from standing_orders
      group by status, waiting_reason order by status`.execute(db);
    const executed = states.rows
      .filter((row) => row.status === 'EXECUTED')
      .reduce((sum, row) => sum + row.count, 0);
    const unexplained = states.rows
      .filter((row) => row.status !== 'EXECUTED' && row.waiting_reason === null)
      .reduce((sum, row) => sum + row.count, 0);
    const clicks = await sql<{ count: number }>`select count(*)::int as count from clicks`.execute(
      db,
    );
    const afterOrders = await volumeInvariant(db);
    const load = await loadPerCore();

    // bench:clicks' floor on the same contracts and database, in the same run.
    const floor = await startClickFloor(url.toString());
    let floorDone = 0;
    const t1 = performance.now();
    try {
      const answers = await pool(
        contractIds.map((contractId) => async () => {
          const response = await fetch(floor.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ contractId, month: 12 }),
          });
          await response.arrayBuffer();
          return response.status;
        }),
        FLOOR_CONCURRENCY,
      );
      floorDone = answers.filter((status) => status === 200).length;
    } finally {
      await floor.close();
    }
    const floorPerSecond = floorDone / ((performance.now() - t1) / 1000);
    const perSecond = executed / (tickToLastMs / 1000);

    console.info(
      JSON.stringify(
        {
          orders: ORDERS,
          contracts: CONTRACTS,
          states: states.rows,
          clicks: clicks.rows[0]?.count,
          tickToLastExecutionMs: Math.round(tickToLastMs),
          executionsPerSecond: Math.round(perSecond),
          floorPerSecond: Math.round(floorPerSecond),
          ratioToFloor: Number((perSecond / floorPerSecond).toFixed(2)),
          loadPerCore: load,
          invariant: afterOrders,
        },
        null,
        2,
      ),
    );
    const ok =
      unexplained === 0 &&
      clicks.rows[0]?.count === executed &&
      afterOrders.overfilledMonths === 0 &&
      Number(afterOrders.ledgerMinusClicks) === 0;
    process.exitCode = machine.verdict(
      ok,
      'every order executed or waits for a stated reason; volume invariant holds',
      'INVARIANT OR EXPECTATION VIOLATED',
    );
  } finally {
    await app.close();
    await db.destroy();
    await admin(`drop database if exists ${name} with (force)`);
  }
}

const limit = setTimeout(() => {
  console.error(`bench:orders did not finish within ${RUN_LIMIT_MS / 1000} s`);
  process.exit(1);
}, RUN_LIMIT_MS);
limit.unref();

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
