import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS, AdminUserSchema, UserSessionSchema, type AdminUser, pathTo } from '@klik/api';
import { postLogin } from '../../../test/test-app';
import { adminWorld, auditRows, call, codeOf, quickUser, type AdminWorld } from './admin-test-kit';
import { onPostgres } from '../../../test/test-database';

let w: AdminWorld;

beforeAll(async () => {
  w = await adminWorld();
}, 60_000);

afterAll(async () => {
  await w.t.close();
});

const admin = () => w.callers.admin.token;

function person(prefix: string) {
  const username = `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
  return {
    username,
    name: `Naam ${username}`,
    email: `${username}@example.test`,
    initialPassword: 'Begin-1234',
  };
}

async function ok(
  response: { statusCode: number; body: string; json: () => unknown },
  status = 200,
) {
  expect(response.statusCode, response.body).toBe(status);
  return AdminUserSchema.parse(response.json());
}

describe(`account managers and consultants on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('refuses a common initial password for an account manager or a consultant', async () => {
    for (const path of [ADMIN_PATHS.accountManagers, ADMIN_PATHS.consultants]) {
      const body = { ...person('common'), initialPassword: 'Iloveyou1', customerIds: [w.own.id] };
      const response = await call(w, admin(), 'POST', path, body);
      expect(response.statusCode, path).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'PASSWORD_TOO_COMMON',
        details: { field: 'initialPassword' },
      });
      expect((await postLogin(w.t.app, body.username, body.initialPassword)).statusCode).toBe(403);
    }
  });

  it('adds an account manager with a portfolio, which their session carries', async () => {
    const body = { ...person('am'), customerIds: [w.own.id] };
    const manager = await ok(
      await call(w, admin(), 'POST', ADMIN_PATHS.accountManagers, body),
      201,
    );
    expect(manager).toMatchObject({
      role: 'accountmanager',
      mustChangePassword: true,
      customers: [expect.objectContaining({ customerId: w.own.id })],
    });
    const session = UserSessionSchema.parse(
      (await postLogin(w.t.app, body.username, body.initialPassword)).json(),
    );
    expect(session.allowedCustomers.map((customer) => customer.id)).toEqual([w.own.id]);

    const moved = await ok(
      await call(w, admin(), 'PUT', pathTo(ADMIN_PATHS.portfolio, { userId: manager.id }), {
        version: 1,
        customerIds: [w.foreign.id],
      }),
    );
    expect(moved.customers.map((customer) => customer.customerId)).toEqual([w.foreign.id]);
    const [row] = await auditRows(w.t.db, 'accountManager.portfolio');
    expect(row?.details).toMatchObject({
      before: { customerIds: [w.own.id] },
      after: { customerIds: [w.foreign.id] },
    });
    expect([...(row?.customer_ids ?? [])].sort()).toEqual([w.own.id, w.foreign.id].sort());
    const stale = await call(
      w,
      admin(),
      'PUT',
      pathTo(ADMIN_PATHS.portfolio, { userId: manager.id }),
      {
        version: 1,
        customerIds: [],
      },
    );
    expect(codeOf(stale)).toBe('VERSION_CONFLICT');
    const notAManager = await call(
      w,
      admin(),
      'PUT',
      pathTo(ADMIN_PATHS.portfolio, { userId: w.callers.customer.user.id }),
      { version: 1, customerIds: [] },
    );
    expect(notAManager.statusCode).toBe(404);
  });

  it('creates and edits consultants; consultant names are unique, rights of kept customers stay', async () => {
    const body = { ...person('tpi'), allowTPIPage: true, customerIds: [w.own.id] };
    const consultant = await ok(await call(w, admin(), 'POST', ADMIN_PATHS.consultants, body), 201);
    expect(consultant).toMatchObject({ role: 'consultant', allowTPIPage: true });

    const sameName = await call(w, admin(), 'POST', ADMIN_PATHS.consultants, {
      ...person('tpi'),
      name: body.name.toUpperCase(),
    });
    expect(sameName.statusCode).toBe(409);
    expect(codeOf(sameName)).toBe('CONSULTANT_NAME_NOT_UNIQUE');
    // Only consultants' names are unique: a customer user may share one.
    const customerUser = await call(w, admin(), 'POST', ADMIN_PATHS.users, {
      ...person('klant'),
      name: body.name,
      role: 'customer',
      customers: [{ customerId: w.own.id }],
    });
    expect(customerUser.statusCode).toBe(201);

    await w.t.db
      .updateTable('user_customers')
      .set({ click_authorized: false })
      .where('user_id', '=', consultant.id)
      .execute();
    const edited: AdminUser = await ok(
      await call(w, admin(), 'PUT', pathTo(ADMIN_PATHS.consultant, { userId: consultant.id }), {
        version: 1,
        name: 'Andere Naam',
        email: consultant.email,
        mobile: '+32 470 12 34 56',
        locale: 'en',
        allowTPIPage: false,
        customerIds: [w.own.id, w.foreign.id],
      }),
    );
    expect(edited).toMatchObject({
      name: 'Andere Naam',
      mobile: '+32470123456',
      allowTPIPage: false,
      version: 2,
    });
    expect(
      edited.customers.map(({ customerId, clickAuthorized }) => [customerId, clickAuthorized]),
    ).toEqual(
      expect.arrayContaining([
        [w.own.id, false],
        [w.foreign.id, true],
      ]),
    );
    const other = await quickUser(w.t.db, { role: 'consultant' });
    const clash = await call(
      w,
      admin(),
      'PUT',
      pathTo(ADMIN_PATHS.consultant, { userId: other.id }),
      {
        version: 1,
        name: 'andere naam',
        email: `${other.username}@example.test`,
        mobile: null,
        locale: 'nl',
        allowTPIPage: false,
        customerIds: [],
      },
    );
    expect(codeOf(clash)).toBe('CONSULTANT_NAME_NOT_UNIQUE');
  });

  it("sets a consultant's click mandate per customer in editconsultant, audited", async () => {
    const body = {
      ...person('mandate'),
      allowTPIPage: true,
      customerIds: [w.own.id, w.foreign.id],
    };
    const consultant = await ok(await call(w, admin(), 'POST', ADMIN_PATHS.consultants, body), 201);
    const update = {
      version: 1,
      name: consultant.name,
      email: consultant.email,
      mobile: null,
      locale: 'nl',
      allowTPIPage: true,
      customerIds: [w.own.id, w.foreign.id],
    };
    const withdrawn = await ok(
      await call(w, admin(), 'PUT', pathTo(ADMIN_PATHS.consultant, { userId: consultant.id }), {
        ...update,
        mandates: [{ customerId: w.foreign.id, clickAuthorized: false }],
      }),
    );
    const rights = (user: AdminUser) =>
      Object.fromEntries(user.customers.map((link) => [link.customerId, link.clickAuthorized]));
    expect(rights(withdrawn)).toEqual({ [w.own.id]: true, [w.foreign.id]: false });
    const [row] = await auditRows(w.t.db, 'consultant.update');
    expect(JSON.stringify(row?.details)).toContain('clickAuthorized');

    // Not named: kept as it is.
    const kept = await ok(
      await call(w, admin(), 'PUT', pathTo(ADMIN_PATHS.consultant, { userId: consultant.id }), {
        ...update,
        version: 2,
      }),
    );
    expect(rights(kept)).toEqual({ [w.own.id]: true, [w.foreign.id]: false });

    for (const mandates of [
      [{ customerId: 2_000_000_000, clickAuthorized: true }],
      [
        { customerId: w.own.id, clickAuthorized: true },
        { customerId: w.own.id, clickAuthorized: false },
      ],
    ]) {
      const refused = await call(
        w,
        admin(),
        'PUT',
        pathTo(ADMIN_PATHS.consultant, { userId: consultant.id }),
        {
          ...update,
          version: 3,
          mandates,
        },
      );
      expect(refused.statusCode).toBe(400);
    }
  });
});
