import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserSessionSchema } from '@klik/api';
import { createCustomer, createUser, type BuiltUser } from '../../../test/builders';
import { bearer, buildTestApp, login, type TestApp } from '../../../test/test-app';

/*
 * A TPI consultant signs in as the customer users of their own customers (consultantdashboard,
 * docs/tpi.md); nobody else's, and no other consultant. The session is the user's, with the
 * consultant as impersonator, so everything done in it is recorded as theirs for the customer.
 */

let t: TestApp;
let tpi: BuiltUser;
let readOnlyTpi: BuiltUser;
let plainConsultant: BuiltUser;
let ownUser: BuiltUser;
let foreignUser: BuiltUser;
let mixedUser: BuiltUser;
let otherConsultant: BuiltUser;

beforeAll(async () => {
  t = await buildTestApp();
  const own = await createCustomer(t.db, { dashboards: ['Hal'] });
  const foreign = await createCustomer(t.db, { dashboards: ['Elders'] });
  tpi = await createUser(t.db, { role: 'consultant', allowTPIPage: true, customerIds: [own.id] });
  readOnlyTpi = await createUser(t.db, {
    role: 'consultant',
    allowTPIPage: true,
    readOnly: true,
    customerIds: [own.id],
  });
  plainConsultant = await createUser(t.db, { role: 'consultant', customerIds: [own.id] });
  ownUser = await createUser(t.db, { role: 'customer', customerIds: [own.id] });
  foreignUser = await createUser(t.db, { role: 'customer', customerIds: [foreign.id] });
  mixedUser = await createUser(t.db, { role: 'customer', customerIds: [own.id, foreign.id] });
  otherConsultant = await createUser(t.db, { role: 'consultant', customerIds: [own.id] });
});

afterAll(async () => {
  await t.close();
});

async function loginAs(caller: BuiltUser, username: string) {
  const session = await login(t.app, caller.username, caller.password);
  return t.app.inject({
    method: 'POST',
    url: '/rest/authentication/loginAs',
    headers: { ...bearer(session.token), 'content-type': 'text/plain' },
    payload: username,
  });
}

describe('login-as by a TPI consultant', () => {
  it("signs in as a user of the consultant's own customer, recorded with the consultant", async () => {
    const response = await loginAs(tpi, ownUser.username);
    expect(response.statusCode).toBe(200);
    const session = UserSessionSchema.parse(response.json());
    expect(session).toMatchObject({
      username: ownUser.username,
      role: 'customer',
      impersonatedBy: tpi.username,
      readOnly: false,
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'loginAs')
      .where('subject', '=', ownUser.username)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_username: tpi.username, outcome: 'success' });
  });

  it('keeps a read-only consultant read-only', async () => {
    const response = await loginAs(readOnlyTpi, ownUser.username);
    expect(UserSessionSchema.parse(response.json()).readOnly).toBe(true);
  });

  it("refuses foreign users, users also of someone else's customer and consultants", async () => {
    for (const target of [foreignUser, mixedUser, otherConsultant]) {
      const response = await loginAs(tpi, target.username);
      expect({ target: target.username, status: response.statusCode }).toEqual({
        target: target.username,
        status: 403,
      });
    }
  });

  it('refuses a consultant without the TPI page', async () => {
    expect((await loginAs(plainConsultant, ownUser.username)).statusCode).toBe(403);
  });
});
