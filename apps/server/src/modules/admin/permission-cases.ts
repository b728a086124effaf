import {
  ADMIN_PATHS,
  type Action,
  AUTH_PATHS,
  CONTRACT_PATHS,
  MAIL_PATHS,
  MARKET_PATHS,
  NOTIFICATION_PATHS,
  REALTIME_PATHS,
  TRADING_PATHS,
  pathTo,
} from '@klik/api';
import { login } from '../../../test/test-app';
import {
  customerOf,
  fresh,
  newUserBody,
  quickUser,
  subjectCustomer,
  subjectUser,
  type AdminWorld,
  type Side,
} from './admin-test-kit';
import { CONTRACT_ROUTE_CASES } from '../contracts/contracts-permission-cases';
import { MARGIN_ROUTE_CASES } from '../margins/margin-permission-cases';
import { API_CLIENT_ROUTE_CASES } from '../integrations/api-clients-permission-cases';
import { WEBHOOK_ROUTE_CASES } from '../integrations/webhooks-permission-cases';
import { HISTORY_ROUTE_CASES } from '../backtest/history-permission-cases';

/*
 * Every route the permission matrix governs, as a request the permission test can make about a
 * customer (or a user of a customer) that is the caller's own or foreign. Each request builds
 * fresh subjects, so one cell's change never decides another's answer.
 */

export type { Side };
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteCase {
  action: Action;
  method: Method;
  /** The route as registered, with :params (the coverage check compares these). */
  route: string;
  /** The status of an allowed call. */
  ok: number;
  /** A list about no one customer: asked once, as "own". */
  subjectless?: boolean;
  /** Asked about these sides only (the default terms are about every customer: "foreign"). */
  sides?: Side[];
  request: (w: AdminWorld, side: Side) => Promise<{ url: string; payload?: unknown }>;
}

export const ROUTE_CASES: RouteCase[] = [
  // Existing calls of the admin area, now governed by the matrix.
  {
    action: 'loginAs',
    method: 'POST',
    route: AUTH_PATHS.loginAs,
    ok: 200,
    request: async (w, side) => ({
      url: AUTH_PATHS.loginAs,
      payload: (await subjectUser(w, side)).username,
    }),
  },
  {
    action: 'trading.pause',
    method: 'PUT',
    route: TRADING_PATHS.status,
    ok: 200,
    request: async () => ({ url: TRADING_PATHS.status, payload: { pauzeActive: false } }),
  },
  {
    action: 'monitor.read',
    method: 'GET',
    route: REALTIME_PATHS.sessions,
    ok: 200,
    request: async () => ({ url: REALTIME_PATHS.sessions }),
  },
  {
    action: 'monitor.read',
    method: 'GET',
    route: MARKET_PATHS.board,
    ok: 200,
    request: async () => ({ url: MARKET_PATHS.board }),
  },
  {
    action: 'monitor.read',
    method: 'GET',
    route: MARKET_PATHS.feed,
    ok: 200,
    request: async () => ({ url: MARKET_PATHS.feed }),
  },
  {
    action: 'sessions.terminate',
    method: 'DELETE',
    route: REALTIME_PATHS.session,
    ok: 204,
    request: async (w) => {
      const user = await quickUser(w.t.db, { customerIds: [w.own.id] });
      await login(w.t.app, user.username, user.password);
      const session = await w.t.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      return { url: pathTo(REALTIME_PATHS.session, { id: session.id }) };
    },
  },
  {
    action: 'loginThrottle.lift',
    method: 'POST',
    route: AUTH_PATHS.liftLoginThrottle,
    ok: 200,
    request: async () => ({
      url: AUTH_PATHS.liftLoginThrottle,
      payload: { username: fresh('someone') },
    }),
  },

  // Users.
  {
    action: 'users.read',
    method: 'GET',
    route: ADMIN_PATHS.users,
    ok: 200,
    request: async (w, side) => ({ url: `${ADMIN_PATHS.users}?customerId=${customerOf(w, side)}` }),
  },
  {
    action: 'users.read',
    method: 'GET',
    route: ADMIN_PATHS.user,
    ok: 200,
    request: async (w, side) => ({
      url: pathTo(ADMIN_PATHS.user, { userId: (await subjectUser(w, side)).id }),
    }),
  },
  {
    action: 'users.create',
    method: 'POST',
    route: ADMIN_PATHS.users,
    ok: 201,
    request: async (w, side) => ({
      url: ADMIN_PATHS.users,
      payload: newUserBody(customerOf(w, side)),
    }),
  },
  {
    action: 'users.createViewOnly',
    method: 'POST',
    route: ADMIN_PATHS.viewOnlyUsers,
    ok: 201,
    request: async (w, side) => {
      const { role: _role, customers: _customers, ...body } = newUserBody(customerOf(w, side));
      return {
        url: ADMIN_PATHS.viewOnlyUsers,
        payload: { ...body, customerIds: [customerOf(w, side)] },
      };
    },
  },
  {
    action: 'users.edit',
    method: 'PUT',
    route: ADMIN_PATHS.user,
    ok: 200,
    request: async (w, side) => {
      const user = await subjectUser(w, side);
      return {
        url: pathTo(ADMIN_PATHS.user, { userId: user.id }),
        payload: {
          version: 1,
          name: 'Nieuwe naam',
          email: `${user.username}@example.test`,
          mobile: null,
          locale: 'nl',
          role: 'customer',
          readOnly: false,
          clickAuthorized: true,
          allowTPIPage: false,
          manageUsers: false,
          customers: [{ customerId: customerOf(w, side), readOnly: false, clickAuthorized: true }],
        },
      };
    },
  },
  {
    action: 'users.deactivate',
    method: 'PUT',
    route: ADMIN_PATHS.userActive,
    ok: 200,
    request: async (w, side) => ({
      url: pathTo(ADMIN_PATHS.userActive, { userId: (await subjectUser(w, side)).id }),
      payload: { version: 1, active: false },
    }),
  },
  {
    action: 'users.resetPassword',
    method: 'PUT',
    route: ADMIN_PATHS.userPassword,
    ok: 200,
    request: async (w, side) => ({
      url: pathTo(ADMIN_PATHS.userPassword, { userId: (await subjectUser(w, side)).id }),
      payload: { version: 1, initialPassword: 'Opnieuw-123' },
    }),
  },
  {
    action: 'users.resetPassword',
    method: 'POST',
    route: ADMIN_PATHS.userInvitation,
    ok: 200,
    request: async (w, side) => ({
      url: pathTo(ADMIN_PATHS.userInvitation, { userId: (await subjectUser(w, side)).id }),
    }),
  },

  // Customers.
  {
    action: 'customers.read',
    method: 'GET',
    route: ADMIN_PATHS.customers,
    ok: 200,
    subjectless: true,
    request: async () => ({ url: `${ADMIN_PATHS.customers}?sort=-createdAt` }),
  },
  {
    action: 'customers.read',
    method: 'GET',
    route: ADMIN_PATHS.customer,
    ok: 200,
    request: async (w, side) => ({
      url: pathTo(ADMIN_PATHS.customer, { customerId: customerOf(w, side) }),
    }),
  },
  {
    action: 'customers.create',
    method: 'POST',
    route: ADMIN_PATHS.customers,
    ok: 201,
    request: async () => ({
      url: ADMIN_PATHS.customers,
      payload: { name: fresh('Nieuwe Klant'), dashboards: ['Hoofdlocatie'] },
    }),
  },
  {
    action: 'customers.edit',
    method: 'PUT',
    route: ADMIN_PATHS.customer,
    ok: 200,
    request: async (w, side) => {
      const customer = await subjectCustomer(w, side);
      return {
        url: pathTo(ADMIN_PATHS.customer, { customerId: customer.id }),
        payload: { version: 1, name: customer.name, requireSms: true, requireApproval: false },
      };
    },
  },
  {
    action: 'customers.edit',
    method: 'PUT',
    route: ADMIN_PATHS.customerDashboards,
    ok: 200,
    request: async (w, side) => {
      const customer = await subjectCustomer(w, side);
      return {
        url: pathTo(ADMIN_PATHS.customerDashboards, { customerId: customer.id }),
        payload: {
          version: 1,
          dashboards: [
            ...customer.dashboards.map(({ id, name }) => ({ id, name })),
            { name: 'Nieuw' },
          ],
        },
      };
    },
  },
  {
    action: 'customers.deactivate',
    method: 'PUT',
    route: ADMIN_PATHS.customerActive,
    ok: 200,
    request: async (w, side) => ({
      url: pathTo(ADMIN_PATHS.customerActive, { customerId: (await subjectCustomer(w, side)).id }),
      payload: { version: 1, active: false },
    }),
  },

  // Account managers and consultants.
  {
    action: 'accountManagers.manage',
    method: 'POST',
    route: ADMIN_PATHS.accountManagers,
    ok: 201,
    request: async (w) => {
      const { role: _role, customers: _customers, ...body } = newUserBody(w.own.id);
      return { url: ADMIN_PATHS.accountManagers, payload: { ...body, customerIds: [w.own.id] } };
    },
  },
  {
    action: 'accountManagers.manage',
    method: 'PUT',
    route: ADMIN_PATHS.portfolio,
    ok: 200,
    request: async (w) => {
      const manager = await quickUser(w.t.db, { role: 'accountmanager' });
      return {
        url: pathTo(ADMIN_PATHS.portfolio, { userId: manager.id }),
        payload: { version: 1, customerIds: [w.own.id, w.foreign.id] },
      };
    },
  },
  {
    action: 'consultants.manage',
    method: 'POST',
    route: ADMIN_PATHS.consultants,
    ok: 201,
    request: async (w) => {
      const { role: _role, customers: _customers, ...body } = newUserBody(w.own.id);
      return {
        url: ADMIN_PATHS.consultants,
        payload: { ...body, allowTPIPage: true, customerIds: [w.own.id] },
      };
    },
  },
  {
    action: 'consultants.manage',
    method: 'PUT',
    route: ADMIN_PATHS.consultant,
    ok: 200,
    request: async (w) => {
      const consultant = await quickUser(w.t.db, { role: 'consultant', customerIds: [w.own.id] });
      return {
        url: pathTo(ADMIN_PATHS.consultant, { userId: consultant.id }),
        payload: {
          version: 1,
          name: fresh('Consultant'),
          email: `${consultant.username}@example.test`,
          mobile: null,
          locale: 'nl',
          allowTPIPage: true,
          customerIds: [w.own.id, w.foreign.id],
        },
      };
    },
  },

  // The audit log.
  {
    action: 'audit.read',
    method: 'GET',
    route: ADMIN_PATHS.audit,
    ok: 200,
    request: async (w, side) => ({ url: `${ADMIN_PATHS.audit}?customerId=${customerOf(w, side)}` }),
  },
  {
    action: 'audit.read',
    method: 'GET',
    route: ADMIN_PATHS.auditExport,
    ok: 200,
    request: async (w, side) => ({
      url: `${ADMIN_PATHS.auditExport}?customerId=${customerOf(w, side)}&outcome=success`,
    }),
  },
  {
    action: 'audit.verify',
    method: 'GET',
    route: ADMIN_PATHS.auditIntegrity,
    ok: 200,
    subjectless: true,
    request: async () => ({ url: ADMIN_PATHS.auditIntegrity }),
  },

  // The admin dashboard.
  {
    action: 'adminDashboard.read',
    method: 'GET',
    route: ADMIN_PATHS.dashboard,
    ok: 200,
    subjectless: true,
    request: async () => ({ url: ADMIN_PATHS.dashboard }),
  },
  {
    action: 'adminDashboard.read',
    method: 'GET',
    route: ADMIN_PATHS.approvals,
    ok: 200,
    subjectless: true,
    request: async () => ({ url: ADMIN_PATHS.approvals }),
  },
  {
    action: 'adminDashboard.read',
    method: 'GET',
    route: ADMIN_PATHS.search,
    ok: 200,
    subjectless: true,
    request: async (w) => ({ url: `${ADMIN_PATHS.search}?q=${encodeURIComponent(w.own.name)}` }),
  },

  // Terms.
  {
    action: 'customers.read',
    method: 'GET',
    route: ADMIN_PATHS.customerTerms,
    ok: 200,
    request: async (w, side) => ({
      url: pathTo(ADMIN_PATHS.customerTerms, { customerId: customerOf(w, side) }),
    }),
  },
  {
    action: 'terms.publish',
    method: 'POST',
    route: ADMIN_PATHS.customerTerms,
    ok: 201,
    request: async (w, side) => ({
      url: pathTo(ADMIN_PATHS.customerTerms, { customerId: customerOf(w, side) }),
      payload: { bodyNl: 'Voorwaarden', bodyEn: 'Terms' },
    }),
  },
  {
    action: 'customers.read',
    method: 'GET',
    route: ADMIN_PATHS.defaultTerms,
    ok: 200,
    subjectless: true,
    request: async () => ({ url: ADMIN_PATHS.defaultTerms }),
  },
  {
    action: 'terms.publish',
    method: 'POST',
    route: ADMIN_PATHS.defaultTerms,
    ok: 201,
    sides: ['foreign'],
    request: async () => ({
      url: ADMIN_PATHS.defaultTerms,
      payload: { bodyNl: 'Algemene voorwaarden', bodyEn: 'General terms' },
    }),
  },

  // Announcements (modules/notifications).
  {
    action: 'announcements.publish',
    method: 'GET',
    route: NOTIFICATION_PATHS.announcements,
    ok: 200,
    subjectless: true,
    request: async () => ({ url: NOTIFICATION_PATHS.announcements }),
  },
  {
    action: 'announcements.publish',
    method: 'POST',
    route: NOTIFICATION_PATHS.announcements,
    ok: 201,
    subjectless: true,
    request: async (w, side) => ({
      url: NOTIFICATION_PATHS.announcements,
      payload: {
        titleNl: 'Marktbericht',
        titleEn: 'Market report',
        bodyNl: 'Lees het bericht.',
        bodyEn: 'Read the report.',
        audience: 'customers',
        customerIds: [customerOf(w, side)],
      },
    }),
  },

  // The notification e-mails (modules/mail).
  {
    action: 'mailOutbox.read',
    method: 'GET',
    route: MAIL_PATHS.outbox,
    ok: 200,
    subjectless: true,
    request: async () => ({ url: MAIL_PATHS.outbox }),
  },

  // The contract import (modules/contracts/import.*): a dry run of an empty body answers 200.
  {
    action: 'contracts.import',
    method: 'POST',
    route: CONTRACT_PATHS.import,
    ok: 200,
    subjectless: true,
    request: async () => ({ url: `${CONTRACT_PATHS.import}?dryRun=true` }),
  },

  // managecontract (modules/contracts/contracts-permission-cases.ts).
  ...CONTRACT_ROUTE_CASES,
  ...MARGIN_ROUTE_CASES,
  ...API_CLIENT_ROUTE_CASES,
  ...WEBHOOK_ROUTE_CASES,
  ...HISTORY_ROUTE_CASES,
];
