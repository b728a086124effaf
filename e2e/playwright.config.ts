import { defineConfig, devices } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';
import { freeBasePort } from './support/free-ports';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// Free ports unless E2E_PORT names them: a portal already running on the machine (or another
// run) must not fail the tests. The portal, the identity provider and the visual portal.
process.env.E2E_PORT ??= String(freeBasePort(3));
const port = Number(process.env.E2E_PORT);
/** Monday 23 November 2026, 11:00 in Amsterdam. */
export const E2E_CLOCK_START = '2026-11-23T11:00:00+01:00';
export const baseURL = `http://127.0.0.1:${port}`;
/** The key with which specs push prices through the ingest endpoint (at least 32 characters). */
export const E2E_INGEST_KEY = 'e2e-ingest-key-for-pushed-prices-only';
/** The development identity provider the single sign-on spec signs in at (support/idp-setup.ts). */
export const E2E_IDP_PORT = Number(process.env.E2E_IDP_PORT ?? port + 1);
export const E2E_IDP_ISSUER = `http://127.0.0.1:${E2E_IDP_PORT}`;
/**
 * A second portal of its own for the visual regression spec: its screens must show the demo seed
 * exactly as seeded, whatever the other specs clicked, pushed or switched on the first.
 */
export const visualBaseURL = `http://127.0.0.1:${port + 2}`;
// The demo provider serves the first two demo customers (Bakkerij Van der Meer, De Groene Kas).
const SSO_ENV = {
  SSO_PROVIDERS: 'demo',
  SSO_DEMO_LABEL: 'Demo IdP',
  SSO_DEMO_ISSUER: E2E_IDP_ISSUER,
  SSO_DEMO_CLIENT_ID: 'klik',
  SSO_DEMO_CLIENT_SECRET: 'klik-dev-idp-secret',
  SSO_DEMO_CUSTOMERS: '1,2',
  SSO_REDIRECT_URL: `${baseURL}/sso`,
};

export default defineConfig({
  testDir: './specs',
  globalSetup: './support/idp-setup.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Sign-in, the dashboard with its plan panels and an axe scan take more than 30 s on a busy machine.
  timeout: 60_000,
  expect: {
    timeout: 10_000,
    // Anti-aliasing may differ by a few pixels between runs; a layout that breaks moves far more.
    toHaveScreenshot: { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide' },
  },
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: resolve(repoRoot, '.reports/e2e.json') }]]
    : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  // The stored references of the visual regression spec, one per screen and width.
  snapshotPathTemplate: '{testDir}/../screenshots/{arg}{ext}',
  projects: [
    {
      name: 'laptop',
      testIgnore: /visual\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'visual',
      testMatch: /visual\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], baseURL: visualBaseURL },
    },
  ],
  // A fresh in-memory database with the demo seed for every run.
  webServer: [portal(port), portal(port + 2)],
});

function portal(portalPort: number) {
  return {
    command: 'npm run -w @klik/server start',
    cwd: repoRoot,
    url: `http://127.0.0.1:${portalPort}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(portalPort),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Only the prices a test pushes through the ingest endpoint move.
      MARKET_FEED: 'none',
      // A Monday inside the trading window, whatever the hour the tests run at: clickability, quotes
      // and the click desk all read the portal's clock.
      CLOCK_START: E2E_CLOCK_START,
      MARKET_INGEST_KEY: E2E_INGEST_KEY,
      // The click desk completes an OTC click a few seconds after it is made; the purchase spec
      // holds the desk while it looks at the click in progress (DC_31), then releases it.
      CLICK_COMPLETION_DELAY_SECONDS: '5',
      CLICK_DESK_INTERVAL_SECONDS: '1',
      CLICK_DESK_TEST_CONTROL: 'true',
      // The password-reset spec moves the clock past a link's 30 minutes (forward only).
      CLOCK_TEST_CONTROL: 'true',
      // The purchase spec reads the SMS code the development gateway "sent".
      SMS_DEV_OUTBOX: 'true',
      ...SSO_ENV,
      // The password-reset spec follows the link of the e-mail the development outbox kept.
      MAIL_DEV_OUTBOX: 'true',
    },
  };
}
