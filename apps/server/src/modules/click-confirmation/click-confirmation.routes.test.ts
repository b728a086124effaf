import { describe, expect, it } from 'vitest';
import { CLICK_CONFIRMATION_PATHS, NotificationListSchema, pathTo } from '@klik/api';
import { createCustomer, createUser } from '../../../test/builders';
import { bearer, login } from '../../../test/test-app';
import { pdfLines } from '../../../test/pdf-text';
import {
  executeOk,
  purchaseWorlds,
  quoteOk,
  type PurchaseWorld,
} from '../purchase/purchase-test-kit';
import { onPostgres } from '../../../test/test-database';

const openWorld = purchaseWorlds();

/** A completed Q1 click and an M5 click still in progress. */
async function clicks(): Promise<{ w: PurchaseWorld; completed: number; inProgress: number }> {
  const w = await openWorld({ env: { KLIK_TITLE: 'Klik Energie' } });
  const completed = (await executeOk(w, (await quoteOk(w)).quoteId)).id;
  w.t.clock.advance(10_000);
  await w.t.app.purchase.desk.runOnce();
  const inProgress = (await executeOk(w, (await quoteOk(w, { maturity: 'M5' })).quoteId)).id;
  return { w, completed, inProgress };
}

function get(w: PurchaseWorld, url: string, token: string, headers: Record<string, string> = {}) {
  return w.t.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });
}

describe(`GET the click confirmation on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('answers the PDF named in content-disposition, in the language asked', async () => {
    const { w, completed } = await clicks();
    const url = pathTo(CLICK_CONFIRMATION_PATHS.confirmation, {
      customerId: w.customer.id,
      clickId: completed,
    });
    const english = await get(w, `${url}?locale=en`, w.token);
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toBe('application/pdf');
    expect(english.headers['content-disposition']).toBe(
      `attachment; filename="click-confirmation-${completed}.pdf"`,
    );
    const lines = await pdfLines(new Uint8Array(english.rawPayload));
    expect(lines.slice(0, 2)).toEqual(['Klik Energie', `Click confirmation ${completed}`]);
    expect(lines).toContain('Total cost €10,837.50');

    // Without ?locale the request's locale header decides, Dutch by default.
    for (const headers of [{}, { locale: 'nl' }] as Record<string, string>[]) {
      const dutch = await get(w, url, w.token, headers);
      expect(dutch.headers['content-disposition']).toBe(
        `attachment; filename="klik-bevestiging-${completed}.pdf"`,
      );
      expect(await pdfLines(new Uint8Array(dutch.rawPayload))).toContain(
        'Totale kosten € 10.837,50',
      );
    }
    const byHeader = await get(w, url, w.token, { locale: 'en' });
    expect(byHeader.headers['content-disposition']).toContain('click-confirmation-');
  });

  it("is the attachment of the completed click's notification, in the language asked", async () => {
    const { w, completed } = await clicks();
    const list = await get(w, '/rest/notifications?size=100', w.token);
    const notification = NotificationListSchema.parse(list.json()).data.find(
      (candidate) => candidate.kind === 'CLICK_COMPLETED',
    );
    expect(notification?.attachmentLocales).toEqual(expect.arrayContaining(['nl', 'en']));
    for (const [locale, name, title] of [
      ['nl', 'klik-bevestiging', 'Klikbevestiging'],
      ['en', 'click-confirmation', 'Click confirmation'],
    ]) {
      const file = await get(
        w,
        `/rest/notification/${notification?.id}/locale/${locale}/attachment`,
        w.token,
      );
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toContain(`${name}-${completed}.pdf`);
      const lines = await pdfLines(new Uint8Array(file.rawPayload));
      expect(lines.slice(0, 2)).toEqual(['Klik Energie', `${title} ${completed}`]);
    }
  });

  it('is for whoever sees the customer: 403 for a stranger, 404 for an admin on a missing one', async () => {
    const { w, completed } = await clicks();
    const url = pathTo(CLICK_CONFIRMATION_PATHS.confirmation, {
      customerId: w.customer.id,
      clickId: completed,
    });
    const stranger = await createUser(w.t.db, {
      customerIds: [(await createCustomer(w.t.db)).id],
    });
    const strangerToken = (await login(w.t.app, stranger.username, stranger.password)).token;
    expect((await get(w, url, strangerToken)).statusCode).toBe(403);
    const missingCustomer = pathTo(CLICK_CONFIRMATION_PATHS.confirmation, {
      customerId: 999_999,
      clickId: completed,
    });
    expect((await get(w, missingCustomer, strangerToken)).statusCode).toBe(403);

    const admin = await createUser(w.t.db, { role: 'admin' });
    const adminToken = (await login(w.t.app, admin.username, admin.password)).token;
    expect((await get(w, url, adminToken)).statusCode).toBe(200);
    expect((await get(w, missingCustomer, adminToken)).json()).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await get(w, url, 'not-a-session')).statusCode).toBe(401);
  });

  it("a click that is not the customer's is 404, one not completed is 409", async () => {
    const { w, completed, inProgress } = await clicks();
    // The stranger's own customer is visible to them, the click is not one of its clicks.
    const other = await createCustomer(w.t.db);
    await w.t.db
      .insertInto('user_customers')
      .values({ user_id: w.user.id, customer_id: other.id })
      .execute();
    const foreign = await get(
      w,
      pathTo(CLICK_CONFIRMATION_PATHS.confirmation, { customerId: other.id, clickId: completed }),
      w.token,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND' });

    const pending = await get(
      w,
      pathTo(CLICK_CONFIRMATION_PATHS.confirmation, {
        customerId: w.customer.id,
        clickId: inProgress,
      }),
      w.token,
      { locale: 'en' },
    );
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toMatchObject({
      code: 'CLICK_NOT_COMPLETED',
      message: 'This transaction has not been completed; there is no confirmation.',
      details: { status: 'IN_PROGRESS' },
    });
  });

  it('refuses bad ids and an unknown language with 400', async () => {
    const { w, completed } = await clicks();
    for (const path of [
      `/rest/clicks/${w.customer.id}/0x1/confirmation`,
      `/rest/clicks/${w.customer.id}/2147483648/confirmation`,
      `/rest/clicks/01/${completed}/confirmation`,
      `/rest/clicks/${w.customer.id}/${completed}/confirmation?locale=de`,
    ]) {
      const response = await get(w, path, w.token);
      expect(response.statusCode, path).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});
