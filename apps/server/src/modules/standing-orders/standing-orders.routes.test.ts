import { describe, expect, it } from 'vitest';
import { ErrorBodySchema, StandingOrderPageSchema } from '@klik/api';
import { createCustomer, createTermsVersion, createUser } from '../../../test/builders';
import { bearer, login } from '../../../test/test-app';
import { secondUser, type PurchaseWorld } from '../purchase/purchase-test-kit';
import {
  auditActions,
  codeOf,
  placeOk,
  placeOrder,
  standingOrderWorlds,
} from './standing-orders-test-kit';
import { onPostgres } from '../../../test/test-database';

const setUp = standingOrderWorlds();

function list(w: PurchaseWorld, query = '', token = w.token) {
  return w.t.app.inject({
    method: 'GET',
    url: `/rest/standingorders/${w.customer.id}${query}`,
    headers: bearer(token),
  });
}

function cancel(w: PurchaseWorld, orderId: number, token = w.token, customerId = w.customer.id) {
  return w.t.app.inject({
    method: 'DELETE',
    url: `/rest/standingorders/${customerId}/${orderId}`,
    headers: bearer(token),
  });
}

describe(`standing orders' calls on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('places a limit order valid until the click deadline, lists it and audits it', async () => {
    const w = await setUp();
    const order = await placeOk(w, { limitPrice: '70.1234' });
    expect(order).toMatchObject({
      customerId: w.customer.id,
      contractId: w.contract.contractId,
      yearOfSupply: 2027,
      maturity: 'Q1',
      market: 'OTC',
      percentage: '25',
      volumes: null,
      limitPrice: '70.1234',
      stopPrice: null,
      // Q1 2027 is delivered from 1 January: the last trading day before it.
      validUntil: '2026-12-31',
      status: 'ACTIVE',
      waitingReason: null,
      mayCancel: true,
      clickId: null,
    });
    const page = StandingOrderPageSchema.parse((await list(w)).json());
    expect(page).toMatchObject({ page: 0, size: 20, total: 1 });
    expect(page.data[0]?.id).toBe(order.id);
    const audit = await auditActions(w, 'standingOrder.');
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'standingOrder.place',
        outcome: 'success',
        actor_user_id: w.user.id,
        subject: `standingOrder:${order.id}`,
        details: expect.objectContaining({ limitPrice: '70.1234', validUntil: '2026-12-31' }),
      }),
    ]);
  });

  it('places a stop, one-cancels-other and volume orders', async () => {
    const w = await setUp();
    await placeOk(w, { stopPrice: '90', limitPrice: null });
    const oco = await placeOk(w, { limitPrice: '70', stopPrice: '90', validUntil: '2026-12-01' });
    expect(oco).toMatchObject({ limitPrice: '70', stopPrice: '90', validUntil: '2026-12-01' });
    const byVolume = await placeOk(w, { volumes: { Peak: '50.5', OffPeak: '10' } });
    expect(byVolume).toMatchObject({ percentage: null, volumes: { Peak: '50.5', OffPeak: '10' } });
  });

  it('refuses bad orders with a 400 and a field code, changing nothing', async () => {
    const w = await setUp();
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ limitPrice: null, stopPrice: null }, 'PRICE_REQUIRED', 'limitPrice'],
      [{ limitPrice: '0' }, 'PRICE_INVALID', 'limitPrice'],
      [{ limitPrice: '90', stopPrice: '80' }, 'PRICE_INVALID', 'limitPrice'],
      [{ limitPrice: '1e3' }, 'PRICE_INVALID', 'limitPrice'],
      [{ limitPrice: '12.34567' }, 'PRICE_INVALID', 'limitPrice'],
      [{ validUntil: '2027-01-01' }, 'VALID_UNTIL_INVALID', 'validUntil'],
      [{ validUntil: '2026-11-19' }, 'VALID_UNTIL_INVALID', 'validUntil'],
      [{ percentage: '25', volumes: { Peak: '1' } }, 'VALIDATION_FAILED'],
      [{ volumes: { Gas: '1' } }, 'PARTS_INVALID', 'volumes'],
      [{ maturity: 'Q5' }, 'VALIDATION_FAILED'],
      [{ customerId: 'x' }, 'VALIDATION_FAILED'],
    ];
    for (const [body, code, field] of cases) {
      const response = await placeOrder(w, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const error = ErrorBodySchema.parse(response.json());
      expect(error.code, JSON.stringify(body)).toBe(code);
      if (field) expect(error.details?.field).toBe(field);
    }
    expect(codeOf(await placeOrder(w, { volumes: { Peak: '301' } }))).toBe('VOLUME_TOO_HIGH');
    expect(codeOf(await placeOrder(w, { maturity: 'M1', yearOfSupply: 2026 }))).toBe('NOT_FOUND');
    const rows = await w.t.db.selectFrom('standing_orders').select('id').execute();
    expect(rows).toEqual([]);
  });

  it('lets only users who may click place and cancel; read-only users list', async () => {
    const w = await setUp();
    const order = await placeOk(w);
    const viewer = await createUser(w.t.db, { customerIds: [w.customer.id], readOnly: true });
    const viewerToken = (await login(w.t.app, viewer.username, viewer.password)).token;
    expect(codeOf(await placeOrder(w, {}, viewerToken))).toBe('DC_34');
    const seen = StandingOrderPageSchema.parse((await list(w, '', viewerToken)).json());
    expect(seen.data[0]).toMatchObject({ id: order.id, mayCancel: false });
    expect(codeOf(await cancel(w, order.id, viewerToken))).toBe('FORBIDDEN');

    // A user of another customer learns nothing, not even whether the order exists.
    const other = await createCustomer(w.t.db);
    const stranger = await createUser(w.t.db, { customerIds: [other.id] });
    const strangerToken = (await login(w.t.app, stranger.username, stranger.password)).token;
    expect(codeOf(await placeOrder(w, {}, strangerToken))).toBe('FORBIDDEN');
    expect(codeOf(await list(w, '', strangerToken))).toBe('FORBIDDEN');
    expect(codeOf(await cancel(w, order.id, strangerToken))).toBe('FORBIDDEN');
    expect(codeOf(await cancel(w, order.id, strangerToken, other.id))).toBe('FORBIDDEN');
    expect(codeOf(await cancel(w, 999_999))).toBe('FORBIDDEN');

    // An administrator sees every customer and may cancel, but never places (DC_34).
    const admin = await createUser(w.t.db, { role: 'admin' });
    const adminToken = (await login(w.t.app, admin.username, admin.password)).token;
    expect((await list(w, '', adminToken)).statusCode).toBe(200);
    expect(codeOf(await placeOrder(w, {}, adminToken))).toBe('DC_34');
    expect(codeOf(await cancel(w, 999_999, adminToken))).toBe('NOT_FOUND');
    expect((await cancel(w, order.id, adminToken)).json()).toMatchObject({
      status: 'CANCELLED',
      mayCancel: false,
    });
  });

  it('cancels an active order once, audited; pages and filters on the server', async () => {
    const w = await setUp();
    const first = await placeOk(w);
    const second = await placeOk(w, { maturity: 'Q2' });
    const { token: colleague } = await secondUser(w);
    const cancelled = await cancel(w, first.id, colleague);
    expect(cancelled.json()).toMatchObject({ id: first.id, status: 'CANCELLED' });
    const again = await cancel(w, first.id);
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('STANDING_ORDER_NOT_ACTIVE');
    const audit = await auditActions(w, 'standingOrder.cancel');
    expect(audit).toHaveLength(1);

    const active = StandingOrderPageSchema.parse((await list(w, '?status=ACTIVE')).json());
    expect(active.data.map((order) => order.id)).toEqual([second.id]);
    const paged = StandingOrderPageSchema.parse((await list(w, '?page=1&size=1')).json());
    expect(paged).toMatchObject({ page: 1, size: 1, total: 2 });
    expect(paged.data.map((order) => order.id)).toEqual([first.id]);
    const byContract = StandingOrderPageSchema.parse(
      (await list(w, `?contractId=${w.contract.contractId}`)).json(),
    );
    expect(byContract.total).toBe(2);
    expect(StandingOrderPageSchema.parse((await list(w, '?contractId=NONE-1')).json()).total).toBe(
      0,
    );
    for (const query of ['?status=DONE', '?page=-1', '?size=101', '?contractId=%00x']) {
      expect((await list(w, query)).statusCode, query).toBe(400);
    }
  });

  it('needs the current terms accepted when placing, and accepts them with the order', async () => {
    const w = await setUp();
    await createTermsVersion(w.t.db, { version: 1 });
    const refused = await placeOrder(w);
    expect(ErrorBodySchema.parse(refused.json())).toMatchObject({
      code: 'TERMS_NOT_ACCEPTED',
      details: { version: 1 },
    });
    const order = await placeOk(w, { acceptedTermsVersion: 1 });
    const row = await w.t.db
      .selectFrom('standing_orders')
      .select('terms_version')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.terms_version).toBe(1);
  });

  it('needs an SMS code where the customer requires one, spent by one order', async () => {
    const w = await setUp();
    await w.t.db
      .updateTable('customers')
      .set({ require_sms: true })
      .where('id', '=', w.customer.id)
      .execute();
    await w.t.db
      .updateTable('users')
      .set({ mobile: '+31612345678' })
      .where('id', '=', w.user.id)
      .execute();
    expect(codeOf(await placeOrder(w))).toBe('SMS_REQUIRED');
    const sent = await w.t.app.inject({
      method: 'POST',
      url: '/rest/standingorders/sms',
      headers: bearer(w.token),
      payload: { customerId: w.customer.id },
    });
    expect(sent.json()).toMatchObject({ sentTo: '*********678', attemptsLeft: 3 });
    const gateway = w.t.app.purchase.sms as unknown as { outbox: () => { text: string }[] };
    const code = /(\d{6})/.exec(gateway.outbox().at(-1)?.text ?? '')?.[1] ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    const invalid = await placeOrder(w, { smsCode: wrong });
    expect(ErrorBodySchema.parse(invalid.json())).toMatchObject({
      code: 'SMS_CODE_INVALID',
      details: { attemptsLeft: 2 },
    });
    const order = await placeOk(w, { smsCode: code });
    expect(order.status).toBe('ACTIVE');
    // One code, one order.
    expect(codeOf(await placeOrder(w, { smsCode: code }))).toBe('SMS_REQUIRED');
    expect(codeOf(await placeOrder(w, { totpCode: '123456' }))).toBe('SECOND_FACTOR_UNAVAILABLE');
    const stored = await w.t.db.selectFrom('standing_order_codes').select('code_hash').execute();
    expect(stored[0]?.code_hash).not.toContain(code);
    expect((await auditActions(w, 'standingOrder.sms.verify'))[0]).toMatchObject({
      outcome: 'failure',
    });
  });
});
