import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { AnnouncementSchema, NotificationPageSchema, type Notification } from '@klik/api';
import { createCustomer, createUser } from '../../../test/builders';
import { bearer, login } from '../../../test/test-app';
import {
  executeOk,
  type PurchaseWorld,
  purchaseWorlds,
  quoteOk,
  requireApproval,
  secondUser,
} from '../purchase/purchase-test-kit';
import { TestSocket } from '../realtime/ws-test-client';
import { onPostgres } from '../../../test/test-database';

const openWorld = purchaseWorlds();

async function setUp(): Promise<PurchaseWorld> {
  return openWorld({ env: { MARKET_FEED: 'none' } });
}

async function notificationsOf(w: PurchaseWorld, token: string): Promise<Notification[]> {
  const response = await w.t.app.inject({
    method: 'GET',
    url: '/rest/notifications?size=100',
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return NotificationPageSchema.parse(response.json()).data;
}

async function adminToken(w: PurchaseWorld): Promise<string> {
  const admin = await createUser(w.t.db, { role: 'admin' });
  return (await login(w.t.app, admin.username, admin.password)).token;
}

function publish(w: PurchaseWorld, token: string, payload: unknown) {
  return w.t.app.inject({
    method: 'POST',
    url: '/rest/admin/announcements',
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });
}

const texts = {
  titleNl: 'Marktbericht november',
  titleEn: 'Market report November',
  bodyNl: 'De gasprijs is gedaald.',
  bodyEn: 'The gas price has fallen.',
};

describe(`notification sources on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('a click made and completed tells its users, with the click, contract and PDF slot', async () => {
    const w = await setUp();
    const colleague = await secondUser(w);
    const click = await executeOk(w, (await quoteOk(w, { percentage: '25' })).quoteId);
    w.t.clock.advance(10_000);
    await w.t.app.purchase.desk.runOnce();
    for (const token of [w.token, colleague.token]) {
      const list = await notificationsOf(w, token);
      expect(list.map((n) => n.kind)).toEqual(['CLICK_COMPLETED', 'CLICK_CREATED']);
      expect(list[0]).toMatchObject({
        clickId: click.id,
        contractId: w.contract.contractId,
        customerId: w.customer.id,
        localeId: 'notification.CLICK_COMPLETED',
      });
    }
    const stored = await w.t.db
      .selectFrom('notifications')
      .select(['attachment_kind', 'attachment_ref'])
      .where('kind', '=', 'CLICK_COMPLETED')
      .execute();
    expect(stored[0]).toEqual({ attachment_kind: 'clickConfirmation', attachment_ref: click.id });
  });

  it('waiting, approved and rejected clicks each have their kind', async () => {
    const w = await setUp();
    await requireApproval(w);
    const approver = await secondUser(w);
    const first = await executeOk(w, (await quoteOk(w)).quoteId);
    const approve = await w.t.app.inject({
      method: 'POST',
      url: `/rest/clicks/${first.id}/approve`,
      headers: bearer(approver.token),
    });
    expect(approve.statusCode).toBe(200);
    const second = await executeOk(w, (await quoteOk(w, { maturity: 'M5' })).quoteId);
    await w.t.app.inject({
      method: 'POST',
      url: `/rest/clicks/${second.id}/reject`,
      headers: bearer(approver.token),
    });
    const kinds = (await notificationsOf(w, w.token)).map((n) => [n.kind, n.clickId]);
    expect(kinds).toEqual([
      ['CLICK_REJECTED', second.id],
      ['CLICK_PENDING_APPROVAL', second.id],
      ['CLICK_APPROVED', first.id],
      ['CLICK_PENDING_APPROVAL', first.id],
    ]);
  });

  it('pause and resume tell every active user once; pausing a paused portal tells nobody', async () => {
    const w = await setUp();
    const disabled = await createUser(w.t.db, { disabled: true });
    const admin = await adminToken(w);
    const pause = (pauzeActive: boolean) =>
      w.t.app.inject({
        method: 'PUT',
        url: '/rest/tradingstatus',
        headers: bearer(admin),
        payload: { pauzeActive },
      });
    expect((await pause(true)).statusCode).toBe(200);
    expect((await pause(true)).statusCode).toBe(200);
    expect((await pause(false)).statusCode).toBe(200);
    expect((await notificationsOf(w, w.token)).map((n) => n.kind)).toEqual([
      'TRADING_RESUMED',
      'TRADING_PAUSED',
    ]);
    expect((await notificationsOf(w, admin)).map((n) => n.kind)).toHaveLength(2);
    const ofDisabled = await w.t.db
      .selectFrom('notifications')
      .where('user_id', '=', disabled.id)
      .select('id')
      .execute();
    expect(ofDisabled).toEqual([]);
  });

  it("terms tell the customer's users; the default terms everyone", async () => {
    const w = await setUp();
    const admin = await adminToken(w);
    const elsewhere = await createCustomer(w.t.db);
    const outsider = await createUser(w.t.db, { customerIds: [elsewhere.id] });
    const outsiderToken = (await login(w.t.app, outsider.username, outsider.password)).token;
    const terms = { bodyNl: 'Voorwaarden', bodyEn: 'Terms' };
    const own = await w.t.app.inject({
      method: 'POST',
      url: `/rest/admin/customers/${w.customer.id}/terms`,
      headers: bearer(admin),
      payload: terms,
    });
    expect(own.statusCode).toBe(201);
    expect((await notificationsOf(w, w.token)).map((n) => [n.kind, n.params.version])).toEqual([
      ['TERMS_PUBLISHED', 1],
    ]);
    expect(await notificationsOf(w, outsiderToken)).toEqual([]);
    const all = await w.t.app.inject({
      method: 'POST',
      url: '/rest/admin/terms',
      headers: bearer(admin),
      payload: terms,
    });
    expect(all.statusCode).toBe(201);
    expect((await notificationsOf(w, outsiderToken)).map((n) => n.kind)).toEqual([
      'TERMS_PUBLISHED',
    ]);
  });

  it('an announcement to everyone, with a file per language named in content-disposition', async () => {
    const w = await setUp();
    const admin = await adminToken(w);
    const pdf = Buffer.from('%PDF-1.4 marktbericht');
    const response = await publish(w, admin, {
      ...texts,
      audience: 'all',
      attachments: [
        {
          locale: 'nl',
          filename: 'Marktbericht november.pdf',
          contentType: 'application/pdf',
          content: pdf.toString('base64'),
        },
      ],
    });
    expect(response.statusCode).toBe(201);
    const announcement = AnnouncementSchema.parse(response.json());
    expect(announcement).toMatchObject({ audience: 'all', customers: [], recipients: 2 });
    expect(announcement.attachments).toEqual([
      { locale: 'nl', filename: 'Marktbericht november.pdf', size: pdf.length },
    ]);
    const [notification] = await notificationsOf(w, w.token);
    expect(notification).toMatchObject({
      kind: 'ANNOUNCEMENT',
      announcement: texts,
      hasAttachment: true,
      attachmentLocales: ['nl'],
    });
    const file = await w.t.app.inject({
      method: 'GET',
      url: `/rest/notification/${notification?.id}/locale/nl/attachment`,
      headers: bearer(w.token),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Marktbericht november.pdf"; filename*=UTF-8''Marktbericht%20november.pdf`,
    );
    expect(file.rawPayload.equals(pdf)).toBe(true);
    const english = await w.t.app.inject({
      method: 'GET',
      url: `/rest/notification/${notification?.id}/locale/en/attachment`,
      headers: bearer(w.token),
    });
    expect(english.statusCode).toBe(404);
    // The spec's form: the notification's own localeId in the path, the language from the
    // request's locale header, else the user's own (nl here).
    const bySpec = async (localeId: string, locale?: string) =>
      w.t.app.inject({
        method: 'GET',
        url: `/rest/notification/${notification?.id}/locale/${localeId}/attachment`,
        headers: { ...bearer(w.token), ...(locale ? { locale } : {}) },
      });
    expect(notification?.localeId).toBe('notification.ANNOUNCEMENT');
    const spec = await bySpec('notification.ANNOUNCEMENT', 'nl');
    expect(spec.statusCode).toBe(200);
    expect(spec.rawPayload.equals(pdf)).toBe(true);
    expect((await bySpec('notification.ANNOUNCEMENT')).statusCode).toBe(200);
    expect((await bySpec('notification.ANNOUNCEMENT', 'en')).statusCode).toBe(404);
    expect((await bySpec('notification.CLICK_CREATED', 'nl')).statusCode).toBe(404);
    expect((await bySpec('notification.ANNOUNCEMENT; drop', 'nl')).statusCode).toBe(400);
    const audit = await w.t.db
      .selectFrom('audit_log')
      .select('subject')
      .where('action', '=', 'announcement.publish')
      .execute();
    expect(audit).toEqual([{ subject: `announcement:${announcement.id}` }]);
  });

  it('an announcement to chosen customers reaches only their users', async () => {
    const w = await setUp();
    const admin = await adminToken(w);
    const elsewhere = await createCustomer(w.t.db);
    const outsider = await createUser(w.t.db, { customerIds: [elsewhere.id] });
    const response = await publish(w, admin, {
      ...texts,
      audience: 'customers',
      customerIds: [w.customer.id],
    });
    expect(response.statusCode).toBe(201);
    expect(AnnouncementSchema.parse(response.json())).toMatchObject({
      recipients: 1,
      customers: [{ id: w.customer.id, name: w.customer.name }],
    });
    const rows = await w.t.db
      .selectFrom('notifications')
      .select('user_id')
      .where('kind', '=', 'ANNOUNCEMENT')
      .execute();
    expect(rows).toEqual([{ user_id: w.user.id }]);
    expect(rows).not.toContainEqual({ user_id: outsider.id });
    const listed = await w.t.app.inject({
      method: 'GET',
      url: '/rest/admin/announcements',
      headers: bearer(admin),
    });
    expect(listed.json()).toMatchObject({ total: 1, data: [{ titleEn: texts.titleEn }] });
  });

  it.each([
    ['no customers chosen', { ...texts, audience: 'customers', customerIds: [] }],
    ['an empty title', { ...texts, titleNl: ' ', audience: 'all' }],
    [
      'two files in one language',
      {
        ...texts,
        audience: 'all',
        attachments: [
          { locale: 'nl', filename: 'a.pdf', content: 'QQ==' },
          { locale: 'nl', filename: 'b.pdf', content: 'QQ==' },
        ],
      },
    ],
    [
      'a file name with a folder',
      {
        ...texts,
        audience: 'all',
        attachments: [{ locale: 'en', filename: '../a', content: 'QQ==' }],
      },
    ],
  ])('refuses %s with 400 and writes nothing', async (_case, payload) => {
    const w = await setUp();
    const response = await publish(w, await adminToken(w), payload);
    expect(response.statusCode).toBe(400);
    expect(await w.t.db.selectFrom('announcements').select('id').execute()).toEqual([]);
  });

  it('an unknown customer is 404; customer users may not publish', async () => {
    const w = await setUp();
    const unknown = await publish(w, await adminToken(w), {
      ...texts,
      audience: 'customers',
      customerIds: [999_999],
    });
    expect(unknown.statusCode).toBe(404);
    expect((await publish(w, w.token, { ...texts, audience: 'all' })).statusCode).toBe(403);
  });

  it("sends notificationUpdate with the unread count to the user's sockets only", async () => {
    const w = await setUp();
    await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `ws://127.0.0.1:${(w.t.app.server.address() as AddressInfo).port}/ws`;
    const mine = await TestSocket.open(`${base}/${w.token}`);
    const outsider = await createUser(w.t.db, { customerIds: [(await createCustomer(w.t.db)).id] });
    const theirs = await TestSocket.open(
      `${base}/${(await login(w.t.app, outsider.username, outsider.password)).token}`,
    );
    await Promise.all([mine.next('socketUpdate'), theirs.next('socketUpdate')]);
    await executeOk(w, (await quoteOk(w)).quoteId);
    expect((await mine.next('notificationUpdate')).payload).toEqual({ unread: 1 });
    const [latest] = await notificationsOf(w, w.token);
    const mark = mine.received.length;
    await w.t.app.inject({
      method: 'PUT',
      url: `/rest/notification/${latest?.id}/read`,
      headers: bearer(w.token),
    });
    expect((await mine.next('notificationUpdate', mark)).payload).toEqual({ unread: 0 });
    // A keep-alive after both events: the outsider has heard everything sent before it.
    const theirMark = theirs.received.length;
    w.t.app.realtime.keepAlive();
    await theirs.next('socketUpdate', theirMark);
    expect(theirs.names()).not.toContain('notificationUpdate');
    mine.close();
    theirs.close();
  });
});
