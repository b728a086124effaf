import {
  type EnvironmentSettings,
  type UserSession,
  AUTH_PATHS,
  LOCALE_PATHS,
  SYSTEM_PATHS,
  TRADING_PATHS,
  pathTo,
  POSITION_PATHS,
  NOTIFICATION_PATHS,
  DEFAULT_NOTIFICATION_BACKEND_BASE,
} from '@klik/api';
import { anEnvironment } from './builders';

/** One request as the fake server saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: Headers;
  body: string | null;
}

type Answer = { status: number; body?: unknown };
type Handler = (request: SeenRequest) => Answer | Promise<Answer>;

function json({ status, body }: Answer): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });
}

/**
 * Answers the way the Klik server does for the calls the web makes, so screens are tested
 * against the contract instead of against mocked hooks. Handlers can be swapped per test.
 */
export function createFakeServer(options: {
  env?: Partial<EnvironmentSettings>;
  users?: Record<string, { password: string; session: UserSession }>;
}) {
  const requests: SeenRequest[] = [];
  const users = options.users ?? {};
  const handlers = new Map<string, Handler>();
  const patterns: { method: string; pattern: RegExp; handler: Handler }[] = [];

  // A user without positions: every dashboard and customer answers an empty list until a test
  // gives it contracts with on().
  for (const path of [
    POSITION_PATHS.dashboardContractData,
    POSITION_PATHS.customerContractData,
    POSITION_PATHS.dashboardSummary,
    POSITION_PATHS.customerSummary,
  ]) {
    const pattern = new RegExp(`^${path.replace(/:\w+/g, '\\d+')}$`);
    patterns.push({ method: 'GET', pattern, handler: () => ({ status: 200, body: [] }) });
  }

  handlers.set(`GET ${SYSTEM_PATHS.env}`, () => ({
    status: 200,
    body: anEnvironment(options.env),
  }));
  handlers.set(`POST ${AUTH_PATHS.login}`, ({ body }) => {
    const credentials = JSON.parse(body ?? '{}') as { username?: string; password?: string };
    const user = credentials.username ? users[credentials.username] : undefined;
    if (!user || user.password !== credentials.password) {
      return {
        status: 403,
        body: { code: 'INVALID_CREDENTIALS', message: 'Invalid username and password' },
      };
    }
    return { status: 200, body: user.session };
  });
  handlers.set(`POST ${AUTH_PATHS.logout}`, () => ({ status: 204 }));
  handlers.set(`POST ${AUTH_PATHS.loginAs}`, ({ body }) => {
    const user = users[body ?? ''];
    return user
      ? { status: 200, body: user.session }
      : { status: 404, body: { code: 'NOT_FOUND', message: 'Unknown user' } };
  });
  handlers.set(`GET ${TRADING_PATHS.status}`, () => ({
    status: 200,
    body: { pauzeActive: false },
  }));
  // The header's bell asks every signed-in screen for the unread count.
  handlers.set(`GET ${DEFAULT_NOTIFICATION_BACKEND_BASE}${NOTIFICATION_PATHS.count}`, () => ({
    status: 200,
    body: { data: 0 },
  }));
  handlers.set(`GET ${LOCALE_PATHS.available}`, () => ({ status: 200, body: ['nl', 'en'] }));
  handlers.set(`PUT ${pathTo(AUTH_PATHS.setLocale, { locale: 'nl' })}`, () => ({ status: 204 }));
  handlers.set(`PUT ${pathTo(AUTH_PATHS.setLocale, { locale: 'en' })}`, () => ({ status: 204 }));

  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const seen: SeenRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : null,
    };
    requests.push(seen);
    const handler =
      handlers.get(`${seen.method} ${seen.path}`) ??
      patterns.find(
        (candidate) => candidate.method === seen.method && candidate.pattern.test(seen.path),
      )?.handler;
    if (!handler) return json({ status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } });
    return json(await handler(seen));
  };

  return {
    fetch,
    requests,
    on(method: string, path: string, handler: Handler) {
      handlers.set(`${method} ${path}`, handler);
    },
    callsTo(method: string, path: string) {
      return requests.filter((request) => request.method === method && request.path === path);
    },
  };
}

export type FakeServer = ReturnType<typeof createFakeServer>;

/** The fake server, with every requested address (query included) kept. */
export function watched(server: FakeServer) {
  const urls: string[] = [];
  return {
    server: {
      ...server,
      fetch: ((input, init) => {
        urls.push(String(input));
        return server.fetch(input, init);
      }) as typeof fetch,
    },
    urls,
  };
}

/** The body of the last call of `method` to `path`, as JSON. */
export const sentBody = (server: FakeServer, method: string, path: string) =>
  JSON.parse(server.callsTo(method, path).at(-1)?.body ?? 'null') as Record<string, unknown>;
