// npm run bench:tpi
//
// GET /rest/tpi?size=200 for a TPI consultant with 200 customers x 5 contracts x 3 years of
// supply on PostgreSQL (3,000 contract years, about 54,000 ledger months, partly clicked, some
// clicks waiting for approval), asked one after the other. Next to it, the floor: a bare
// Fastify route on the same database that runs only the ledger's sum per contract, year and
// part for the same contracts and sends the app's answer bytes from memory, so the figures read
// as a ratio under any machine load. Target: the app's median under 500 ms.
// Needs PostgreSQL on 127.0.0.1:5432 (BENCH_DATABASE_URL to use another); creates and drops its
// own database, listens on loopback only, and ends by itself.
import Fastify from 'fastify';
import { sql } from 'kysely';
import { TpiPageSchema, TPI_PATHS } from '@klik/api';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/kernel/config/config';
import type { Db } from '../../apps/server/src/db/database';
import { benchSession, runBench, seedBenchBook, type BenchContext } from '../bench-kit';
import { machineLoad } from '../machine-load';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CUSTOMERS = 200;
const CONTRACTS_PER_CUSTOMER = 5;
const YEARS = [2027, 2028, 2029];
const REQUESTS = Number(process.env.BENCH_TPI_REQUESTS ?? 30);
const TARGET_MS = 500;
const RUN_LIMIT_MS = 240_000;

/** The consultant's book, written in a few set-based statements; answers a session token. */
async function seed(db: Db, now: Date): Promise<{ token: string; contractIds: number[] }> {
  const customers = await db
    .insertInto('customers')
    .values(Array.from({ length: CUSTOMERS }, (_, i) => ({ name: `Bench ${i} B.V.` })))
    .returning('id')
    .execute();
  const contracts = await seedBenchBook(db, {
    customerIds: customers.map(({ id }) => id),
    contractsPerCustomer: CONTRACTS_PER_CUSTOMER,
    years: YEARS,
  });
  await sql`
    insert into clicks (contract_id, year_of_supply, maturity, status, market, created_at)
    select id, 2027, 'Q2', 'PENDING_APPROVAL', 'OTC', ${now}
    from contracts where id % 7 = 0`.execute(db);
  await sql`insert into market_offers (product, year_of_supply, maturity, market, price, quoted_at)
    select p, y, 'Y', 'OTC', 80, ${now}
    from unnest(array['NL_POWER_PEAK', 'NL_POWER_OFFPEAK', 'TTF_GAS']) p,
      unnest(${sql.val(YEARS)}::int[]) y`.execute(db);

  const { id: userId } = await db
    .insertInto('users')
    .values({
      username: 'bench-tpi',
      name: 'Bench TPI',
      password_hash: 'not-used',
      role: 'consultant',
      locale: 'nl',
      allow_tpi_page: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_customers')
    .values(customers.map(({ id }) => ({ user_id: userId, customer_id: id })))
    .execute();
  const token = await benchSession(db, userId, now);
  return { token, contractIds: contracts.map((contract) => contract.id) };
}

/** Milliseconds per request, asked one after the other. */
async function timings(url: string, headers: Record<string, string>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

function at(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

async function main({ db, databaseUrl, closers }: BenchContext): Promise<void> {
  const { token, contractIds } = await seed(db, new Date());
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATABASE_URL: databaseUrl,
    MARKET_FEED: 'none',
    WEB_DIST_DIR: '/nonexistent',
  });
  const app = await buildApp(config, { db });
  closers.unshift(() => app.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const appBase = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const headers = { authorization: `Bearer ${token}` };
  const path = `${TPI_PATHS.all}?size=${CUSTOMERS}`;
  const first = await fetch(`${appBase}${path}`, { headers });
  const body = Buffer.from(await first.arrayBuffer());
  const page = TpiPageSchema.parse(JSON.parse(body.toString()));
  const lines = page.data.reduce(
    (n, customer) => n + customer.contracts.reduce((m, contract) => m + contract.years.length, 0),
    0,
  );

  // The floor: the ledger's one aggregate over the same contracts, then the same bytes.
  const floor = Fastify({ logger: false });
  floor.get(TPI_PATHS.all, async (_request, reply) => {
    await sql`select contract_id, year_of_supply, part, sum(total_volume), sum(clicked_volume),
        sum(clicked_cost)
      from position_months where contract_id in (${sql.join(contractIds)})
      group by contract_id, year_of_supply, part`.execute(db);
    return reply.type('application/json; charset=utf-8').send(body);
  });
  closers.unshift(() => floor.close());
  await floor.listen({ host: '127.0.0.1', port: 0 });
  const floorBase = `http://127.0.0.1:${(floor.server.address() as { port: number }).port}`;

  console.info(
    `${page.data.length} customers, ${lines} contract years, ${body.length} bytes; ` +
      `at ${new Date().toISOString()}`,
  );
  const load = machineLoad();
  // Warm both, then take turns so a busy moment of the machine does not fall on one side only.
  await timings(`${floorBase}${path}`, headers);
  await timings(`${appBase}${path}`, headers);
  const floorTimes = await timings(`${floorBase}${path}`, headers);
  const appTimes = await timings(`${appBase}${path}`, headers);
  const row = (label: string, times: number[]) =>
    `${label}: median ${at(times, 0.5).toFixed(1)} ms, p95 ${at(times, 0.95).toFixed(1)} ms`;
  console.info(`${REQUESTS} requests one after the other`);
  console.info(row('  floor (ledger sum + same bytes)', floorTimes));
  console.info(row('  Klik GET /rest/tpi?size=200', appTimes));
  const ratio = at(appTimes, 0.5) / at(floorTimes, 0.5);
  console.info(`  median ratio Klik / floor: ${ratio.toFixed(2)}`);
  const met = at(appTimes, 0.5) < TARGET_MS && page.data.length === CUSTOMERS;
  process.exitCode = load.verdict(met, `target met (median < ${TARGET_MS} ms)`, 'TARGET MISSED');
}

runBench({ adminUrl: ADMIN_URL, prefix: 'klik_bench_tpi', limitMs: RUN_LIMIT_MS }, main);
