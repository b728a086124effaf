import { readFileSync } from 'node:fs';
import {
  expect,
  type Browser,
  type BrowserContext,
  type Page,
  type WebSocket,
} from '@playwright/test';
import { clusterStateFile } from '../playwright.cluster.config';
import { DashboardPage } from './dashboard-page';
import { LoginPage } from './login-page';
import type { PushedPrice } from './market-feed';

export interface Instance {
  name: string;
  port: number;
  pid: number;
  url: string;
}

interface ClusterState {
  url: string;
  instances: { name: string; port: number; pid: number }[];
}

/** The instances scripts/cluster.mjs started (its state file, written once all were ready). */
export async function clusterInstances(): Promise<Instance[]> {
  let state: ClusterState | null = null;
  // HAProxy answers a moment before the file is written.
  await expect
    .poll(() => {
      try {
        state = JSON.parse(readFileSync(clusterStateFile, 'utf8')) as ClusterState;
        return true;
      } catch {
        return false;
      }
    })
    .toBe(true);
  return state!.instances.map((instance) => ({
    ...instance,
    url: `http://127.0.0.1:${instance.port}`,
  }));
}

/** Whether the instance's process still runs (the lost ones stay in the state file). */
export function isRunning(instance: Instance): boolean {
  try {
    process.kill(instance.pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function liveInstances(): Promise<Instance[]> {
  return (await clusterInstances()).filter(isRunning);
}

/** Kills an instance as a crash would (SIGKILL: no draining, no lock released on purpose). */
export async function killInstance(instance: Instance): Promise<void> {
  // The pid is this run's own server process, never a recycled one.
  const command = readFileSync(`/proc/${instance.pid}/cmdline`, 'utf8');
  expect(command, `process ${instance.pid} is ${instance.name}`).toContain('server.js');
  process.kill(instance.pid, 'SIGKILL');
  await expect.poll(() => isRunning(instance)).toBe(false);
}

/** One instance's /metrics as text. */
async function metricsOf(instance: Instance): Promise<string> {
  const answer = await fetch(`${instance.url}/metrics`);
  expect(answer.ok, `${instance.name} /metrics`).toBe(true);
  return answer.text();
}

/** Requests this instance answered on the portal's API (/rest), whatever their route. */
export async function apiRequestCount(instance: Instance): Promise<number> {
  let total = 0;
  const series = /^http_request_duration_seconds_count\{[^}]*route="\/rest[^"]*"[^}]*\} (\d+)$/gm;
  for (const [, count] of (await metricsOf(instance)).matchAll(series)) total += Number(count);
  return total;
}

/** The websockets open on this instance (klik_websocket_connections). */
export async function websocketCount(instance: Instance): Promise<number> {
  const found = /^klik_websocket_connections (\d+)$/m.exec(await metricsOf(instance));
  return Number(found?.[1] ?? Number.NaN);
}

/** The once-only jobs this instance runs now (klik_job_leader{job} 1). */
export async function jobsLed(instance: Instance): Promise<string[]> {
  const text = await metricsOf(instance);
  return [...text.matchAll(/^klik_job_leader\{job="([^"]+)"\} 1$/gm)].map(([, job]) => job!);
}

/** Every once-only job an instance reports, led or not. */
export async function jobNames(instance: Instance): Promise<string[]> {
  const text = await metricsOf(instance);
  return [...text.matchAll(/^klik_job_leader\{job="([^"]+)"\} [01]$/gm)].map(([, job]) => job!);
}

// Errors a browser logs while an instance it used goes away: the socket and requests that were
// on it fail, and HAProxy answers 503 until its health checks took the instance out. What the
// user sees of it is what the specs assert.
const LOST_INSTANCE =
  /WebSocket connection to '[^']+' failed|Failed to load resource: (net::ERR_|the server responded with a status of 50[23])/;

export interface Browsing {
  context: BrowserContext;
  page: Page;
  errors: string[];
  /** The page's websockets in the order it opened them (a reconnect opens a new one). */
  sockets: WebSocket[];
}

/**
 * A browser of its own signed in as a demo user through HAProxy. Errors its page logs are kept
 * for the test to assert; `tolerateLostInstance` lets those of an instance's loss pass.
 */
export async function signedInBrowser(
  browser: Browser,
  username: string,
  options: { tolerateLostInstance?: boolean; fakeClock?: boolean } = {},
): Promise<Browsing> {
  const context = await browser.newContext();
  if (options.fakeClock) await context.clock.install();
  const page = await context.newPage();
  const errors: string[] = [];
  const sockets: WebSocket[] = [];
  page.on('websocket', (socket) => sockets.push(socket));
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (options.tolerateLostInstance && LOST_INSTANCE.test(message.text())) return;
    errors.push(message.text());
  });
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(username);
  return { context, page, errors, sockets };
}

/** Waits until each browser shows its dashboard, live. */
export async function dashboardsLive(browsings: Browsing[]): Promise<void> {
  for (const { page } of browsings) {
    const dashboard = new DashboardPage(page);
    await dashboard.loaded();
    await dashboard.live();
  }
}

/** Closes the browsers and fails the test on any error their pages logged. */
export async function closeBrowsers(browsings: Browsing[]): Promise<void> {
  for (const { context } of browsings) await context.close();
  for (const { errors } of browsings) expect(errors, 'errors logged by a page').toEqual([]);
}

/**
 * The OTC price of the first contract's first whole year as a dashboard shows it, and the price
 * to push to move it (a peak or gas year price).
 */
export async function firstYearPrice(page: Page) {
  const contract = new DashboardPage(page).contracts().first();
  const contractId = (await contract.getAttribute('data-testid'))!.replace(/^contract-/, '');
  const gas = (await contract.getAttribute('data-commodity')) === 'Gas';
  const gridId = await contract
    .locator('[data-testid^="grid-"]')
    .first()
    .getAttribute('data-testid');
  const year = Number(gridId!.split('-').at(-1));
  const testId = `otc-price-${contractId}-${year}-Y-${gas ? 'Gas' : 'Peak'}`;
  return {
    on: (browsing: Browsing) => browsing.page.getByTestId(testId),
    push: (price: string, at: Date): PushedPrice => ({
      product: gas ? 'TTF_GAS' : 'NL_POWER_PEAK',
      yearOfSupply: year,
      maturity: 'Y',
      market: 'OTC',
      price,
      at: at.toISOString(),
    }),
  };
}
