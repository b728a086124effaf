// npm run bench:cluster
//
// Klik as a supplier deploys it (scripts/cluster.mjs: instances of the built server on one
// PostgreSQL and Redis behind HAProxy, round robin) under the load of a trading day, for
// BENCH_CLUSTER_SECONDS with the simulated feed ticking:
//  - BENCH_CLUSTER_CLIENTS websocket clients through HAProxy, in client processes of their own,
//    spread over FANOUT_CUSTOMERS-like customers (bench/fanout's seed);
//  - positions requests (a dashboard of 20 contracts x 3 years) at a fixed rate through HAProxy;
//  - a burst of clicks (quote + execute as customer users) on positions that never overlap;
//  - a probe price a second pushed into the first instance's own port (the ingest endpoint),
//    timed from just before that call to its arrival at every client that must receive it, on
//    every instance: which instance holds a client is read from its keep-alives (clients.ts).
// The same load runs against 3 instances and against 1 (the comparison), each on a database of
// its own that the cluster drops when it stops. After each, in the database: no month over-filled,
// the ledger equals the clicks, no position clicked twice.
//
// Knobs (environment):
//   BENCH_CLUSTER_CLIENTS            websocket clients (default 3000)
//   BENCH_CLUSTER_SECONDS            the measured window (default 60)
//   BENCH_CLUSTER_INSTANCES          the cluster's size (default 3); 1 is always run beside it
//   BENCH_CLUSTER_CUSTOMERS          customers the clients are spread over (default 100)
//   BENCH_CLUSTER_POSITIONS_RATE     positions requests per second (default 50)
//   BENCH_CLUSTER_CLICKS             clicks in the burst (default 600)
//   BENCH_CLUSTER_CLICK_CONCURRENCY  users clicking at once (default 20)
//   BENCH_CLUSTER_CLIENT_PROCESSES   client processes (default 2)
//   BENCH_CLUSTER_TICK_MS            the feed's tick (default 1000)
//   BENCH_CLUSTER_TIME_LIMIT_S       the whole run stops after this (default 900), exit 1
//   BENCH_DATABASE_URL               PostgreSQL admin URL (default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_REDIS_URL                  Redis (default redis://127.0.0.1:6379; a channel prefix per run)
//
// Exit: 0 no errors and volumes right, 1 otherwise, 3 no pass (the load average rose above the
// core count).
import { killAll, onFatal } from '../fanout/processes';
import { machineLoad } from '../machine-load';
import { stopAllClusters } from './cluster';
import { runPhase, type PhaseSettings } from './phase';
import { errorCount, printComparison, printPhase, type PhaseResult } from './report';

const number = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

const CLIENTS = number('BENCH_CLUSTER_CLIENTS', 3000);
const SECONDS = number('BENCH_CLUSTER_SECONDS', 60);
const INSTANCES = number('BENCH_CLUSTER_INSTANCES', 3);
const CUSTOMERS = number('BENCH_CLUSTER_CUSTOMERS', 100);
const POSITIONS_RATE = number('BENCH_CLUSTER_POSITIONS_RATE', 50);
const CLICKS = number('BENCH_CLUSTER_CLICKS', 600);
const CLICK_CONCURRENCY = number('BENCH_CLUSTER_CLICK_CONCURRENCY', 20);
const CLIENT_PROCESSES = number('BENCH_CLUSTER_CLIENT_PROCESSES', 2);
const TICK_MS = number('BENCH_CLUSTER_TICK_MS', 1000);
const TIME_LIMIT_S = number('BENCH_CLUSTER_TIME_LIMIT_S', 900);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Inside the OTC and ICE windows, as bench:positions has it: the clicks are allowed. */
const CLOCK_START = '2026-11-23T11:00:00+01:00';

function stop(message: string, code: number): void {
  console.error(message);
  killAll();
  // Each cluster drains its instances and drops its database on SIGTERM.
  void stopAllClusters().finally(() => process.exit(code));
}

const limit = setTimeout(
  () => stop(`bench:cluster did not finish within ${TIME_LIMIT_S} s`, 1),
  TIME_LIMIT_S * 1000,
);
limit.unref();
onFatal((message) => stop(message, 1));
process.on('SIGINT', () => stop('bench:cluster interrupted', 130));
// Best effort when the run ends some other way: the clusters are told, not waited for.
process.on('exit', () => void stopAllClusters());

async function main(): Promise<void> {
  const counts = [CLIENTS, SECONDS, CUSTOMERS, POSITIONS_RATE, CLICKS, CLICK_CONCURRENCY];
  if (!counts.every((n) => n >= 1) || !(INSTANCES >= 2)) {
    console.error('bench:cluster: every knob must be >= 1, BENCH_CLUSTER_INSTANCES >= 2');
    process.exit(2);
  }
  console.info(
    `bench:cluster: ${CLIENTS} clients over ${CUSTOMERS} customers, ${SECONDS} s with the feed ` +
      `ticking every ${TICK_MS} ms, positions at ${POSITIONS_RATE}/s, a burst of ${CLICKS} clicks ` +
      `(${CLICK_CONCURRENCY} users at once); ${INSTANCES} instances, then 1`,
  );
  const load = machineLoad();
  const settings = (instances: number): PhaseSettings => ({
    instances,
    adminUrl: ADMIN_URL,
    redisUrl: REDIS_URL,
    clients: CLIENTS,
    customers: CUSTOMERS,
    clientProcesses: CLIENT_PROCESSES,
    seconds: SECONDS,
    positionsRate: POSITIONS_RATE,
    clicks: CLICKS,
    clickConcurrency: CLICK_CONCURRENCY,
    tickMs: TICK_MS,
    clockStart: CLOCK_START,
    noteLoad: () => load.note(),
  });
  const results: PhaseResult[] = [];
  for (const instances of [INSTANCES, 1]) {
    const result = await runPhase(settings(instances));
    printPhase(result);
    results.push(result);
  }
  const [cluster, single] = results as [PhaseResult, PhaseResult];
  printComparison(cluster, single);
  console.info('');
  const met = results.every((result) => errorCount(result) === 0);
  process.exit(load.verdict(met, 'no errors, volumes right', 'ERRORS OR VOLUMES WRONG'));
}

main().catch((error: unknown) => stop(`bench:cluster failed: ${String(error)}`, 1));
