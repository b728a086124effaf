import { randomBytes } from 'node:crypto';
import { MARKET_REST, REST, type Action } from '@klik/api';
import { login } from '../../../test/test-app';
import { quickUser, type AdminWorld } from './admin-test-kit';

/*
 * Every route the permission matrix governs, as a request the permission test can make about a
 * customer (or a user of a customer) that is the caller's own or foreign. Each request builds
 * fresh subjects, so one cell's change never decides another's answer.
 */

export type Side = 'own' | 'foreign';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteCase {
  action: Action;
  method: Method;
  /** The route as registered, with :params (the coverage check compares these). */
  route: string;
  /** The status of an allowed call. */
  ok: number;
  request: (w: AdminWorld, side: Side) => Promise<{ url: string; payload?: unknown }>;
}

function customerOf(w: AdminWorld, side: Side): number {
  return side === 'own' ? w.own.id : w.foreign.id;
}

function fresh(prefix: string): string {
  return `${prefix}-${randomBytes(5).toString('hex')}`;
}

/** A customer user of the side's customer, as a fresh subject. */
async function subjectUser(w: AdminWorld, side: Side) {
  return quickUser(w.t.db, { role: 'customer', customerIds: [customerOf(w, side)] });
}

export const ROUTE_CASES: RouteCase[] = [
  // Existing calls of the admin area, now governed by the matrix.
  {
    action: 'loginAs',
    method: 'POST',
    route: REST.loginAs,
    ok: 200,
    request: async (w, side) => ({
      url: REST.loginAs,
      payload: (await subjectUser(w, side)).username,
    }),
  },
  {
    action: 'trading.pause',
    method: 'PUT',
    route: REST.tradingStatus,
    ok: 200,
    request: async () => ({ url: REST.tradingStatus, payload: { pauzeActive: false } }),
  },
  {
    action: 'monitor.read',
    method: 'GET',
    route: MARKET_REST.sessions,
    ok: 200,
    request: async () => ({ url: MARKET_REST.sessions }),
  },
  {
    action: 'monitor.read',
    method: 'GET',
    route: MARKET_REST.board,
    ok: 200,
    request: async () => ({ url: MARKET_REST.board }),
  },
  {
    action: 'monitor.read',
    method: 'GET',
    route: MARKET_REST.feed,
    ok: 200,
    request: async () => ({ url: MARKET_REST.feed }),
  },
  {
    action: 'sessions.terminate',
    method: 'DELETE',
    route: MARKET_REST.sessionPattern,
    ok: 204,
    request: async (w) => {
      const user = await quickUser(w.t.db, { customerIds: [w.own.id] });
      await login(w.t.app, user.username, user.password);
      const session = await w.t.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      return { url: MARKET_REST.session(session.id) };
    },
  },
  {
    action: 'loginThrottle.lift',
    method: 'POST',
    route: REST.liftLoginThrottle,
    ok: 200,
    request: async () => ({ url: REST.liftLoginThrottle, payload: { username: fresh('someone') } }),
  },
];
