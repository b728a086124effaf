import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationListSchema, NotificationPageSchema, UnreadCountSchema } from '@klik/api';
import { createCustomer, createUser, type BuiltUser } from '../../../test/builders';
import { bearer, buildTestApp, impersonate, login, type TestApp } from '../../../test/test-app';
import { notify } from './notify';
import { onPostgres } from '../../../test/test-database';

let t: TestApp;
let user: BuiltUser;
let other: BuiltUser;
let token: string;
let otherToken: string;
let customerId: number;
/** The user's notification ids, oldest first. */
let ids: number[];

async function get(url: string, as = token) {
  return t.app.inject({ method: 'GET', url, headers: bearer(as) });
}

async function put(url: string, as = token) {
  return t.app.inject({ method: 'PUT', url, headers: bearer(as) });
}

async function page(query: string, as = token) {
  const response = await get(`/rest/notifications${query}`, as);
  expect(response.statusCode).toBe(200);
  return NotificationPageSchema.parse(response.json());
}

async function unread(as = token): Promise<number> {
  return UnreadCountSchema.parse((await get('/rest/notifications/active/count', as)).json()).data;
}

beforeAll(async () => {
  t = await buildTestApp({ env: { MARKET_FEED: 'none' } });
  const customer = await createCustomer(t.db);
  customerId = customer.id;
  user = await createUser(t.db, { customerIds: [customer.id] });
  other = await createUser(t.db);
  token = (await login(t.app, user.username, user.password)).token;
  otherToken = (await login(t.app, other.username, other.password)).token;
  ids = [];
  // Twelve notifications a minute apart, the newest last.
  for (let minute = 0; minute < 12; minute += 1) {
    const [id] = await notify(t.db, {
      kind: minute % 2 === 0 ? 'CLICK_CREATED' : 'CLICK_COMPLETED',
      to: { userIds: [user.id] },
      customerId,
      clickId: null,
      contractId: `C-${minute}`,
      params: { maturity: 'M1', yearOfSupply: 2027 },
      at: new Date(Date.UTC(2026, 10, 20, 10, minute)),
    });
    ids.push(id as number);
  }
  await notify(t.db, {
    kind: 'TRADING_PAUSED',
    to: { userIds: [other.id] },
    at: new Date('2026-11-20T12:00:00Z'),
  });
});

afterAll(async () => {
  await t.close();
});

describe(`the notification backend on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('pages newest first, 10 by default, with the total and where it is', async () => {
    const first = await page('?page=0');
    expect(first).toMatchObject({ total: 12, page: 0, size: 10 });
    expect(first.data.map((n) => n.id)).toEqual(ids.slice(2).reverse());
    expect(first.data[0]).toMatchObject({
      localeId: 'notification.CLICK_COMPLETED',
      kind: 'CLICK_COMPLETED',
      publishDate: '2026-11-20T10:11:00.000Z',
      read: false,
      customerId,
      contractId: 'C-11',
      params: { maturity: 'M1', yearOfSupply: 2027 },
      hasAttachment: false,
      attachmentLocales: [],
      announcement: null,
    });
    const second = await page('?page=1&size=5');
    expect(second.data.map((n) => n.id)).toEqual(ids.slice(2, 7).reverse());
    expect((await page('?page=3&size=5')).data).toEqual([]);
  });

  it('sorts by publishDate ascending, and by read with unread first', async () => {
    expect((await page('?sort=publishDate&size=3')).data.map((n) => n.id)).toEqual(ids.slice(0, 3));
    await put(`/rest/notification/${ids[11]}/read`);
    const byRead = await page('?sort=read&size=2');
    expect(byRead.data.map((n) => [n.id, n.read])).toEqual([
      [ids[10], false],
      [ids[9], false],
    ]);
    const readLast = await page('?sort=-read&size=1');
    expect(readLast.data.map((n) => [n.id, n.read])).toEqual([[ids[11], true]]);
  });

  it('filters the unread, counts them and answers the latest unread', async () => {
    const before = await unread();
    const onlyUnread = await page('?unread=true&size=100');
    expect(onlyUnread.total).toBe(before);
    expect(onlyUnread.data.every((n) => !n.read)).toBe(true);
    const onlyRead = await page('?unread=false');
    expect(onlyRead.data.every((n) => n.read)).toBe(true);
    expect(onlyRead.total + onlyUnread.total).toBe(12);
    const latest = NotificationListSchema.parse(
      (await get('/rest/notifications/latest?size=3')).json(),
    );
    expect(latest.data.map((n) => n.read)).toEqual([false, false, false]);
    expect(latest.data[0]?.id).toBe(onlyUnread.data[0]?.id);
  });

  it('answers a plain GET notifications with the latest unread ones, as notifications/latest', async () => {
    const plain = await get('/rest/notifications');
    expect(plain.statusCode).toBe(200);
    const body = plain.json() as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['data']);
    const latest = NotificationListSchema.parse(body);
    expect(latest.data.length).toBeGreaterThan(0);
    expect(latest.data.length).toBeLessThanOrEqual(10);
    expect(latest.data.every((n) => !n.read)).toBe(true);
    expect(latest).toEqual(
      NotificationListSchema.parse((await get('/rest/notifications/latest')).json()),
    );
    // Any paging parameter, or the unread filter, asks for the page with read ones too.
    for (const query of ['?page=0', '?size=100', '?sort=-publishDate', '?unread=false']) {
      expect(await page(query)).toHaveProperty('total');
    }
    expect((await page('?size=100')).data.some((n) => n.read)).toBe(true);
  });

  it('marks one read idempotently (204, empty body) and the count falls once', async () => {
    const before = await unread();
    const first = await put(`/rest/notification/${ids[0]}/read`);
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    expect(await unread()).toBe(before - 1);
    expect((await put(`/rest/notification/${ids[0]}/read`)).statusCode).toBe(204);
    expect(await unread()).toBe(before - 1);
  });

  it("hides other users' notifications: 404 for a foreign id, nothing in their lists", async () => {
    const foreign = await page('?page=0', otherToken);
    expect(foreign.data.map((n) => n.kind)).toEqual(['TRADING_PAUSED']);
    const before = await unread();
    expect((await put(`/rest/notification/${ids[1]}/read`, otherToken)).statusCode).toBe(404);
    expect(await unread()).toBe(before);
    expect(
      (await get(`/rest/notification/${ids[1]}/locale/nl/attachment`, otherToken)).statusCode,
    ).toBe(404);
    expect((await put('/rest/notification/2147483647/read')).statusCode).toBe(404);
  });

  it.each([
    ['/rest/notification/abc/read', 'PUT'],
    ['/rest/notification/0/read', 'PUT'],
    ['/rest/notification/1e3/read', 'PUT'],
    ['/rest/notification/1/locale/de/attachment', 'GET'],
    ['/rest/notifications?size=101', 'GET'],
    ['/rest/notifications?sort=kind', 'GET'],
    ['/rest/notifications?unread=yes', 'GET'],
  ] as const)('%s answers 400', async (url, method) => {
    const response = method === 'PUT' ? await put(url) : await get(url);
    expect(response.statusCode).toBe(400);
  });

  it('answers 404 for a notification without an attachment', async () => {
    expect((await get(`/rest/notification/${ids[2]}/locale/nl/attachment`)).statusCode).toBe(404);
  });

  it('needs a session; someone signed in as the user may read but not mark read', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/rest/notifications' })).statusCode).toBe(
      401,
    );
    const asUser = await impersonate(t.app, t.db, user.username);
    expect((await page('?page=0', asUser)).total).toBe(12);
    expect((await put(`/rest/notification/${ids[3]}/read`, asUser)).statusCode).toBe(403);
    expect((await put('/rest/notifications/read', asUser)).statusCode).toBe(403);
  });

  it('marks all read', async () => {
    expect(await unread()).toBeGreaterThan(0);
    expect((await put('/rest/notifications/read')).statusCode).toBe(204);
    expect(await unread()).toBe(0);
    expect(await unread(otherToken)).toBe(1);
  });
});
