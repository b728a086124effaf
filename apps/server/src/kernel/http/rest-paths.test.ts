import { servedPaths, SYSTEM_PATHS } from '@klik/api';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { buildTestApp, testConfig, type TestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import { InProcessEventBus } from '../events/event-bus';

/*
 * Every route the server registers under /rest is one of the path constants of packages/api
 * (docs/architecture.md, "REST paths"), and every constant is a route: a path written by hand
 * in a module, or a constant nobody serves any more, fails here.
 */

const registered = vi.hoisted(() => new Set<string>());

// The routes are registered while buildApp runs, before a test could add a hook to the app it
// answers, so each Fastify instance gets its onRoute hook as it is made.
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<{ default: unknown }>();
  const create = actual.default as (...args: unknown[]) => FastifyInstance;
  const make = (...args: unknown[]) => {
    const app = create(...args);
    app.addHook('onRoute', (route: RouteOptions) => {
      registered.add(route.url);
    });
    return app;
  };
  return { ...actual, default: make, fastify: make };
});

/** Every switch that adds routes (development outboxes, test controls, the price ingest). */
const EVERY_ROUTE = {
  SMS_DEV_OUTBOX: 'true',
  MAIL_DEV_OUTBOX: 'true',
  CLICK_DESK_TEST_CONTROL: 'true',
  CLOCK_TEST_CONTROL: 'true',
  MARKET_INGEST_KEY: 'k'.repeat(32),
};

describe('REST paths', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ env: EVERY_ROUTE });
    // The clock control exists only on the portal's own clock, which buildTestApp replaces.
    const database = await createTestDatabase();
    const ownClock = await buildApp(testConfig(EVERY_ROUTE), {
      db: database.db,
      bus: new InProcessEventBus(),
    });
    await ownClock.ready();
    await ownClock.close();
    await database.drop();
  });

  afterAll(async () => {
    await t.close();
  });

  const restRoutes = () =>
    [...registered].filter((url) => url === '/rest' || url.startsWith('/rest/')).sort();

  it('registers every route under /rest with a path constant of packages/api', () => {
    const constants = new Set(servedPaths());
    expect(restRoutes().length).toBeGreaterThan(50);
    expect(restRoutes().filter((url) => !constants.has(url))).toEqual([]);
  });

  it('serves every path constant of packages/api', () => {
    expect(servedPaths().filter((path) => !registered.has(path))).toEqual([]);
    expect(registered.has(SYSTEM_PATHS.env)).toBe(true);
  });
});
