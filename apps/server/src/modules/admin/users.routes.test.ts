import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PATHS,
  AdminUserSchema,
  ContractDataListSchema,
  UserListSchema,
  UserSessionSchema,
  type AdminUser,
  AUTH_PATHS,
  pathTo,
} from '@klik/api';
import { createContract } from '../../../test/builders';
import { postLogin } from '../../../test/test-app';
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
import { onPostgres } from '../../../test/test-database';

let w: AdminWorld;
const terminated: number[][] = [];

beforeAll(async () => {
  w = await adminWorld();
  w.t.app.deps.bus.subscribe('terminateSession', ({ sessionIds }) => {
    terminated.push(sessionIds);
  });
}, 60_000);

afterAll(async () => {
  await w.t.close();
});

function newUser(overrides: Record<string, unknown> = {}) {
  return newUserBody(w.own.id, overrides);
}

async function created(token: string, body: Record<string, unknown>): Promise<AdminUser> {
  const response = await call(w, token, 'POST', ADMIN_PATHS.users, body);
  expect(response.statusCode, response.body).toBe(201);
  return AdminUserSchema.parse(response.json());
}

describe(`users on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  const admin = () => w.callers.admin.token;

  it('creates a user with an initial password that must be changed first, and audits it', async () => {
    const body = newUser();
    const user = await created(admin(), body);
    expect(user).toMatchObject({
      username: body.username,
      email: body.email.toLowerCase(),
      mobile: '+31612345678',
      role: 'customer',
      active: true,
      mustChangePassword: true,
      version: 1,
      customers: [{ customerId: w.own.id, readOnly: false, clickAuthorized: true }],
    });
    const [row] = await auditRows(w.t.db, 'user.create');
    expect(row).toMatchObject({
      actor_user_id: w.callers.admin.user.id,
      subject: body.username,
      outcome: 'success',
      customer_ids: [w.own.id],
    });
    expect(row?.details).toMatchObject({ after: { username: body.username, role: 'customer' } });
    expect(JSON.stringify(row?.details)).not.toContain('Begin-1234');

    // Sign-in says a change is required, and nothing else is served until it is done.
    const signIn = await postLogin(w.t.app, body.username, body.initialPassword);
    const session = UserSessionSchema.parse(signIn.json());
    expect(session.mustChangePassword).toBe(true);
    const blocked = await call(w, session.token, 'GET', `/rest/contractData/${w.own.id}`);
    expect(blocked.statusCode).toBe(428);
    expect(codeOf(blocked)).toBe('PASSWORD_CHANGE_REQUIRED');

    const tooShort = await call(w, session.token, 'POST', AUTH_PATHS.changePassword, {
      currentPassword: body.initialPassword,
      newPassword: 'kort',
    });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json()).toMatchObject({
      code: 'PASSWORD_TOO_SHORT',
      details: { field: 'newPassword' },
    });
    const wrong = await call(w, session.token, 'POST', AUTH_PATHS.changePassword, {
      currentPassword: 'Niet-het-wachtwoord',
      newPassword: 'Eigen-geheim-9',
    });
    expect(codeOf(wrong)).toBe('CURRENT_PASSWORD_WRONG');
    const common = await call(w, session.token, 'POST', AUTH_PATHS.changePassword, {
      currentPassword: body.initialPassword,
      newPassword: 'Sunshine1',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({
      code: 'PASSWORD_TOO_COMMON',
      details: { field: 'newPassword' },
    });
    expect((await postLogin(w.t.app, body.username, 'Sunshine1')).statusCode).toBe(403);
    const same = await call(w, session.token, 'POST', AUTH_PATHS.changePassword, {
      currentPassword: body.initialPassword,
      newPassword: body.initialPassword,
    });
    expect(codeOf(same)).toBe('PASSWORD_NOT_CHANGED');
    const changed = await call(w, session.token, 'POST', AUTH_PATHS.changePassword, {
      currentPassword: body.initialPassword,
      newPassword: 'Eigen-geheim-9',
    });
    expect(changed.statusCode).toBe(204);
    const served = await call(w, session.token, 'GET', `/rest/contractData/${w.own.id}`);
    expect(served.statusCode).toBe(200);
    const again = UserSessionSchema.parse(
      (await postLogin(w.t.app, body.username, 'Eigen-geheim-9')).json(),
    );
    expect(again.mustChangePassword).toBe(false);
  });

  it('answers each invalid field with its own code and the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'geen-adres' }, 'EMAIL_INVALID', 'email'],
      [{ email: '' }, 'EMAIL_REQUIRED', 'email'],
      [{ name: '   ' }, 'NAME_REQUIRED', 'name'],
      [{ name: undefined }, 'NAME_REQUIRED', 'name'],
      [{ name: 'x'.repeat(201) }, 'NAME_INVALID', 'name'],
      [{ username: 'a' }, 'USERNAME_INVALID', 'username'],
      [{ username: '' }, 'USERNAME_REQUIRED', 'username'],
      [{ mobile: '0612345678' }, 'MOBILE_INVALID', 'mobile'],
      [{ mobile: '+31 6 12' }, 'MOBILE_INVALID', 'mobile'],
      [{ initialPassword: '' }, 'PASSWORD_REQUIRED', 'initialPassword'],
      [{ initialPassword: 'Kort-1' }, 'PASSWORD_TOO_SHORT', 'initialPassword'],
      [{ initialPassword: 'Veel-te-lang-wachtwoord-1' }, 'PASSWORD_TOO_LONG', 'initialPassword'],
      // The common-password list holds for a password an administrator sets, in any case.
      [{ initialPassword: 'Password1' }, 'PASSWORD_TOO_COMMON', 'initialPassword'],
      [{ initialPassword: 'QWERTY123' }, 'PASSWORD_TOO_COMMON', 'initialPassword'],
    ];
    for (const [overrides, code, field] of cases) {
      const response = await call(w, admin(), 'POST', ADMIN_PATHS.users, newUser(overrides));
      expect(response.statusCode, code).toBe(400);
      expect(response.json(), JSON.stringify(overrides)).toMatchObject({
        code,
        details: { field },
      });
    }
    const nl = await w.t.app.inject({
      method: 'POST',
      url: ADMIN_PATHS.users,
      headers: { authorization: `Bearer ${admin()}`, locale: 'nl' },
      payload: newUser({ email: 'fout' }),
    });
    expect(nl.json()).toMatchObject({ message: 'Ongeldig e-mailadres.' });
  });

  it('keeps e-mail addresses and usernames unique regardless of case', async () => {
    const first = await created(admin(), newUser());
    const sameEmail = await call(
      w,
      admin(),
      'POST',
      ADMIN_PATHS.users,
      newUser({ email: first.email!.toUpperCase() }),
    );
    expect(sameEmail.statusCode).toBe(409);
    expect(codeOf(sameEmail)).toBe('USER_NOT_UNIQUE');
    // The spec's key (section 8) beside Klik's code, for a client written from the spec.
    expect(sameEmail.json()).toMatchObject({ code: 'USER_NOT_UNIQUE', key: 'user_not_unique' });
    const sameName = await call(
      w,
      admin(),
      'POST',
      ADMIN_PATHS.users,
      newUser({ username: first.username.toUpperCase() }),
    );
    expect(codeOf(sameName)).toBe('USERNAME_NOT_UNIQUE');
    expect(sameName.json()).not.toHaveProperty('key');
  });

  it('lists users filtered, sorted and paged on the server', async () => {
    const tag = `lijst${Date.now()}`;
    for (const name of ['Cees', 'Anna', 'Bert']) {
      await created(admin(), newUser({ name: `${tag} ${name}` }));
    }
    const inactive = await quickUser(w.t.db, { name: `${tag} Dirk`, disabled: true });
    const page = async (query: string) => {
      const response = await call(w, admin(), 'GET', `${ADMIN_PATHS.users}?q=${tag}&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return UserListSchema.parse(response.json());
    };
    const all = await page('sort=name');
    expect(all.total).toBe(4);
    expect(all.data.map((user) => user.name)).toEqual(
      ['Anna', 'Bert', 'Cees', 'Dirk'].map((name) => `${tag} ${name}`),
    );
    const second = await page('sort=-name&size=2&page=1');
    expect(second).toMatchObject({ page: 1, size: 2, total: 4 });
    expect(second.data.map((user) => user.name)).toEqual([`${tag} Bert`, `${tag} Anna`]);
    expect((await page('active=false')).data.map((user) => user.id)).toEqual([inactive.id]);
    expect((await page(`customerId=${w.own.id}&role=customer`)).total).toBe(3);
    expect((await page('role=admin')).total).toBe(0);
    expect((await page('page=9')).data).toEqual([]);
    expect((await call(w, admin(), 'GET', `${ADMIN_PATHS.users}?sort=password`)).statusCode).toBe(
      400,
    );
  });

  it('saves an edit on the current version and refuses a stale one with 409', async () => {
    const user = await created(admin(), newUser());
    const first = await call(
      w,
      admin(),
      'PUT',
      pathTo(ADMIN_PATHS.user, { userId: user.id }),
      editBody(user, { name: 'Eerste Wijziging', locale: 'en' }),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ name: 'Eerste Wijziging', locale: 'en', version: 2 });
    const stale = await call(
      w,
      admin(),
      'PUT',
      pathTo(ADMIN_PATHS.user, { userId: user.id }),
      editBody(user, { name: 'Tweede Wijziging' }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'VERSION_CONFLICT',
      details: { currentVersion: 2 },
    });
    const [row] = await auditRows(w.t.db, 'user.update');
    expect(row?.details).toMatchObject({
      before: { name: 'Nieuwe Gebruiker', version: 1 },
      after: { name: 'Eerste Wijziging', version: 2 },
    });
  });

  it('makes a per-customer click right count: without it every status is DC_34', async () => {
    await createContract(w.t.db, { customerId: w.own.id });
    const user = await created(admin(), newUser());
    const body = editBody(user, {
      customers: [{ customerId: w.own.id, readOnly: false, clickAuthorized: false }],
    });
    expect(
      (await call(w, admin(), 'PUT', pathTo(ADMIN_PATHS.user, { userId: user.id }), body))
        .statusCode,
    ).toBe(200);
    const session = UserSessionSchema.parse(
      (await postLogin(w.t.app, user.username, 'Begin-1234')).json(),
    );
    await call(w, session.token, 'POST', AUTH_PATHS.changePassword, {
      currentPassword: 'Begin-1234',
      newPassword: 'Eigen-geheim-9',
    });
    const data = ContractDataListSchema.parse(
      (await call(w, session.token, 'GET', `/rest/contractData/${w.own.id}`)).json(),
    );
    const reasons = data.flatMap((contract) =>
      contract.statusPerContract.yearStatuses.map((status) => status.disableClickReason),
    );
    expect(reasons.length).toBeGreaterThan(0);
    expect(new Set(reasons)).toEqual(new Set(['DC_34']));
  });

  it('deactivates a user, ending their sessions at once; nobody deactivates themselves', async () => {
    const target = await quickUser(w.t.db, { customerIds: [w.own.id] });
    const session = UserSessionSchema.parse(
      (await postLogin(w.t.app, target.username, target.password)).json(),
    );
    const before = terminated.length;
    const response = await call(
      w,
      admin(),
      'PUT',
      pathTo(ADMIN_PATHS.userActive, { userId: target.id }),
      {
        version: 1,
        active: false,
      },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ active: false, version: 2 });
    expect(terminated.length).toBe(before + 1);
    expect((await call(w, session.token, 'GET', `/rest/contractData/${w.own.id}`)).statusCode).toBe(
      401,
    );
    expect((await postLogin(w.t.app, target.username, target.password)).statusCode).toBe(403);
    const [row] = await auditRows(w.t.db, 'user.deactivate');
    expect(row).toMatchObject({ subject: target.username, customer_ids: [w.own.id] });
    expect(row?.details).toMatchObject({ before: { active: true }, after: { active: false } });

    const back = await call(
      w,
      admin(),
      'PUT',
      pathTo(ADMIN_PATHS.userActive, { userId: target.id }),
      {
        version: 2,
        active: true,
      },
    );
    expect(back.json()).toMatchObject({ active: true, version: 3 });
    expect((await postLogin(w.t.app, target.username, target.password)).statusCode).toBe(200);

    const self = await call(
      w,
      admin(),
      'PUT',
      pathTo(ADMIN_PATHS.userActive, { userId: w.callers.admin.user.id }),
      {
        version: 1,
        active: false,
      },
    );
    expect(self.statusCode).toBe(409);
    expect(codeOf(self)).toBe('CANNOT_REMOVE_SELF');
  });

  it('resets a password to an initial one and signs the user out', async () => {
    const target = await quickUser(w.t.db, { customerIds: [w.own.id] });
    const session = UserSessionSchema.parse(
      (await postLogin(w.t.app, target.username, target.password)).json(),
    );
    const common = await call(
      w,
      admin(),
      'PUT',
      pathTo(ADMIN_PATHS.userPassword, { userId: target.id }),
      {
        version: 1,
        initialPassword: 'Football1',
      },
    );
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({
      code: 'PASSWORD_TOO_COMMON',
      details: { field: 'initialPassword' },
    });
    // Refused before anything changed: the session stands, the version is still 1.
    expect((await call(w, session.token, 'GET', `/rest/contractData/${w.own.id}`)).statusCode).toBe(
      200,
    );
    const response = await call(
      w,
      admin(),
      'PUT',
      pathTo(ADMIN_PATHS.userPassword, { userId: target.id }),
      {
        version: 1,
        initialPassword: 'Nieuw-begin-1',
      },
    );
    expect(response.json()).toMatchObject({ mustChangePassword: true, version: 2 });
    expect((await call(w, session.token, 'GET', `/rest/contractData/${w.own.id}`)).statusCode).toBe(
      401,
    );
    const again = UserSessionSchema.parse(
      (await postLogin(w.t.app, target.username, 'Nieuw-begin-1')).json(),
    );
    expect(again.mustChangePassword).toBe(true);
  });
});
