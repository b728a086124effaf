import { defineConfig, devices } from '@playwright/test';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_CLOCK_START, E2E_INGEST_KEY } from './playwright.config';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';
import { freeBasePort } from './support/free-ports';

/**
 * The portal as a supplier deploys it (docs/operations.md "Scaling out"): three
 * instances of the built server on one PostgreSQL and one Redis behind HAProxy, started by
 * `npm run cluster -- --fresh-database`. The browsers only ever talk to HAProxy; a spec reaches an
 * instance directly to push a price into it, read its /metrics or kill it.
 */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// HAProxy's port and the instances' after it, free unless E2E_CLUSTER_PORT names them.
process.env.E2E_CLUSTER_PORT ??= String(freeBasePort(4));
const clusterPort = Number(process.env.E2E_CLUSTER_PORT);
export const clusterURL = `http://127.0.0.1:${clusterPort}`;
// Decided once in the runner; its workers inherit it, so they read the file this run's cluster
// writes and never one a crashed earlier run left behind.
process.env.E2E_CLUSTER_STATE_FILE ??= join(
  tmpdir(),
  `klik-e2e-cluster-${clusterPort}-${process.pid}-${Date.now()}.json`,
);
/** The instances' ports and process ids, written by scripts/cluster.mjs once all are ready. */
export const clusterStateFile = process.env.E2E_CLUSTER_STATE_FILE;

export default defineConfig({
  testDir: './cluster',
  outputDir: './test-results/cluster',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Several browsers at once on a busy machine, and an instance's loss waited out.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: resolve(repoRoot, '.reports/e2e-cluster.json') }]]
    : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    baseURL: clusterURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: {
    command: 'node scripts/cluster.mjs --fresh-database',
    cwd: repoRoot,
    // HAProxy answers once every instance is ready.
    url: `${clusterURL}/readyz`,
    reuseExistingServer: false,
    // The build of what changed, the migrations and the demo seed on a fresh database.
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // SIGTERM lets the cluster drain its instances, stop HAProxy and drop its database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    env: {
      DATABASE_URL: process.env.POSTGRES_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      CLUSTER_PORT: String(clusterPort),
      CLUSTER_INSTANCES: '3',
      CLUSTER_STATE_FILE: clusterStateFile,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Small pools: three instances beside other test runs on one PostgreSQL server.
      DATABASE_POOL_SIZE: '5',
      // A timed feed, so one instance leads it, that never ticks during a run: only the prices a
      // spec pushes move.
      MARKET_FEED: 'simulated',
      MARKET_FEED_INTERVAL_MS: '3600000',
      MARKET_INGEST_KEY: E2E_INGEST_KEY,
      // A Monday inside the trading window, whatever the hour the tests run at.
      CLOCK_START: E2E_CLOCK_START,
      CLICK_COMPLETION_DELAY_SECONDS: '5',
      CLICK_DESK_INTERVAL_SECONDS: '1',
    },
  },
});
