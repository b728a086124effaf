import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIONS, PERMISSIONS, reachOf } from '@klik/api';
import { adminWorld, call, type AdminWorld, type Caller } from './admin-test-kit';
import { ROUTE_CASES, type RouteCase, type Side } from './permission-cases';
import { onPostgres } from '../../../test/test-database';

/*
 * Walks the whole permission matrix (docs/permissions.md): every governed route, called by every
 * kind of caller, about their own and a foreign customer. The expected answer of each cell is
 * read from the matrix itself, so the matrix is what the server is held to.
 */

let w: AdminWorld;

beforeAll(async () => {
  // DOCS: the routes to cover are read from the OpenAPI spec.
  w = await adminWorld({ DOCS: 'true' });
}, 60_000);

afterAll(async () => {
  await w.t.close();
});

function expectedStatus(routeCase: RouteCase, caller: Caller, side: Side): number {
  const reach = reachOf(routeCase.action, caller.principal, caller.readOnly);
  if (reach === 'none') return 403;
  if (reach === 'own' && side === 'foreign') return 403;
  return routeCase.ok;
}

function sidesOf(routeCase: RouteCase): Side[] {
  if (routeCase.sides) return routeCase.sides;
  const global = PERMISSIONS[routeCase.action].subject === 'global';
  return global || routeCase.subjectless ? ['own'] : ['own', 'foreign'];
}

describe(`the permission matrix on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('answers every cell as the matrix says', async () => {
    const differences: string[] = [];
    let cells = 0;
    for (const routeCase of ROUTE_CASES) {
      for (const caller of Object.values(w.callers)) {
        for (const side of sidesOf(routeCase)) {
          const { url, payload } = await routeCase.request(w, side);
          const response = await call(w, caller.token, routeCase.method, url, payload);
          const expected = expectedStatus(routeCase, caller, side);
          cells += 1;
          if (response.statusCode !== expected) {
            differences.push(
              `${routeCase.method} ${routeCase.route} (${routeCase.action}) by ${caller.name}` +
                ` about ${side}: ${response.statusCode}, expected ${expected}: ${response.body.slice(0, 200)}`,
            );
          }
        }
      }
    }
    expect(differences).toEqual([]);
    expect(cells).toBeGreaterThan(ROUTE_CASES.length * 7);
  }, 300_000);

  it('covers every administrative route and every action of the matrix', () => {
    const paths = (w.t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const registered = Object.entries(paths).flatMap(([path, operations]) =>
      path.startsWith('/rest/admin/')
        ? Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`)
        : [],
    );
    const covered = new Set(
      ROUTE_CASES.map(
        (routeCase) =>
          `${routeCase.method} ${routeCase.route.replace(/:(\w+)/g, (_match, name: string) => `{${name}}`)}`,
      ),
    );
    expect(registered.filter((route) => !covered.has(route))).toEqual([]);
    const actions = new Set(ROUTE_CASES.map((routeCase) => routeCase.action));
    expect(ACTIONS.filter((action) => !actions.has(action))).toEqual([]);
  });

  it('refuses every route without a session', async () => {
    for (const routeCase of ROUTE_CASES) {
      const { url, payload } = await routeCase.request(w, 'own');
      const response = await call(w, null, routeCase.method, url, payload);
      expect(response.statusCode, `${routeCase.method} ${routeCase.route}`).toBe(401);
    }
  });
});
