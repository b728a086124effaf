// npm run bench:positions
//
// GET /rest/dashboardContractData/{id} for a dashboard of 20 contracts x 3 years on PostgreSQL,
// next to a bare Fastify route that sends the very same body from memory (the floor: what
// sending those bytes costs). Both flat out and at a fixed rate the floor holds easily.
// Needs PostgreSQL on 127.0.0.1:5432 (BENCH_DATABASE_URL to use another); creates and drops its
// own database, listens on loopback only.
import { cpus, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { ContractDataListSchema } from '@klik/api';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { BENCH_USER, seedBenchDashboard } from './seed-bench';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONTRACTS = 20;
const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
// Floor and Klik take turns, so a busy moment of the machine does not fall on one side only;
// each side's median round counts.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const FIXED_RATE = 200;
// The whole run must end: nothing may keep a machine busy unattended.
const RUN_LIMIT_MS = 240_000;

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

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

    const config = loadConfig({
      DATABASE_URL: url.toString(),
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: '/nonexistent/klik-web-dist',
      MARKET_FEED: 'none',
    });
    const app = await buildApp(config);
    closers.unshift(() => app.close());
    await app.listen({ host: '127.0.0.1', port: 0 });
    const appBase = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

    const login = await fetch(`${appBase}/rest/authentication/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_USER),
    });
    const { token } = (await login.json()) as { token: string };
    const path = `/rest/dashboardContractData/${dashboardId}`;
    const started = performance.now();
    const first = await fetch(`${appBase}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = await first.text();
    const coldMs = performance.now() - started;
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
    floor.get('/rest/dashboardContractData/:id', async (_request, reply) =>
      reply.type('application/json; charset=utf-8').send(bytes),
    );
    closers.unshift(() => floor.close());
    await floor.listen({ host: '127.0.0.1', port: 0 });
    const floorBase = `http://127.0.0.1:${(floor.server.address() as { port: number }).port}`;

    console.info(
      `dashboard of ${contracts.length} contracts, ${statuses} statuses, ${body.length} bytes; ` +
        `first (cold) answer in ${coldMs.toFixed(0)} ms; at ${new Date().toISOString()}`,
    );
    // Other work on the machine moves every figure; the load says how much there was.
    const load = () => loadavg()[0]?.toFixed(1) ?? '?';
    console.info(`${cpus().length} CPUs, load average ${load()} before measuring`);
    // As the browser sends them: the session token, and the XSRF cookie it was given.
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const headers = { authorization: `Bearer ${token}`, cookie: `XSRF-TOKEN=${xsrf}` };
    const floorUrl = `${floorBase}${path}`;
    const appUrl = `${appBase}${path}`;
    // Warm both before measuring.
    await flatOut(floorUrl, headers);
    await flatOut(appUrl, headers);

    const flat = await rounds(flatOut, floorUrl, appUrl, headers);
    const fixed = await rounds(paced, floorUrl, appUrl, headers);
    console.info(`load average ${load()} after measuring`);
    const ratio = flat.app.requestsPerSecond / flat.floor.requestsPerSecond;
    console.info(`flat out, ${CONNECTIONS} connections, median of ${ROUNDS} x ${DURATION_S} s`);
    console.info(row('  floor (same body from memory)', flat.floor));
    console.info(row('  Klik', flat.app));
    console.info(`  throughput ratio Klik / floor: ${ratio.toFixed(2)} (target >= 0.50)`);
    console.info(
      `fixed rate ${FIXED_RATE} req/s, evenly spaced, up to ${CONNECTIONS} connections, ` +
        `median of ${ROUNDS} x ${DURATION_S} s`,
    );
    console.info(row('  floor (same body from memory)', fixed.floor));
    console.info(row('  Klik', fixed.app));
    console.info(
      `  Klik p99 at ${FIXED_RATE} req/s: ${fixed.app.p99.toFixed(1)} ms (target < 25 ms)`,
    );
    const appFlat = flat.app;
    const appFixed = fixed.app;
    const met = ratio >= 0.5 && appFixed.p99 < 25 && appFlat.errors + appFixed.errors === 0;
    console.info(met ? 'targets met' : 'TARGETS MISSED');
    process.exitCode = met ? 0 : 1;
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
