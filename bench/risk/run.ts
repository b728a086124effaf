// npm run bench:risk
//
// The risk figures (docs/risk.md) on PostgreSQL while the simulated feed ticks (BENCH_TICK_MS,
// 1 s, inside the trading window), with RISK_PATHS paths (10,000):
// - GET /rest/risk/{customerId} for a customer with 20 contracts x 3 years of supply, asked one
//   after the other for BENCH_DURATION_S seconds: p50 and p99. A tick that moves one of the
//   customer's year prices makes the next request simulate again; the others use the kept one.
// - GET /rest/tpi?size=200&sort=-costAtRisk for a TPI consultant with 200 customers (3 contracts
//   x 3 years each), the ranking of the whole book, BENCH_TPI_REQUESTS times.
// Next to each, the floor measured in the same run: drawing the same number of random paths
// (one normal per product and path, Math.random and Box-Muller) and summing every open line's
// cost along them in a plain loop, nothing kept, sorted or sent. Reports; asserts nothing.
// Needs PostgreSQL on 127.0.0.1:5432 (BENCH_DATABASE_URL to use another); creates and drops its
// own database, listens on loopback only, and ends by itself.
import { sql } from 'kysely';
import { CustomerRiskSchema, pathTo, RISK_PATHS, TPI_PATHS, TpiPageSchema } from '@klik/api';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/kernel/config/config';
import type { Db } from '../../apps/server/src/db/database';
import { raceUser } from '../../apps/server/test/race-app';
import { benchSession, runBench, seedBenchBook, type BenchContext } from '../bench-kit';
import { machineLoad } from '../machine-load';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PATHS = Number(process.env.RISK_PATHS ?? 10_000);
const TICK_MS = Number(process.env.BENCH_TICK_MS ?? 1000);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 15);
const TPI_REQUESTS = Number(process.env.BENCH_TPI_REQUESTS ?? 8);
const BIG_CONTRACTS = 20;
const TPI_CUSTOMERS = 200;
const TPI_CONTRACTS = 3;
const YEARS = [2027, 2028, 2029];
/** Inside the OTC window, so the feed quotes. */
const CLOCK_START = '2026-11-23T11:00:00+01:00';
const HISTORY_DAYS = 200;
const RUN_LIMIT_MS = 480_000;

/** The big customer, the consultant's 200, a year of daily closes; answers session tokens. */
async function seed(db: Db, now: Date) {
  const customers = await db
    .insertInto('customers')
    .values(Array.from({ length: TPI_CUSTOMERS + 1 }, (_, i) => ({ name: `Bench ${i} B.V.` })))
    .returning('id')
    .execute();
  const [big, ...book] = customers.map((customer) => customer.id);
  await seedBenchBook(db, {
    customerIds: [big!],
    contractsPerCustomer: BIG_CONTRACTS,
    years: YEARS,
  });
  await seedBenchBook(
    db,
    { customerIds: book, contractsPerCustomer: TPI_CONTRACTS, years: YEARS },
    BIG_CONTRACTS,
  );
  // Half the book has a budget per contract year, so the probability above the band is asked.
  await sql`
    insert into budgets (contract_id, year_of_supply, budget_price, lower_bound, upper_bound)
    select c.id, y, 75, 60, 90 from contracts c cross join unnest(${sql.val(YEARS)}::int[]) y
    where c.id % 2 = 0`.execute(db);
  await sql`insert into market_offers (product, year_of_supply, maturity, market, price, quoted_at)
    select p, y, 'Y', 'OTC', 80, ${now}
    from unnest(array['NL_POWER_PEAK', 'NL_POWER_OFFPEAK', 'TTF_GAS']) p,
      unnest(${sql.val(YEARS)}::int[]) y`.execute(db);
  // Daily closes of the year instruments before today: the estimation's window has its data.
  await sql`
    insert into market_prices (product, year_of_supply, maturity, market, price, at, source)
    select p, y, 'Y', 'OTC',
      round((80 * exp(0.02 * sin(d * 1.7 + y) + 0.015 * cos(d * 0.9 + length(p))))::numeric, 4),
      ${now}::timestamptz - make_interval(days => d), 'SIMULATED'
    from unnest(array['NL_POWER_PEAK', 'NL_POWER_OFFPEAK', 'TTF_GAS']) p,
      unnest(${sql.val(YEARS)}::int[]) y, generate_series(1, ${HISTORY_DAYS}) d`.execute(db);
  // Consultants: one who sees the big customer, one with the TPI page for the 200.
  const owner = await raceUser(db, now, 'consultant', [big!]);
  const consultant = await raceUser(db, now, 'consultant', book);
  return {
    bigCustomer: big!,
    ownerToken: await benchSession(db, owner.user.id, now),
    tpiToken: await benchSession(db, consultant.user.id, now),
  };
}

/** The floor: `paths` paths of three normals, `lines` open lines summed along each. */
function floorMs(paths: number, lines: number): number {
  const started = performance.now();
  const weights = Array.from({ length: lines }, (_, i) => 1000 * (70 + i));
  let total = 0;
  for (let path = 0; path < paths; path += 1) {
    const r = Math.sqrt(-2 * Math.log(1 - Math.random()));
    const angle = 2 * Math.PI * Math.random();
    const z = [
      r * Math.cos(angle),
      r * Math.sin(angle),
      Math.sqrt(-2 * Math.log(1 - Math.random())),
    ];
    let cost = 0;
    for (let line = 0; line < lines; line += 1) {
      cost += weights[line]! * Math.exp(0.5 * z[line % 3]! - 0.125);
    }
    total += cost;
  }
  if (!Number.isFinite(total)) throw new Error('the floor lost its sum');
  return performance.now() - started;
}

function at(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

async function timed(url: string, token: string): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${body.slice(0, 200)}`);
  return { ms: performance.now() - started, body };
}

async function main({ db, databaseUrl, closers }: BenchContext): Promise<void> {
  const { bigCustomer, ownerToken, tpiToken } = await seed(db, new Date(CLOCK_START));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATABASE_URL: databaseUrl,
    WEB_DIST_DIR: '/nonexistent',
    CLOCK_START,
    MARKET_FEED: 'simulated',
    MARKET_FEED_INTERVAL_MS: String(TICK_MS),
    RISK_PATHS: String(PATHS),
  });
  const app = await buildApp(config, { db });
  closers.unshift(() => app.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  app.startBackgroundJobs();
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const customerUrl = `${base}${pathTo(RISK_PATHS.customer, { customerId: bigCustomer })}`;
  const tpiUrl = `${base}${TPI_PATHS.all}?size=${TPI_CUSTOMERS}&sort=-costAtRisk`;

  const first = await timed(customerUrl, ownerToken);
  const risk = CustomerRiskSchema.parse(JSON.parse(first.body));
  const openLines = risk.years.reduce(
    (n, year) => n + year.markToMarket.filter((part) => Number(part.openVolume) > 0).length,
    0,
  );
  console.info(
    `customer: ${BIG_CONTRACTS} contracts, ${risk.years.length} commodity years, ` +
      `${openLines} open lines, ${PATHS} paths; first answer ${first.ms.toFixed(1)} ms; ` +
      `estimated from history: ${risk.method.volatilities.every((v) => !v.fallback)}`,
  );
  const load = machineLoad();

  // While the feed ticks: one request after the other for DURATION_S seconds.
  const times: number[] = [];
  const until = performance.now() + DURATION_S * 1000;
  while (performance.now() < until) times.push((await timed(customerUrl, ownerToken)).ms);
  times.sort((a, b) => a - b);
  const floors = Array.from({ length: 9 }, () => floorMs(PATHS, openLines)).sort((a, b) => a - b);
  const floor = at(floors, 0.5);
  load.note();
  console.info(
    `GET /rest/risk/{id}, ${times.length} requests while the feed ticks every ${TICK_MS} ms`,
  );
  console.info(
    `  Klik: p50 ${at(times, 0.5).toFixed(1)} ms, p99 ${at(times, 0.99).toFixed(1)} ms, max ` +
      `${at(times, 1).toFixed(1)} ms`,
  );
  console.info(`  floor (${PATHS} paths x ${openLines} lines, plain loop): ${floor.toFixed(1)} ms`);
  console.info(`  p99 ratio Klik / floor: ${(at(times, 0.99) / floor).toFixed(1)}`);

  // The TPI ranking of 200 customers, also while the feed ticks.
  const tpiTimes: number[] = [];
  let page = null;
  for (let i = 0; i < TPI_REQUESTS; i += 1) {
    const answer = await timed(tpiUrl, tpiToken);
    tpiTimes.push(answer.ms);
    page ??= TpiPageSchema.parse(JSON.parse(answer.body));
  }
  const coldTpi = tpiTimes[0]!;
  tpiTimes.sort((a, b) => a - b);
  const tpiLines = page!.data.reduce(
    (n, customer) =>
      n +
      customer.contracts.reduce(
        (m, contract) =>
          m +
          contract.years.reduce(
            (k, year) => k + year.parts.filter((part) => Number(part.openVolume) > 0).length,
            0,
          ),
        0,
      ),
    0,
  );
  const tpiFloor = Array.from({ length: 3 }, () =>
    Array.from({ length: TPI_CUSTOMERS }, () =>
      floorMs(PATHS, Math.ceil(tpiLines / TPI_CUSTOMERS)),
    ).reduce((sum, ms) => sum + ms, 0),
  ).sort((a, b) => a - b)[1]!;
  load.note();
  console.info(
    `GET /rest/tpi?size=200&sort=-costAtRisk, ${page!.data.length} customers, ${tpiLines} open ` +
      `lines, ${TPI_REQUESTS} requests while the feed ticks`,
  );
  console.info(
    `  Klik: first ${coldTpi.toFixed(0)} ms, median ${at(tpiTimes, 0.5).toFixed(0)} ms, max ` +
      `${at(tpiTimes, 1).toFixed(0)} ms`,
  );
  console.info(`  floor (200 x ${PATHS} paths, plain loop): ${tpiFloor.toFixed(0)} ms`);
  console.info(`  median ratio Klik / floor: ${(at(tpiTimes, 0.5) / tpiFloor).toFixed(1)}`);
  process.exitCode = load.verdict(true, 'reported (bench:risk asserts no target)');
}

runBench({ adminUrl: ADMIN_URL, prefix: 'klik_bench_risk', limitMs: RUN_LIMIT_MS }, main);
