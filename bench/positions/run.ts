// npm run bench:positions
//
// GET /rest/dashboardContractData/{id} for a dashboard of BENCH_CONTRACTS contracts (20) x 3 years
// on PostgreSQL, next to a bare Fastify route that sends the very same body from memory (the
// floor: what sending those bytes costs), in two modes:
// - quiet: the price feed off, so every answer after the first is kept;
// - trading day: the simulated feed ticks once a second (BENCH_TICK_MS), moving about a third of
//   every product's instruments each time, so the kept answers go stale as they do while the
//   markets trade.
// Each mode: flat out and at a fixed rate, floor and portal taking turns. Then the cold answer
// (every contract changed since it was last read) as a distribution of BENCH_COLD_SAMPLES.
// Needs PostgreSQL on 127.0.0.1:5432 (BENCH_DATABASE_URL to use another); creates and drops its
// own database, listens on loopback only.
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { ContractDataListSchema, POSITION_PATHS, pathTo } from '@klik/api';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/kernel/config/config';
import { createDatabase } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { BENCH_USER, seedBenchDashboard } from './seed-bench';
import { machineLoad } from '../machine-load';
import { adminQuery } from '../../apps/server/test/test-database';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONTRACTS = Number(process.env.BENCH_CONTRACTS ?? 20);
const CONNECTIONS = 10;
const TICK_MS = Number(process.env.BENCH_TICK_MS ?? 1000);
const COLD_SAMPLES = Number(process.env.BENCH_COLD_SAMPLES ?? 20);
/** Inside the OTC and ICE windows, so the feed quotes and the positions can be clicked. */
const CLOCK_START = '2026-11-23T11:00:00+01:00';
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
// Floor and Klik take turns, so a busy moment of the machine does not fall on one side only;
// each side's median round counts.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const FIXED_RATE = 100;
const TARGET_P99_MS = { quiet: 25, 'trading day': 50 } as const;
// The whole run must end: nothing may keep a machine busy unattended.
const RUN_LIMIT_MS = 480_000;

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

const admin = (text: string) => adminQuery(ADMIN_URL, text);

/** Flat out: as many requests as CONNECTIONS connections can get answered. */
async function flatOut(url: string, headers: Record<string, string>): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers,
    // A worker thread of its own, so the load generator does not share the servers' event loop.
    workers: 1,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** A fixed rate with evenly spaced requests (paced-load.mjs), in a worker thread. */
function paced(url: string, headers: Record<string, string>): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./paced-load.mjs', import.meta.url), {
      workerData: {
        url,
        headers,
        rate: FIXED_RATE,
        durationMs: DURATION_S * 1000,
        connections: CONNECTIONS,
      },
    });
    worker.once('message', (figures: Figures) => {
      resolve(figures);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

function median(runs: readonly Figures[]): Figures {
  const pick = (key: keyof Figures) => {
    const sorted = runs.map((run) => run[key]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  };
  return {
    requestsPerSecond: pick('requestsPerSecond'),
    p50: pick('p50'),
    p99: pick('p99'),
    errors: runs.reduce((n, run) => n + run.errors, 0),
  };
}

async function rounds(
  measure: (url: string, headers: Record<string, string>) => Promise<Figures>,
  floorUrl: string,
  appUrl: string,
  headers: Record<string, string>,
): Promise<{ floor: Figures; app: Figures }> {
  const floor: Figures[] = [];
  const app: Figures[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    floor.push(await measure(floorUrl, headers));
    app.push(await measure(appUrl, headers));
  }
  return { floor: median(floor), app: median(app) };
}

function row(name: string, figures: Figures): string {
  const ms = (value: number) => value.toFixed(1).padStart(6);
  return `${name.padEnd(34)} ${figures.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${ms(figures.p50)} ms   p99 ${ms(figures.p99)} ms   errors ${figures.errors}`;
}

const name = `klik_bench_${process.pid}`;

type Mode = keyof typeof TARGET_P99_MS;

interface Portal {
  base: string;
  headers: Record<string, string>;
  close: () => Promise<unknown>;
}

/** The real app on a loopback port, signed in as the bench's customer user. */
async function startPortal(databaseUrl: string, mode: Mode): Promise<Portal> {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: '/nonexistent/klik-web-dist',
    CLOCK_START,
    ...(mode === 'quiet'
      ? { MARKET_FEED: 'none' }
      : { MARKET_FEED: 'simulated', MARKET_FEED_INTERVAL_MS: String(TICK_MS) }),
  });
  const app = await buildApp(config);
  await app.listen({ host: '127.0.0.1', port: 0 });
  // As server.ts does: the feed, the click desk and the watchers run beside the requests.
  app.startBackgroundJobs();
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const login = await fetch(`${base}/rest/authentication/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_USER),
  });
  const { token } = (await login.json()) as { token: string };
  // As the browser sends them: the session token, the XSRF cookie it was given, and the
  // compressed forms it accepts (so the answer's compression is part of what is measured).
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const headers = {
    authorization: `Bearer ${token}`,
    cookie: `XSRF-TOKEN=${xsrf}`,
    'accept-encoding': 'br, gzip',
  };
  return { base, headers, close: () => app.close() };
}

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

async function offersVersion(db: Awaited<ReturnType<typeof createDatabase>>): Promise<bigint> {
  const row = await db
    .selectFrom('data_versions')
    .select('version')
    .where('name', '=', 'market_offers')
    .executeTakeFirstOrThrow();
  return BigInt(row.version);
}

async function main(): Promise<void> {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  await admin(`create database ${name}`);
  const closers: (() => Promise<unknown>)[] = [];
  try {
    const db = await createDatabase({ databaseUrl: url.toString(), dataDir: null });
    closers.push(() => db.destroy());
    await migrateToLatest(db);
    const dashboardId = await seedBenchDashboard(db, CONTRACTS);
    // A running database is vacuumed and analysed; a freshly loaded one not yet.
    await sql`vacuum analyze`.execute(db);
    const path = pathTo(POSITION_PATHS.dashboardContractData, { dashboardId });

    let portal = await startPortal(url.toString(), 'quiet');
    closers.unshift(() => portal.close());
    const first = await fetch(`${portal.base}${path}`, { headers: portal.headers });
    const body = await first.text();
    const contracts = ContractDataListSchema.parse(JSON.parse(body));
    const statuses = contracts.reduce(
      (n, c) =>
        n +
        c.statusPerContract.yearStatuses.length +
        c.statusPerContract.quarterStatuses.length +
        c.statusPerContract.monthStatuses.length,
      0,
    );

    // The floor sends the bytes as they are: nothing could answer these bytes for less.
    const bytes = Buffer.from(body);
    const floor = Fastify({ logger: false });
    floor.get(POSITION_PATHS.dashboardContractData, async (_request, reply) =>
      reply.type('application/json; charset=utf-8').send(bytes),
    );
    closers.unshift(() => floor.close());
    await floor.listen({ host: '127.0.0.1', port: 0 });
    const floorUrl = `http://127.0.0.1:${(floor.server.address() as { port: number }).port}${path}`;

    console.info(
      `dashboard of ${contracts.length} contracts, ${statuses} statuses, ${body.length} bytes; ` +
        `at ${new Date().toISOString()}`,
    );
    const load = machineLoad();

    // The cold answer: every contract of the dashboard changed since it was last read, so all of
    // them are read and prepared again.
    const cold: number[] = [];
    for (let sample = 0; sample < COLD_SAMPLES; sample += 1) {
      await sql`update contracts set run_out = run_out`.execute(db);
      const started = performance.now();
      const answer = await fetch(`${portal.base}${path}`, { headers: portal.headers });
      await answer.arrayBuffer();
      cold.push(performance.now() - started);
    }
    cold.sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.info(
      `cold answer (all ${contracts.length} contracts changed), ${COLD_SAMPLES} samples: ` +
        `min ${ms(cold[0] ?? 0)}, p50 ${ms(percentile(cold, 0.5))}, p90 ${ms(percentile(cold, 0.9))}, max ${ms(cold.at(-1) ?? 0)}`,
    );

    let met = true;
    for (const mode of ['quiet', 'trading day'] as const) {
      if (mode === 'trading day') {
        await portal.close();
        portal = await startPortal(url.toString(), mode);
      }
      const appUrl = `${portal.base}${path}`;
      // Warm both before measuring.
      await flatOut(floorUrl, portal.headers);
      await flatOut(appUrl, portal.headers);
      const before = await offersVersion(db);
      const flat = await rounds(flatOut, floorUrl, appUrl, portal.headers);
      const fixed = await rounds(paced, floorUrl, appUrl, portal.headers);
      const prices = (await offersVersion(db)) - before;
      load.note();
      const ratio = flat.app.requestsPerSecond / flat.floor.requestsPerSecond;
      const target = TARGET_P99_MS[mode];
      console.info(
        `\n${mode}: ${prices} changes of the offers while measuring` +
          (mode === 'quiet' ? ' (feed off)' : ` (feed ticking every ${TICK_MS} ms)`),
      );
      console.info(`flat out, ${CONNECTIONS} connections, median of ${ROUNDS} x ${DURATION_S} s`);
      console.info(row('  floor (same body from memory)', flat.floor));
      console.info(row('  Klik', flat.app));
      console.info(`  throughput ratio Klik / floor: ${ratio.toFixed(2)}`);
      console.info(
        `fixed rate ${FIXED_RATE} req/s, evenly spaced, up to ${CONNECTIONS} connections, ` +
          `median of ${ROUNDS} x ${DURATION_S} s`,
      );
      console.info(row('  floor (same body from memory)', fixed.floor));
      console.info(row('  Klik', fixed.app));
      console.info(
        `  Klik p99 at ${FIXED_RATE} req/s: ${fixed.app.p99.toFixed(1)} ms (target < ${target} ms), ` +
          `${(fixed.app.p99 / Math.max(fixed.floor.p99, 0.1)).toFixed(1)} x the floor's`,
      );
      const modeMet =
        (mode === 'quiet' ? ratio >= 0.5 : true) &&
        fixed.app.p99 < target &&
        flat.app.errors + fixed.app.errors === 0 &&
        (mode === 'quiet' || prices > 0n);
      met &&= modeMet;
    }
    process.exitCode = load.verdict(met);
  } finally {
    for (const close of closers) await close().catch(() => {});
    await admin(`drop database if exists ${name} with (force)`);
  }
}

const limit = setTimeout(() => {
  console.error(`benchmark exceeded ${RUN_LIMIT_MS / 1000} s; stopping`);
  void admin(`drop database if exists ${name} with (force)`)
    .catch(() => {})
    .finally(() => process.exit(2));
}, RUN_LIMIT_MS);
limit.unref();

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
