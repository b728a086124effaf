import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, UserSessionSchema, pathTo } from '@klik/api';
import { createCustomer, createUser, type BuiltUser } from '../../../test/builders';
import { bearer, buildTestApp, postLogin, type TestApp } from '../../../test/test-app';

// A session with an initial password: one recognisable status everywhere, and the way out
// published in the OpenAPI document (docs/security.md "Initial passwords").
let t: TestApp;
let user: BuiltUser;
let customerId: number;

interface Operation {
  description?: string;
  responses: Record<string, { description?: string; content?: Record<string, { schema: Schema }> }>;
}
interface Schema {
  description?: string;
  properties?: Record<string, Schema>;
  const?: string;
  enum?: string[];
}

beforeAll(async () => {
  t = await buildTestApp({ env: { MARKET_FEED: 'none' } });
  customerId = (await createCustomer(t.db)).id;
  user = await createUser(t.db, { customerIds: [customerId] });
  await t.db
    .updateTable('users')
    .set({ must_change_password: true })
    .where('id', '=', user.id)
    .execute();
});

afterAll(async () => {
  await t.close();
});

describe('an initial password', () => {
  it('answers 428 PASSWORD_CHANGE_REQUIRED until changePassword, then serves the token', async () => {
    const session = UserSessionSchema.parse(
      (await postLogin(t.app, user.username, user.password)).json(),
    );
    expect(session.mustChangePassword).toBe(true);
    const headers = { ...bearer(session.token), locale: 'en' };
    const blocked = await t.app.inject({
      method: 'GET',
      url: `/rest/contractData/${customerId}`,
      headers,
    });
    expect(blocked.statusCode).toBe(428);
    expect(blocked.json()).toEqual({
      code: 'PASSWORD_CHANGE_REQUIRED',
      message: 'Please change your password first.',
    });
    const locale = await t.app.inject({
      method: 'PUT',
      url: pathTo(AUTH_PATHS.setLocale, { locale: 'en' }),
      headers,
    });
    expect(locale.statusCode).toBe(204);
    const changed = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.changePassword,
      headers,
      payload: { currentPassword: user.password, newPassword: 'Eigen-geheim-9' },
    });
    expect(changed.statusCode).toBe(204);
    const served = await t.app.inject({
      method: 'GET',
      url: `/rest/contractData/${customerId}`,
      headers,
    });
    expect(served.statusCode).toBe(200);
  });

  it('is part of the published sign-in contract in /docs/json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = (response.json() as { paths: Record<string, Record<string, Operation>> }).paths;
    const login = paths['/rest/authentication/login']!.post!;
    expect(login.description).toMatch(/changePassword/);
    expect(login.responses['403']).toBeDefined();
    const sessionSchema = login.responses['200']!.content!['application/json']!.schema;
    expect(sessionSchema.properties!.mustChangePassword!.description).toMatch(/428/);

    // Every guarded call names the 428 and the way out ...
    const contracts = paths['/rest/contractData/{customerId}']!.get!;
    const refusal = contracts.responses['428']!.content!['application/json']!.schema;
    expect(refusal.description).toMatch(/POST \/rest\/authentication\/changePassword/);
    const code = refusal.properties!.code!;
    expect(code.const ?? code.enum?.[0]).toBe('PASSWORD_CHANGE_REQUIRED');
    // ... but the calls that are the way out, and calls without a session, do not.
    const change = paths['/rest/authentication/changePassword']!.post!;
    expect(change.responses['428']).toBeUndefined();
    expect(change.description).toMatch(/initial password/);
    expect(paths['/rest/authentication/admin/setLocale/{locale}']!.put!.responses['428']).toBe(
      undefined,
    );
    expect(login.responses['428']).toBeUndefined();
  });
});
