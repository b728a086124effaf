import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createUser, type BuiltCustomer } from '../../../test/builders';
import { bearer, buildTestApp, login, postLogin, type TestApp } from '../../../test/test-app';

// Bad input is the client's fault: it answers 400 and never reaches the database unbounded.
let t: TestApp;
let customer: BuiltCustomer;
let adminToken: string;
let customerToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  customer = await createCustomer(t.db);
  const admin = await createUser(t.db, { role: 'admin' });
  const user = await createUser(t.db, { role: 'customer', customerIds: [customer.id] });
  adminToken = (await login(t.app, admin.username, admin.password)).token;
  customerToken = (await login(t.app, user.username, user.password)).token;
});

afterAll(async () => {
  await t.close();
});

async function activeSessionIds(): Promise<number[]> {
  const rows = await t.db
    .selectFrom('sessions')
    .select('id')
    .where('revoked_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

describe('texts with a NUL byte', () => {
  it('answers 400 to a login with one in the username or password', async () => {
    expect((await postLogin(t.app, 'a\u0000b', 'secret')).statusCode).toBe(400);
    expect((await postLogin(t.app, 'someone', 'se\u0000cret')).statusCode).toBe(400);
  });

  it.each(['loginAs', 'logout'])('answers 400 to %s with one in the text body', async (path) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/rest/authentication/${path}`,
      headers: { ...bearer(adminToken), 'content-type': 'text/plain' },
      payload: 'a\u0000b',
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers 400 to a username longer than any stored one', async () => {
    expect((await postLogin(t.app, 'a'.repeat(201), 'secret')).statusCode).toBe(400);
  });
});

describe('integers out of range', () => {
  it('answers 400 to a quote for customer 2147483648', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/purchase/quote',
      headers: bearer(adminToken),
      payload: {
        customerId: 2_147_483_648,
        contractId: 'KL-270001',
        yearOfSupply: 2027,
        maturity: 'Y',
        market: 'OTC',
        percentage: '10',
      },
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers 400 to accepting terms version 2147483648', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/rest/purchase/terms/${customer.id}/accept`,
      headers: bearer(customerToken),
      payload: { version: 2_147_483_648 },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('ids in paths and numbers in query strings are plain decimal digits', () => {
  it.each(['0x1', '1e1', '1.0', '+1', ' 1', '01', '0', '2147483648'])(
    'DELETE /rest/sessions/%s answers 400 and revokes nothing',
    async (id) => {
      const before = await activeSessionIds();
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/rest/sessions/${encodeURIComponent(id)}`,
        headers: bearer(adminToken),
      });
      expect(response.statusCode).toBe(400);
      expect(await activeSessionIds()).toEqual(before);
    },
  );

  it.each(['0x7D0', '2e3', '2027.0', ' 2027'])(
    'the click filter year=%s answers 400',
    async (year) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/rest/clicks/${customer.id}?year=${encodeURIComponent(year)}`,
        headers: bearer(customerToken),
      });
      expect(response.statusCode).toBe(400);
    },
  );

  it.each(['1e1', '0x1', '-0'])('the notification page=%s answers 400', async (page) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/rest/notifications?page=${encodeURIComponent(page)}`,
      headers: bearer(customerToken),
    });
    expect(response.statusCode).toBe(400);
  });

  it('the price history year 2e3 answers 400', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/rest/market/prices/TTF_GAS/2e3/Y',
      headers: bearer(customerToken),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('dates out of range', () => {
  it.each(['0001-01-01', '0050-06-01', '9999-12-31'])(
    'the click filter from/to %s answers 400',
    async (day) => {
      for (const field of ['from', 'to']) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/rest/clicks/${customer.id}?${field}=${day}`,
          headers: bearer(customerToken),
        });
        expect(response.statusCode).toBe(400);
      }
    },
  );

  it.each(['0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z'])(
    'the price history from/to %s answers 400',
    async (at) => {
      for (const field of ['from', 'to']) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/rest/market/prices/TTF_GAS/2027/Y?${field}=${encodeURIComponent(at)}`,
          headers: bearer(customerToken),
        });
        expect(response.statusCode).toBe(400);
      }
    },
  );
});

describe('texts in well-formed Unicode only', () => {
  // JSON.stringify keeps a lone surrogate as the escape "\ud800", as a client would send it.
  function post(url: string, body: unknown, locale?: string) {
    return t.app.inject({
      method: 'POST',
      url,
      headers: {
        ...bearer(adminToken),
        'content-type': 'application/json',
        ...(locale === undefined ? {} : { locale }),
      },
      payload: JSON.stringify(body),
    });
  }

  async function changeCounts(): Promise<number[]> {
    const counts = await Promise.all(
      (['announcements', 'audit_log', 'login_attempts'] as const).map((table) =>
        t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ),
    );
    return counts.map((row) => Number(row.n));
  }

  const announcement = {
    titleNl: 'Onderhoud',
    titleEn: 'Maintenance',
    bodyNl: 'Zaterdag',
    bodyEn: 'Saturday',
    audience: 'all',
  };

  it.each(['titleNl', 'titleEn', 'bodyNl', 'bodyEn'])(
    'an announcement with a lone surrogate in %s answers 400 and publishes nothing',
    async (field) => {
      const before = await changeCounts();
      const response = await post('/rest/admin/announcements', {
        ...announcement,
        [field]: 'Storing \ud800',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Het verzoek is ongeldig.',
      });
      expect(await changeCounts()).toEqual(before);
    },
  );

  it('an announcement with a surrogate pair (an emoji) is published', async () => {
    const response = await post('/rest/admin/announcements', {
      ...announcement,
      titleNl: 'Onderhoud 🛠',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ titleNl: 'Onderhoud 🛠' });
  });

  it.each([
    ['the address', { ip: '\ud800' }],
    ['the address, reversed pair', { ip: '10.0.0.1\udc00\ud800' }],
    ['the username', { username: 'jansen\udfff' }],
  ])('lifting a sign-in throttle with a lone surrogate in %s answers 400', async (_, change) => {
    const before = await changeCounts();
    const response = await post(
      '/rest/authentication/admin/liftLoginThrottle',
      { username: 'jansen', ...change },
      'en',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The request is not valid.',
    });
    expect(await changeCounts()).toEqual(before);
  });

  it('a lone surrogate in a path or query string never arrives as one', async () => {
    // A URL carries bytes: a lone surrogate can only be sent as its UTF-8 replacement or as
    // broken percent-escapes, which are refused or read as U+FFFD, never a 500.
    for (const [method, url] of [
      ['GET', '/rest/admin/users?q=%ED%A0%80'],
      ['GET', `/rest/admin/users?q=${encodeURIComponent('\ufffd')}`],
      ['GET', '/rest/deadlines/calendar/%ED%A0%80'],
      ['PUT', '/rest/authentication/admin/setLocale/%ED%A0%80'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: bearer(adminToken) });
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });
});
