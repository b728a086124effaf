// One cluster size of bench:cluster: start the cluster, seed its database, connect the clients
// through HAProxy, then for the measured window at once: positions requests at a fixed rate, a
// burst of clicks, and a probe price a second pushed into the first instance's own port, all
// with the simulated feed ticking; then the figures and the volume check.
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { MARKET_PRODUCTS, MARKET_PATHS } from '@klik/api';
import { createDatabase } from '../../apps/server/src/db/database';
import { Driven } from '../fanout/processes';
import type { BurstResult } from './click-burst';
import { startCluster, type RunningCluster } from './cluster';
import { ClusterFleet, InstanceStamps } from './fleet';
import { deliveryFigures, type PhaseResult, type PositionsFigures } from './report';
import { seedCluster } from './seed';
import { checkVolumes, clicksSettled } from './verify';

export interface PhaseSettings {
  instances: number;
  adminUrl: string;
  redisUrl: string;
  clients: number;
  customers: number;
  clientProcesses: number;
  seconds: number;
  positionsRate: number;
  clicks: number;
  clickConcurrency: number;
  tickMs: number;
  clockStart: string;
  noteLoad: () => void;
}

/** Instance keep-alives this often, so every client is told its instance within seconds. */
const KEEPALIVE_SECONDS = 3;
const PROBE_INTERVAL_MS = 1000;
const PROBE_TIMEOUT_MS = 10_000;
/** A positions request not answered by then counts as an error. */
const POSITIONS_TIMEOUT_MS = 30_000;
/** Probes are for a year the clicks do not buy in, so they never price a click. */
const PROBE_YEAR = 2029;
/** Deliveries still under way when the window closes are given this long. */
const SETTLE_MS = 3000;
/** The desk completes a click 10 s after it was executed (CLICK_COMPLETION_DELAY_SECONDS). */
const COMPLETION_LIMIT_MS = 60_000;

/** How long the load may go on past the window (a slow burst) before the run is given up. */
const OVERRUN_LIMIT_MS = 120_000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function within<T>(work: Promise<T>, limitMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not end within ${limitMs / 1000} s`)),
      limitMs,
    );
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
const preciseNow = () => performance.timeOrigin + performance.now();

/** bench/positions' open-loop load at a fixed rate, in a worker thread. */
function positionsLoad(
  url: string,
  token: string,
  rate: number,
  durationMs: number,
): Promise<PositionsFigures> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('../positions/paced-load.mjs', import.meta.url), {
      workerData: {
        url,
        headers: { authorization: `Bearer ${token}` },
        rate,
        durationMs,
        connections: 10,
        timeoutMs: POSITIONS_TIMEOUT_MS,
      },
    });
    worker.once('message', (figures: PositionsFigures) => {
      resolve(figures);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

interface Probe {
  key: string;
  product: string;
  enteredAt: number;
}

/** A probe price a second into one instance until `until`; answers the probes and failures. */
async function probePrices(
  ingestUrl: string,
  ingestKey: string,
  clock: () => Date,
  until: number,
): Promise<{ probes: Probe[]; failures: number }> {
  const probes: Probe[] = [];
  let failures = 0;
  for (let seq = 1; Date.now() < until; seq += 1) {
    const next = Date.now() + PROBE_INTERVAL_MS;
    const product = MARKET_PRODUCTS[seq % MARKET_PRODUCTS.length] as string;
    const key = `${100_000 + seq}.5`;
    const body = JSON.stringify({
      prices: [
        {
          product,
          yearOfSupply: PROBE_YEAR,
          maturity: 'Y',
          market: 'OTC',
          price: key,
          at: clock().toISOString(),
        },
      ],
    });
    const enteredAt = preciseNow();
    const answer = await fetch(ingestUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ingestKey}` },
      body,
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    }).catch(() => null);
    if (answer?.ok) probes.push({ key, product, enteredAt });
    else failures += 1;
    await answer?.arrayBuffer();
    await wait(Math.max(0, next - Date.now()));
  }
  return { probes, failures };
}

export async function runPhase(settings: PhaseSettings): Promise<PhaseResult> {
  const ingestKey = randomBytes(24).toString('hex');
  const cluster: RunningCluster = await startCluster({
    instances: settings.instances,
    adminUrl: settings.adminUrl,
    redisUrl: settings.redisUrl,
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      CLOCK_START: settings.clockStart,
      MARKET_FEED: 'simulated',
      MARKET_FEED_INTERVAL_MS: String(settings.tickMs),
      MARKET_INGEST_KEY: ingestKey,
      WS_KEEPALIVE_SECONDS: String(KEEPALIVE_SECONDS),
      REDIS_CHANNEL_PREFIX: `klik-bench-cluster-${randomBytes(5).toString('hex')}`,
    },
  });
  // Every instance started its clock at CLOCK_START before it was ready: this one lags them a
  // little, so what the bench stamps with it is never ahead of the portal.
  const readyAt = Date.now();
  const clock = () => new Date(Date.parse(settings.clockStart) + (Date.now() - readyAt));
  const db = await createDatabase({ databaseUrl: cluster.databaseUrl, dataDir: null });
  let fleet: ClusterFleet | null = null;
  let stamps: InstanceStamps | null = null;
  let burst: Driven | null = null;
  try {
    const seed = await seedCluster(db, {
      customers: settings.customers,
      clients: settings.clients,
      clicks: settings.clicks,
      now: clock(),
    });
    const wsBase = cluster.url.replace('http', 'ws');
    stamps = new InstanceStamps(cluster.instances, seed.dashboard.token);
    const connecting = Date.now();
    fleet = await ClusterFleet.connect(
      seed.clients.map((client) => ({
        url: `${wsBase}/ws/${client.token}`,
        products: client.products,
      })),
      settings.clientProcesses,
    );
    const connectSeconds = (Date.now() - connecting) / 1000;
    await wait(KEEPALIVE_SECONDS * 1000 + 1000);
    const spread = await fleet.identify(stamps.instanceOf());
    console.info(
      `${settings.instances} instance(s): ${seed.clients.length} clients over ${seed.audiences} audiences connected through HAProxy in ${connectSeconds.toFixed(1)} s: ` +
        Object.entries(spread)
          .map(([name, n]) => `${name} ${n}`)
          .join(', '),
    );

    burst = new Driven('../cluster/click-burst.ts', 'click burst');
    await burst.waitFor('ready');
    const windowMs = settings.seconds * 1000;
    const started = Date.now();
    const positions = positionsLoad(
      `${cluster.url}${seed.dashboard.path}`,
      seed.dashboard.token,
      settings.positionsRate,
      windowMs,
    );
    const probing = probePrices(
      `http://127.0.0.1:${cluster.instances[0]?.port}${MARKET_PATHS.ingest}`,
      ingestKey,
      clock,
      started + windowMs,
    );
    // The burst starts a tenth into the window, on a portal already under the steady load.
    await wait(windowMs / 10);
    const burstDone = (burst as Driven).waitFor<BurstResult>('burst-done');
    burst.send({
      cmd: 'run',
      base: cluster.url,
      clickers: seed.clickers,
      concurrency: settings.clickConcurrency,
    });
    const [positionsFigures, probed, clicks] = await within(
      Promise.all([positions, probing, burstDone]),
      windowMs + OVERRUN_LIMIT_MS,
      'the load (positions, probes and clicks)',
    );
    await wait(SETTLE_MS);
    settings.noteLoad();
    const totals = await fleet.collect();
    const inProgress = await clicksSettled(db, COMPLETION_LIMIT_MS);
    const volumes = await checkVolumes(db);
    return {
      instances: settings.instances,
      clients: seed.clients.length,
      spread,
      positions: positionsFigures,
      clicks: {
        planned: seed.clickers.reduce((n, plans) => n + plans.length, 0),
        executed: clicks.executed,
        perSecond: clicks.executed / ((clicks.endedAt - clicks.startedAt) / 1000),
        seconds: (clicks.endedAt - clicks.startedAt) / 1000,
        quoteExecuteMs: clicks.quoteExecuteMs,
        errors: clicks.errors,
        inProgress,
      },
      delivery: deliveryFigures(
        probed.probes,
        seed.clients,
        totals,
        cluster.instances[0]?.name ?? '?',
      ),
      probeFailures: probed.failures,
      takenOut: cluster.takenOut(),
      volumes,
      messages: totals.messages,
    };
  } finally {
    fleet?.close();
    stamps?.close();
    burst?.stop();
    await db.destroy().catch(() => {});
    await cluster.stop();
  }
}
