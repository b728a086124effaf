import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach } from 'vitest';
import { ErrorBodySchema, type AdminUser, type Principal, type Role } from '@klik/api';
import { createCustomer, type BuiltCustomer } from '../../../test/builders';
import { bearer, buildTestApp, login, type TestApp } from '../../../test/test-app';
import type { Db } from '../../db/database';
import { hashPassword } from '../../kernel/passwords/password-hasher';
import { purchaseWorld, type PurchaseWorld } from '../purchase/purchase-test-kit';

/** The one password of every user a test makes with quickUser (hashed once per run). */
export const QUICK_PASSWORD = 'Quick-pass-1';
let quickHash: Promise<string> | null = null;

export interface QuickUser {
  id: number;
  username: string;
  password: string;
}

/** A user without hashing a password each time: argon2 would make a matrix of hundreds slow. */
export async function quickUser(
  db: Db,
  options: {
    role?: Role;
    name?: string;
    readOnly?: boolean;
    clickAuthorized?: boolean;
    manageUsers?: boolean;
    allowTPIPage?: boolean;
    disabled?: boolean;
    customerIds?: number[];
    links?: { customerId: number; readOnly?: boolean; clickAuthorized?: boolean }[];
  } = {},
): Promise<QuickUser> {
  quickHash ??= hashPassword(QUICK_PASSWORD);
  const username = `u-${randomBytes(5).toString('hex')}`;
  const { id } = await db
    .insertInto('users')
    .values({
      username,
      name: options.name ?? `Test ${username}`,
      email: `${username}@example.test`,
      password_hash: await quickHash,
      role: options.role ?? 'customer',
      locale: 'nl',
      read_only: options.readOnly ?? false,
      click_authorized: options.clickAuthorized ?? true,
      manage_users: options.manageUsers ?? false,
      allow_tpi_page: options.allowTPIPage ?? false,
      disabled: options.disabled ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const links: { customerId: number; readOnly?: boolean; clickAuthorized?: boolean }[] =
    options.links ?? (options.customerIds ?? []).map((customerId) => ({ customerId }));
  if (links.length > 0) {
    await db
      .insertInto('user_customers')
      .values(
        links.map((link) => ({
          user_id: id,
          customer_id: link.customerId,
          read_only: link.readOnly ?? false,
          click_authorized: link.clickAuthorized ?? true,
        })),
      )
      .execute();
  }
  return { id, username, password: QUICK_PASSWORD };
}

/** Who calls: a principal of the matrix, possibly in a read-only session. */
export interface Caller {
  name: string;
  principal: Principal;
  readOnly: boolean;
  user: QuickUser;
  token: string;
}

export interface AdminWorld {
  t: TestApp;
  /** In the account manager's portfolio; the customer of the user manager and customer users. */
  own: BuiltCustomer;
  /** Nobody's but the admin's. */
  foreign: BuiltCustomer;
  callers: Record<
    | 'admin'
    | 'accountmanager'
    | 'readOnlyAccountmanager'
    | 'userManager'
    | 'consultant'
    | 'tpiConsultant'
    | 'customer'
    | 'viewer',
    Caller
  >;
}

export async function adminWorld(env: Record<string, string> = {}): Promise<AdminWorld> {
  const t = await buildTestApp({ env: { MARKET_FEED: 'none', ...env } });
  const own = await createCustomer(t.db, { name: `Eigen ${randomBytes(3).toString('hex')} B.V.` });
  const foreign = await createCustomer(t.db, {
    name: `Vreemd ${randomBytes(3).toString('hex')} B.V.`,
  });
  const make = async (
    name: string,
    principal: Principal,
    options: NonNullable<Parameters<typeof quickUser>[1]>,
  ): Promise<Caller> => {
    const user = await quickUser(t.db, options);
    const session = await login(t.app, user.username, user.password);
    return { name, principal, readOnly: options.readOnly ?? false, user, token: session.token };
  };
  const callers: AdminWorld['callers'] = {
    admin: await make('admin', 'admin', { role: 'admin' }),
    accountmanager: await make('accountmanager', 'accountmanager', {
      role: 'accountmanager',
      customerIds: [own.id],
    }),
    readOnlyAccountmanager: await make('read-only accountmanager', 'accountmanager', {
      role: 'accountmanager',
      readOnly: true,
      customerIds: [own.id],
    }),
    userManager: await make('user manager', 'userManager', {
      role: 'customer',
      manageUsers: true,
      customerIds: [own.id],
    }),
    consultant: await make('consultant', 'consultant', {
      role: 'consultant',
      customerIds: [own.id],
    }),
    tpiConsultant: await make('TPI consultant', 'tpiConsultant', {
      role: 'consultant',
      allowTPIPage: true,
      customerIds: [own.id],
    }),
    customer: await make('customer', 'customer', { role: 'customer', customerIds: [own.id] }),
    viewer: await make('viewer', 'customer', {
      role: 'customer',
      readOnly: true,
      customerIds: [own.id],
    }),
  };
  return { t, own, foreign, callers };
}

export function call(
  w: { t: TestApp },
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = token === null ? {} : bearer(token);
  if (typeof payload === 'string') headers['content-type'] = 'text/plain';
  return w.t.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as string | object }),
  });
}

export function codeOf(response: LightMyRequestResponse): string {
  return ErrorBodySchema.parse(response.json()).code;
}

/** The newest audit rows of an action, newest first. */
export async function auditRows(db: Db, action: string) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .execute();
}

/**
 * For a describe block whose tests click: each call makes a purchase world (purchase-test-kit)
 * with a signed-in admin; the world is closed after its test.
 */
export function purchaseWorlds(): () => Promise<{ world: PurchaseWorld; adminToken: string }> {
  let world: PurchaseWorld | undefined;
  afterEach(async () => {
    await world?.t.close();
    world = undefined;
  });
  return async () => {
    world = await purchaseWorld();
    const admin = await quickUser(world.t.db, { role: 'admin' });
    const session = await login(world.t.app, admin.username, admin.password);
    return { world, adminToken: session.token };
  };
}

/** Whether a request is about the caller's own customer or someone else's. */
export type Side = 'own' | 'foreign';

export function customerOf(w: AdminWorld, side: Side): number {
  return side === 'own' ? w.own.id : w.foreign.id;
}

export function fresh(prefix: string): string {
  return `${prefix}-${randomBytes(5).toString('hex')}`;
}

/** A customer user of the side's customer, as a fresh subject. */
export async function subjectUser(w: AdminWorld, side: Side) {
  return quickUser(w.t.db, { role: 'customer', customerIds: [customerOf(w, side)] });
}

/**
 * A fresh customer for a change that must not touch the shared ones (deactivating the shared
 * customer would sign out the callers who belong to it). "Own" puts it in the account managers'
 * portfolio and the user manager's customers.
 */
export async function subjectCustomer(w: AdminWorld, side: Side) {
  const customer = await createCustomer(w.t.db, { name: fresh('Klant') });
  if (side === 'own') {
    const { accountmanager, readOnlyAccountmanager, userManager } = w.callers;
    await w.t.db
      .insertInto('user_customers')
      .values(
        [accountmanager, readOnlyAccountmanager, userManager].map((caller) => ({
          user_id: caller.user.id,
          customer_id: customer.id,
        })),
      )
      .execute();
  }
  return customer;
}

/** A body for POST users: a customer user of that customer, with an initial password. */
export function newUserBody(customerId: number, overrides: Record<string, unknown> = {}) {
  const username = fresh('nieuw');
  return {
    username,
    name: 'Nieuwe Gebruiker',
    email: `${username}@Example.test`,
    mobile: '+31 6 1234-5678',
    role: 'customer',
    customers: [{ customerId }],
    initialPassword: 'Begin-1234',
    ...overrides,
  };
}

/** A body for PUT users/{id}: the user as they are, with the overrides. */
export function editBody(user: AdminUser, overrides: Record<string, unknown> = {}) {
  return {
    version: user.version,
    name: user.name,
    email: user.email,
    mobile: user.mobile,
    locale: user.locale,
    role: user.role,
    readOnly: user.readOnly,
    clickAuthorized: user.clickAuthorized,
    allowTPIPage: user.allowTPIPage,
    manageUsers: user.manageUsers,
    customers: user.customers.map(({ customerId, readOnly, clickAuthorized }) => ({
      customerId,
      readOnly,
      clickAuthorized,
    })),
    ...overrides,
  };
}
