import { describe, expect, it } from 'vitest';
import { executeOk, quoteOk, requireApproval } from '../purchase/purchase-test-kit';
import { bearer } from '../../../test/test-app';
import { pdfLines } from '../../../test/pdf-text';
import { idempotencyKeyOf } from './standing-order-watcher';
import {
  auditActions,
  clicksOf,
  orderRow,
  placeOk,
  pushPrices,
  standingOrderWorlds,
} from './standing-orders-test-kit';
import { onPostgres } from '../../../test/test-database';

const setUp = standingOrderWorlds(true);

describe(`standing orders executing on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('clicks once through the click path when the quote price meets the limit, explained', async () => {
    const w = await setUp();
    const order = await placeOk(w, { limitPrice: '70' });
    // Peak 78: click prices 80.25 and 62.25, 71.25 on average: above the limit.
    await pushPrices(w, [{ product: 'NL_POWER_PEAK', price: '78' }]);
    expect((await orderRow(w, order.id)).status).toBe('ACTIVE');
    expect(await clicksOf(w)).toEqual([]);
    // The order's quote was given up, so it holds nothing back.
    const open = await w.t.db
      .selectFrom('purchase_quotes')
      .select('id')
      .where('cancelled_at', 'is', null)
      .where('consumed_at', 'is', null)
      .execute();
    expect(open).toEqual([]);

    // Peak 75.5: (77.75 + 62.25) / 2 = 70, at the limit exactly.
    await pushPrices(w, [{ product: 'NL_POWER_PEAK', price: '75.5' }]);
    const row = await orderRow(w, order.id);
    expect(row).toMatchObject({ status: 'EXECUTED', triggered_by: 'LIMIT' });
    expect(row.trigger_click_price).toMatch(/^70(\.0+)?$/);
    const clicks = await clicksOf(w);
    expect(clicks).toEqual([
      expect.objectContaining({
        id: row.click_id,
        status: 'IN_PROGRESS',
        created_by: w.user.id,
        idempotency_key: idempotencyKeyOf(order.id),
        quote_id: row.quote_id,
      }),
    ]);
    const [execution] = await auditActions(w, 'standingOrder.execute');
    expect(execution?.details).toMatchObject({
      triggeredBy: 'LIMIT',
      clickPrice: '70',
      marketPrice: '75.5',
      marketProduct: 'NL_POWER_PEAK',
      quoteId: row.quote_id,
      clickId: row.click_id,
    });
    const [click] = await auditActions(w, 'click.execute');
    expect(click).toMatchObject({
      actor_user_id: w.user.id,
      details: expect.objectContaining({ standingOrderId: order.id }),
    });
    const notified = await w.t.db
      .selectFrom('notifications')
      .select(['kind', 'user_id', 'click_id'])
      .where('kind', 'in', ['STANDING_ORDER_EXECUTED', 'CLICK_CREATED'])
      .orderBy('kind')
      .execute();
    expect(notified).toEqual([
      { kind: 'CLICK_CREATED', user_id: w.user.id, click_id: row.click_id },
      { kind: 'STANDING_ORDER_EXECUTED', user_id: w.user.id, click_id: row.click_id },
    ]);
    // The browsers hear of the click without a reload.
    expect(w.clickUpdates).toContainEqual(
      expect.objectContaining({ contractId: w.contract.contractId }),
    );

    // The confirmation says the order made it and names the price that triggered it.
    await w.t.db
      .updateTable('clicks')
      .set({ status: 'COMPLETED', completed_at: w.t.app.deps.now() })
      .where('id', '=', row.click_id as number)
      .execute();
    const pdf = await w.t.app.inject({
      method: 'GET',
      url: `/rest/clicks/${w.customer.id}/${row.click_id}/confirmation?locale=en`,
      headers: bearer(w.token),
    });
    const text = (await pdfLines(new Uint8Array(pdf.rawPayload))).join('\n');
    expect(text).toContain('Clicked by standing order');
    expect(text).toContain(`Order ${order.id}: limit 70 EUR/MWh (click price at or below)`);
    expect(text).toMatch(/Executed on market price.*75[.,]5.*NL_POWER_PEAK/);

    // More prices that meet it, and the same batch again: never a second click.
    await pushPrices(w, [{ product: 'NL_POWER_PEAK', price: '70' }]);
    const watcher = w.t.app.priceWatches.get('standing-orders');
    expect(watcher).toBeDefined();
    expect(await clicksOf(w)).toHaveLength(1);
    // The first test also loads the PDF reader.
  }, 120_000);

  it('quotes again only on a price better than at the last quote that missed', async () => {
    const w = await setUp();
    const order = await placeOk(w, { limitPrice: '70' });
    const quotes = async () =>
      (await w.t.db.selectFrom('purchase_quotes').select('id').execute()).length;
    await pushPrices(w, [{ product: 'NL_POWER_PEAK', price: '78' }]);
    expect(await quotes()).toBe(1);
    expect((await orderRow(w, order.id)).checked_prices).toEqual({
      NL_POWER_PEAK: '78',
      NL_POWER_OFFPEAK: '60',
    });
    // No better for a limit: not quoted (no quote, no audit rows).
    await pushPrices(w, [{ product: 'NL_POWER_PEAK', price: '79' }]);
    await pushPrices(w, [{ product: 'NL_POWER_PEAK', price: '78' }]);
    expect(await quotes()).toBe(1);
    // Better, but still missing: quoted, and the new prices kept.
    await pushPrices(w, [{ product: 'NL_POWER_OFFPEAK', price: '59' }]);
    expect(await quotes()).toBe(2);
    // After a while the margins may have changed: quoted again whatever the price.
    w.t.clock.advance(16 * 60_000);
    await pushPrices(w, [{ product: 'NL_POWER_PEAK', price: '79' }]);
    expect(await quotes()).toBe(3);
    await pushPrices(w, [{ product: 'NL_POWER_PEAK', price: '75' }]);
    expect((await orderRow(w, order.id)).status).toBe('EXECUTED');
  });

  it('a stop executes at or above; one-cancels-other executes once', async () => {
    const w = await setUp();
    const stop = await placeOk(w, { limitPrice: null, stopPrice: '75', maturity: 'Q2' });
    const oco = await placeOk(w, { limitPrice: '60', stopPrice: '75', maturity: 'Q3' });
    // Peak 85 on Q2 and Q3: (87.25 + 62.25) / 2 = 74.75, not yet.
    await pushPrices(w, [
      { product: 'NL_POWER_PEAK', price: '85', maturity: 'Q2' },
      { product: 'NL_POWER_PEAK', price: '85', maturity: 'Q3' },
    ]);
    expect((await orderRow(w, stop.id)).status).toBe('ACTIVE');
    await pushPrices(w, [
      { product: 'NL_POWER_PEAK', price: '85.5', maturity: 'Q2' },
      { product: 'NL_POWER_PEAK', price: '85.5', maturity: 'Q3' },
    ]);
    expect(await orderRow(w, stop.id)).toMatchObject({ status: 'EXECUTED', triggered_by: 'STOP' });
    expect(await orderRow(w, oco.id)).toMatchObject({ status: 'EXECUTED', triggered_by: 'STOP' });
    // The limit side of the executed OCO order is gone with it.
    await pushPrices(w, [{ product: 'NL_POWER_PEAK', price: '10', maturity: 'Q3' }]);
    expect(await clicksOf(w)).toHaveLength(2);
  });

  it('waits with the reason while the rules refuse, and executes when they allow', async () => {
    const w = await setUp();
    const order = await placeOk(w);
    await w.t.db.updateTable('trading_status').set({ pauze_active: true }).execute();
    await pushPrices(w, [{ product: 'NL_POWER_PEAK', price: '70' }]);
    expect(await orderRow(w, order.id)).toMatchObject({
      status: 'ACTIVE',
      waiting_reason: 'DC_35',
    });
    await w.t.db.updateTable('trading_status').set({ pauze_active: false }).execute();
    // A pending click of the position: DC_31.
    const manual = await executeOk(
      w,
      (await quoteOk(w, { maturity: 'M1', percentage: '10' })).quoteId,
    );
    await pushPrices(w, [{ product: 'NL_POWER_PEAK', price: '70' }]);
    expect(await orderRow(w, order.id)).toMatchObject({ waiting_reason: 'DC_31' });
    await w.t.db
      .updateTable('clicks')
      .set({ status: 'COMPLETED', completed_at: w.t.app.deps.now() })
      .where('id', '=', manual.id)
      .execute();
    await pushPrices(w, [{ product: 'NL_POWER_PEAK', price: '70' }]);
    expect(await orderRow(w, order.id)).toMatchObject({ status: 'EXECUTED', waiting_reason: null });
  });

  it('four-eyes: the order click waits for a second user like any click', async () => {
    const w = await setUp();
    await requireApproval(w);
    const order = await placeOk(w);
    await pushPrices(w, [{ product: 'NL_POWER_PEAK', price: '70' }]);
    expect((await orderRow(w, order.id)).status).toBe('EXECUTED');
    expect((await clicksOf(w))[0]?.status).toBe('PENDING_APPROVAL');
  });

  it('lapses with a notification when it can never execute', async () => {
    const w = await setUp();
    // A volume order for more than stays open after a manual click of the quarter.
    const byVolume = await placeOk(w, { volumes: { Peak: '250', OffPeak: '250' } });
    const manual = await executeOk(w, (await quoteOk(w, { percentage: '50' })).quoteId);
    await w.t.db
      .updateTable('clicks')
      .set({ status: 'COMPLETED', completed_at: w.t.app.deps.now() })
      .where('id', '=', manual.id)
      .execute();
    // Valid through today only.
    const today = await placeOk(w, { maturity: 'Q2', validUntil: '2026-11-20' });
    await pushPrices(w, [{ product: 'NL_POWER_PEAK', price: '70' }]);
    expect(await orderRow(w, byVolume.id)).toMatchObject({
      status: 'LAPSED',
      lapse_reason: 'VOLUME_GONE',
    });
    expect((await orderRow(w, today.id)).status).toBe('ACTIVE');
    // The next day (Amsterdam), any price lapses it, even one of another position.
    w.t.clock.advance(24 * 3600_000);
    await pushPrices(w, [{ product: 'NL_POWER_PEAK', price: '90', maturity: 'Q4' }]);
    expect(await orderRow(w, today.id)).toMatchObject({
      status: 'LAPSED',
      lapse_reason: 'EXPIRED',
    });
    const lapsed = await w.t.db
      .selectFrom('notifications')
      .select('params')
      .where('kind', '=', 'STANDING_ORDER_LAPSED')
      .orderBy('id')
      .execute();
    expect(lapsed.map((row) => (row.params as { reason: string }).reason)).toEqual([
      'VOLUME_GONE',
      'EXPIRED',
    ]);
    expect(await auditActions(w, 'standingOrder.lapse')).toHaveLength(2);
  });

  it('a cancelled order never executes', async () => {
    const w = await setUp();
    const order = await placeOk(w);
    await w.t.app.inject({
      method: 'DELETE',
      url: `/rest/standingorders/${w.customer.id}/${order.id}`,
      headers: { authorization: `Bearer ${w.token}` },
    });
    await pushPrices(w, [{ product: 'NL_POWER_PEAK', price: '1' }]);
    expect(await clicksOf(w)).toEqual([]);
    expect((await orderRow(w, order.id)).status).toBe('CANCELLED');
  });
});
