import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS, AdminUserSchema, UserListSchema, pathTo } from '@klik/api';
import {
  adminWorld,
  auditRows,
  call,
  codeOf,
  editBody,
  newUserBody,
  quickUser,
  type AdminWorld,
} from './admin-test-kit';

/* What account managers and user managers may do with users (docs/permissions.md). */

let w: AdminWorld;

beforeAll(async () => {
  w = await adminWorld();
}, 60_000);

afterAll(async () => {
  await w.t.close();
});

function newUser(overrides: Record<string, unknown> = {}) {
  return newUserBody(w.own.id, overrides);
}

describe('users in reach of an account manager and a user manager', () => {
  it("shows an account manager the portfolio's users and only the portfolio's customers", async () => {
    const shared = await quickUser(w.t.db, {
      role: 'consultant',
      customerIds: [w.own.id, w.foreign.id],
    });
    const foreignOnly = await quickUser(w.t.db, { customerIds: [w.foreign.id] });
    const token = w.callers.accountmanager.token;
    const list = UserListSchema.parse(
      (await call(w, token, 'GET', `${ADMIN_PATHS.users}?size=100`)).json(),
    );
    const ids = list.data.map((user) => user.id);
    expect(ids).toContain(shared.id);
    expect(ids).not.toContain(foreignOnly.id);
    expect(ids).not.toContain(w.callers.admin.user.id);
    const seen = list.data.find((user) => user.id === shared.id);
    expect(seen?.customers.map((customer) => customer.customerId)).toEqual([w.own.id]);
    // Seen, but not theirs to change: the user also belongs to a customer outside the portfolio.
    const edit = await call(
      w,
      token,
      'PUT',
      pathTo(ADMIN_PATHS.userActive, { userId: shared.id }),
      {
        version: 1,
        active: false,
      },
    );
    expect(edit.statusCode).toBe(403);
    const adminRole = await call(w, token, 'POST', ADMIN_PATHS.users, newUser({ role: 'admin' }));
    expect(codeOf(adminRole)).toBe('RIGHTS_EXCEEDED');
    const missing = await call(w, token, 'GET', pathTo(ADMIN_PATHS.user, { userId: 2_000_000 }));
    expect(missing.statusCode).toBe(403);
    const missingForAdmin = await call(
      w,
      w.callers.admin.token,
      'GET',
      pathTo(ADMIN_PATHS.user, { userId: 2_000_000 }),
    );
    expect(missingForAdmin.statusCode).toBe(404);
  });

  it('lets a user manager add view-only users and deactivate colleagues, never raising anyone', async () => {
    const token = w.callers.userManager.token;
    const { role: _role, customers: _customers, ...body } = newUser();
    const response = await call(w, token, 'POST', ADMIN_PATHS.viewOnlyUsers, {
      ...body,
      customerIds: [w.own.id],
    });
    expect(response.statusCode, response.body).toBe(201);
    const viewer = AdminUserSchema.parse(response.json());
    expect(viewer).toMatchObject({
      role: 'customer',
      readOnly: true,
      clickAuthorized: false,
      manageUsers: false,
      customers: [{ customerId: w.own.id, readOnly: true, clickAuthorized: false }],
    });
    const [row] = await auditRows(w.t.db, 'user.createViewOnly');
    expect(row).toMatchObject({ actor_user_id: w.callers.userManager.user.id });

    // The manager may not click for this customer: giving the viewer the click right raises them.
    await w.t.db
      .updateTable('user_customers')
      .set({ click_authorized: false })
      .where('user_id', '=', w.callers.userManager.user.id)
      .execute();
    const raised = await call(
      w,
      token,
      'PUT',
      pathTo(ADMIN_PATHS.user, { userId: viewer.id }),
      editBody(viewer, {
        customers: [{ customerId: w.own.id, readOnly: false, clickAuthorized: true }],
      }),
    );
    expect(raised.statusCode).toBe(403);
    expect(codeOf(raised)).toBe('RIGHTS_EXCEEDED');
    const writer = await call(
      w,
      token,
      'PUT',
      pathTo(ADMIN_PATHS.user, { userId: viewer.id }),
      editBody(viewer, {
        readOnly: false,
        customers: [{ customerId: w.own.id, readOnly: false, clickAuthorized: false }],
      }),
    );
    expect(writer.statusCode, writer.body).toBe(200);
    await w.t.db
      .updateTable('user_customers')
      .set({ click_authorized: true })
      .where('user_id', '=', w.callers.userManager.user.id)
      .execute();

    const colleague = await quickUser(w.t.db, { customerIds: [w.own.id] });
    const off = await call(
      w,
      token,
      'PUT',
      pathTo(ADMIN_PATHS.userActive, { userId: colleague.id }),
      {
        version: 1,
        active: false,
      },
    );
    expect(off.statusCode).toBe(200);
    const consultant = await quickUser(w.t.db, { role: 'consultant', customerIds: [w.own.id] });
    const notTheirs = await call(
      w,
      token,
      'PUT',
      pathTo(ADMIN_PATHS.userActive, { userId: consultant.id }),
      {
        version: 1,
        active: false,
      },
    );
    expect(notTheirs.statusCode).toBe(403);
    const self = await call(
      w,
      token,
      'PUT',
      pathTo(ADMIN_PATHS.userActive, { userId: w.callers.userManager.user.id }),
      { version: 1, active: false },
    );
    expect(codeOf(self)).toBe('CANNOT_REMOVE_SELF');
  });
});
