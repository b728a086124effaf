// npm run bench:fanout [-- N]
//
// Latency of a price from the instant it ENTERS the portal (just before the bench's call to
// POST /rest/market/prices, the ingest endpoint: the database transaction, the audit line, the
// event bus and the websocket hub's per-customer filter are all inside) to its arrival in each
// websocket client that must receive it, next to the floor: a bare `ws` server that takes the
// same HTTP call and writes the same message to the same clients, in the same run.
//
// Clients spread over FANOUT_CUSTOMERS customers with different portfolios (seven audiences);
// each price is for one market product and must reach exactly the clients whose customer holds
// it: every delivery is checked (missing, unwanted, twice, late). The portal runs as in
// production (apps/server/src/server.ts, a process per instance) on a PostgreSQL database of
// the bench's own (created and dropped here); the floor and each server's clients run in
// processes of their own. Loopback only; the run ends by itself.
//
// Knobs (environment):
//   FANOUT_CLIENTS            websocket clients per server (default 5000; or the first argument)
//   FANOUT_CUSTOMERS          customers the clients are spread over (default 100)
//   FANOUT_ROUNDS             measured rounds per mode (default 20), after 4 warm-up rounds
//   FANOUT_MODE               single | redis | both (default both): one instance on the in-process
//                             bus, and/or two instances over Redis with half the clients each
//                             (prices enter on the first)
//   FANOUT_CLIENT_PROCESSES   client processes per server side (default 2)
//   FANOUT_INTERVAL_MS        pause after each round (default 250)
//   FANOUT_ROUND_TIMEOUT_MS   a round is given up after this (default 10000); missing ones count
//   FANOUT_TIME_LIMIT_S       the whole run stops after this (default 900), exit 1
//   BENCH_DATABASE_URL        PostgreSQL admin URL (default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_REDIS_URL           Redis for the redis mode (default redis://127.0.0.1:6379); the run
//                             uses a channel prefix of its own
//
// Exit: 0 targets met, 1 missed (p99 Klik / bare above 1.5 in a mode, or a delivery wrong),
// 3 no pass (the load average rose above the core count).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { machineLoad } from '../machine-load';
import { runMode } from './mode';
import { killAll, onFatal } from './processes';
import { printComparison, printMode, type ModeResult } from './report';
import { seedFanoutDatabase, type BenchDatabase } from './seed';

const CLIENTS = Number(process.argv[2] ?? process.env.FANOUT_CLIENTS ?? 5000);
const CUSTOMERS = Number(process.env.FANOUT_CUSTOMERS ?? 100);
const ROUNDS = Number(process.env.FANOUT_ROUNDS ?? 20);
const MODE = process.env.FANOUT_MODE ?? 'both';
const CLIENT_PROCESSES = Number(process.env.FANOUT_CLIENT_PROCESSES ?? 2);
const INTERVAL_MS = Number(process.env.FANOUT_INTERVAL_MS ?? 250);
const ROUND_TIMEOUT_MS = Number(process.env.FANOUT_ROUND_TIMEOUT_MS ?? 10_000);
const TIME_LIMIT_S = Number(process.env.FANOUT_TIME_LIMIT_S ?? 900);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
// One round per market product, so every product and audience is warm before measuring.
const WARMUP_ROUNDS = 4;
// Each client holds a socket in a client process and one in its server (its own process too):
// the file limit per process bounds the clients per process, plus a margin for the rest.
const FILE_MARGIN = 200;

let database: BenchDatabase | null = null;

async function cleanUp(): Promise<void> {
  const dropping = database;
  database = null;
  await dropping?.drop().catch((error: unknown) => {
    console.error('bench database not dropped:', error);
  });
}

function stop(message: string, code: number): void {
  console.error(message);
  // The servers first: a database dropped under them would only add their errors to the output.
  killAll();
  void cleanUp().finally(() => process.exit(code));
}

const limit = setTimeout(
  () => stop(`bench:fanout did not finish within ${TIME_LIMIT_S} s`, 1),
  TIME_LIMIT_S * 1000,
);
limit.unref();
onFatal((message) => stop(message, 1));
process.on('SIGINT', () => stop('bench:fanout interrupted', 130));

function settingsProblem(): string | null {
  if (!['single', 'redis', 'both'].includes(MODE)) return 'FANOUT_MODE: single, redis or both';
  if (!(CLIENTS >= 1) || !(CUSTOMERS >= 1) || !(ROUNDS >= 1) || !(CLIENT_PROCESSES >= 1)) {
    return 'FANOUT_CLIENTS, FANOUT_CUSTOMERS, FANOUT_ROUNDS and FANOUT_CLIENT_PROCESSES must be >= 1';
  }
  const fileLimit = fileLimitOfThisProcess();
  // The single instance holds every client's socket; one client process a share of them.
  if (CLIENTS + FILE_MARGIN > fileLimit) {
    return `${CLIENTS} clients need ${CLIENTS + FILE_MARGIN} open files in the server process; the limit is ${fileLimit}`;
  }
  return null;
}

function fileLimitOfThisProcess(): number {
  // Node has no getrlimit; /proc says it on Linux, and elsewhere the check is left to the OS.
  try {
    const limits = readFileSync('/proc/self/limits', 'utf8');
    const line = limits.split('\n').find((l) => l.startsWith('Max open files'));
    const soft = Number(line?.split(/\s+/)[3]);
    return Number.isFinite(soft) ? soft : Infinity;
  } catch {
    return Infinity;
  }
}

async function main(): Promise<void> {
  const problem = settingsProblem();
  if (problem) {
    console.error(`bench:fanout: ${problem}`);
    process.exit(2);
  }
  const modes = MODE === 'both' ? (['single', 'redis'] as const) : [MODE as 'single' | 'redis'];
  console.info(
    `bench:fanout: ${CLIENTS} clients per server over ${CUSTOMERS} customers, ${ROUNDS} rounds, ` +
      `modes ${modes.join(' + ')}, ${CLIENT_PROCESSES} client processes per server`,
  );
  const seeding = Date.now();
  database = await seedFanoutDatabase(ADMIN_URL, CUSTOMERS, CLIENTS);
  console.info(
    `seeded ${CUSTOMERS} customers (${database.audiences} audiences) and ${CLIENTS} sessions in ${((Date.now() - seeding) / 1000).toFixed(1)} s`,
  );
  const load = machineLoad();
  const results: ModeResult[] = [];
  for (const mode of modes) {
    results.push(
      await runMode({
        mode,
        databaseUrl: database.url,
        clients: database.clients,
        rounds: ROUNDS,
        warmupRounds: WARMUP_ROUNDS,
        intervalMs: INTERVAL_MS,
        roundTimeoutMs: ROUND_TIMEOUT_MS,
        clientProcesses: CLIENT_PROCESSES,
        redis: { url: REDIS_URL, prefix: `klik-bench-fanout-${randomBytes(5).toString('hex')}` },
        ingestKey: randomBytes(24).toString('hex'),
        noteLoad: () => load.note(),
      }),
    );
  }
  const met = results.map((result) => printMode(result)).every(Boolean);
  const single = results.find((r) => r.mode === 'single');
  const redis = results.find((r) => r.mode === 'redis');
  if (single && redis) printComparison(single, redis);
  console.info('');
  const verdict = load.verdict(met);
  await cleanUp();
  process.exit(verdict);
}

main().catch(async (error: unknown) => {
  console.error('bench:fanout failed:', error);
  await cleanUp();
  process.exit(1);
});
