import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/builders';
import { buildTestApp, login, type TestApp } from '../../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

function xsrfCookieOf(setCookie: string | string[] | undefined): string | null {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const cookie = all.find((value) => value.startsWith('XSRF-TOKEN='));
  return cookie ? cookie.slice('XSRF-TOKEN='.length).split(';')[0]! : null;
}

/** A login from a browser that holds the XSRF cookie, with these headers and credentials. */
function loginWithCookie(
  headers: Record<string, string>,
  payload: { username: string; password: string },
) {
  return t.app.inject({
    method: 'POST',
    url: '/rest/authentication/login',
    cookies: { 'XSRF-TOKEN': 'cookie-value' },
    headers,
    payload,
  });
}

describe('XSRF protection', () => {
  it('sets a readable, same-site XSRF-TOKEN cookie when the browser has none', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/env.json' });
    const header = [response.headers['set-cookie']]
      .flat()
      .find((v) => v?.startsWith('XSRF-TOKEN='));
    expect(header).toBeDefined();
    expect(header).toMatch(/SameSite=Strict/i);
    expect(header).toMatch(/Path=\//);
    expect(header).not.toMatch(/HttpOnly/i);
    expect(xsrfCookieOf(response.headers['set-cookie'])!.length).toBeGreaterThanOrEqual(43);
  });

  it('does not replace a cookie the browser already has', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/env.json',
      cookies: { 'XSRF-TOKEN': 'existing' },
    });
    expect(xsrfCookieOf(response.headers['set-cookie'])).toBeNull();
  });

  it('refuses a state-changing request with the cookie but a missing or wrong header', async () => {
    const user = await createUser(t.db);
    for (const headers of [{}, { 'x-xsrf-token': 'other-value' }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/rest/authentication/login',
        cookies: { 'XSRF-TOKEN': 'cookie-value' },
        headers,
        payload: { username: user.username, password: user.password },
      });
      // Not 403: a client written from the spec reads a 403 on login as a wrong password.
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'XSRF_MISMATCH',
        message: 'Het beveiligingstoken ontbreekt of klopt niet. Vernieuw de pagina.',
      });
      expect(response.json().message).not.toMatch(/wachtwoord/i);
    }
  });

  it('words the refusal in English for an en request, not as a wrong password', async () => {
    const user = await createUser(t.db);
    const response = await loginWithCookie(
      { locale: 'en' },
      { username: user.username, password: user.password },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'XSRF_MISMATCH',
      message: 'The security token is missing or wrong. Please reload the page.',
    });
  });

  it('keeps 403 INVALID_CREDENTIALS for a wrong password with a matching token', async () => {
    const user = await createUser(t.db);
    const response = await loginWithCookie(
      { 'x-xsrf-token': 'cookie-value', locale: 'en' },
      { username: user.username, password: 'wrong-password' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  it('accepts the request when the header echoes the cookie', async () => {
    const user = await createUser(t.db);
    const response = await loginWithCookie(
      { 'x-xsrf-token': 'cookie-value' },
      { username: user.username, password: user.password },
    );
    expect(response.statusCode).toBe(200);
  });

  it('lets a bearer-token client without cookies through', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.username, user.password);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/rest/authentication/admin/setLocale/en',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(response.statusCode).toBe(204);
  });

  it('does not check safe methods', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/rest/tradingstatus',
      cookies: { 'XSRF-TOKEN': 'cookie-value' },
    });
    expect(response.statusCode).toBe(200);
  });
});
