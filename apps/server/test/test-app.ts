import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { LOCALE_HEADER, UserSessionSchema, type UserSession, AUTH_PATHS } from '@klik/api';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/kernel/config/config';
import type { Db } from '../src/db/database';
import { InProcessEventBus } from '../src/kernel/events/event-bus';
import { createUser } from './builders';
import { TestClock } from './test-clock';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: TestDatabase;
  config: Config;
  clock: TestClock;
  /** Every wait a slowed-down sign-in asked for, in milliseconds. */
  delays: number[];
  close(): Promise<void>;
}

/** A config as the server would read it, with quiet logs, no seed and no web build. */
export function testConfig(env: Record<string, string> = {}): Config {
  return {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: '/nonexistent/klik-web-dist',
      ...env,
    }),
    // Tests never touch ./data; the database comes from createTestDatabase.
    dataDir: null,
  };
}

/** Builds the app on a fresh, migrated database with a hand-moved clock. */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    config?: Config;
    clock?: TestClock;
    /** Extra routes a test needs, added before the app is ready. */
    extend?: (app: FastifyInstance) => void;
    /** The database to start on (the app then drops it on close); a fresh one when not given. */
    database?: TestDatabase;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const config = options.config ?? testConfig(options.env);
  const clock = options.clock ?? new TestClock();
  const delays: number[] = [];
  const app = await buildApp(config, {
    db: database.db,
    bus: new InProcessEventBus(),
    now: clock.now,
    delay: async (ms) => {
      delays.push(ms);
    },
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    clock,
    delays,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

export interface LoginOptions {
  ip?: string;
  locale?: string;
}

export function postLogin(
  app: FastifyInstance,
  username: string,
  password: string,
  options: LoginOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: AUTH_PATHS.login,
    payload: { username, password },
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: options.locale ? { [LOCALE_HEADER]: options.locale } : {},
  });
}

/** Signs in and answers the parsed session; fails the test on anything but 200. */
export async function login(
  app: FastifyInstance,
  username: string,
  password: string,
  options: LoginOptions = {},
): Promise<UserSession> {
  const response = await postLogin(app, username, password, options);
  if (response.statusCode !== 200) {
    throw new Error(`login of ${username} answered ${response.statusCode}: ${response.body}`);
  }
  return UserSessionSchema.parse(response.json());
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** A session of a new administrator signed in as the user (login-as): answers its token. */
export async function impersonate(app: FastifyInstance, db: Db, username: string): Promise<string> {
  const admin = await createUser(db, { role: 'admin' });
  const adminSession = await login(app, admin.username, admin.password);
  const impersonated = await app.inject({
    method: 'POST',
    url: AUTH_PATHS.loginAs,
    headers: { ...bearer(adminSession.token), 'content-type': 'text/plain' },
    payload: username,
  });
  return UserSessionSchema.parse(impersonated.json()).token;
}
