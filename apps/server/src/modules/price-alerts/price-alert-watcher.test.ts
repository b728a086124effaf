import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { notificationMail } from '../mail/notification-mail';
import { outcomeOf, PriceAlertWatcher } from './price-alert-watcher';
import { findAlert } from './price-alerts.repository';
import {
  aDraft,
  alertNotificationsOf,
  alertWorld,
  createAlert,
  gasPrice,
  pushPrices,
  type AlertWorld,
} from './price-alerts-test-kit';

let t: TestApp;
let w: AlertWorld;
let ownerToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  w = await alertWorld(t);
  ownerToken = await w.token(w.owner);
});
afterAll(async () => t.close());

const at = (minute: number) => `2026-03-02T09:${String(minute).padStart(2, '0')}:00Z`;

describe('the price alert watcher', () => {
  it('fires once per crossing, to the recipients, naming contract, period, market, direction, threshold and price', async () => {
    const alert = await createAlert(
      t,
      ownerToken,
      w.customer.id,
      aDraft(w, { price: '80', recipients: [w.owner.id, w.colleague.id] }),
    );
    await pushPrices(t, [gasPrice('82', at(1)), gasPrice('80', at(2)), gasPrice('79.5', at(3))]);
    const first = await alertNotificationsOf(t, w.colleague.id);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      customer_id: w.customer.id,
      contract_id: w.gas.contractId,
      params: {
        alertId: alert.id,
        contractId: w.gas.contractId,
        yearOfSupply: 2027,
        maturity: 'Q1',
        market: 'OTC',
        part: 'Gas',
        direction: 'EQUAL_OR_LOWER',
        threshold: '80',
        alertPrice: '80',
      },
    });

    // Staying beyond the threshold fires nothing; another product, year, maturity or market neither.
    await pushPrices(t, [
      gasPrice('70', at(4)),
      gasPrice('60', at(5), { market: 'ICE' }),
      gasPrice('60', at(5), { maturity: 'Q2' }),
      gasPrice('60', at(5), { yearOfSupply: 2028 }),
      gasPrice('60', at(5), { product: 'NL_POWER_PEAK' }),
    ]);
    expect(await alertNotificationsOf(t, w.owner.id)).toHaveLength(1);

    // Back above and down again: a second crossing, a second notification.
    await pushPrices(t, [gasPrice('81', at(6)), gasPrice('78', at(7))]);
    const second = await alertNotificationsOf(t, w.owner.id);
    expect(second).toHaveLength(2);
    expect(second[1]?.params).toMatchObject({ alertPrice: '78' });

    const stored = await findAlert(t.db, w.customer.id, alert.id);
    expect(stored).toMatchObject({ lastMet: true, lastFiredPrice: '78' });
    const fired = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `priceAlert:${alert.id}`)
      .where('action', '=', 'priceAlert.fire')
      .execute();
    expect(fired).toHaveLength(2);
    // The e-mail path: its words name the same facts.
    const mail = notificationMail(
      {
        id: 1,
        kind: 'PRICE_ALERT',
        params: second[1]?.params ?? {},
        clickId: null,
        contractId: w.gas.contractId,
        announcement: null,
      },
      { email: 'a@b.nl', name: 'A', locale: 'nl' },
      { title: 'Klik', publicUrl: 'https://klik.example.nl' },
    );
    expect(mail.text).toContain(
      `Prijsalert voor contract ${w.gas.contractId} (Q1 2027), OTC: de marktprijs van 78 EUR/MWh is gelijk aan of lager dan uw drempel van 80 EUR/MWh.`,
    );
    await t.db.deleteFrom('price_alerts').where('id', '=', alert.id).execute();
  });

  it('never fires twice when a batch is handed again (a crash before the cursor moved)', async () => {
    const alert = await createAlert(
      t,
      ownerToken,
      w.customer.id,
      aDraft(w, { direction: 'EQUAL_OR_HIGHER', price: '90', maturity: 'Q3' }),
    );
    const before = (await alertNotificationsOf(t, w.owner.id)).length;
    const batch = [
      {
        id: '900001',
        product: 'TTF_GAS' as const,
        yearOfSupply: 2027,
        maturity: 'Q3' as const,
        market: 'OTC' as const,
        price: '91',
        at: new Date(at(10)),
      },
      {
        id: '900002',
        product: 'TTF_GAS' as const,
        yearOfSupply: 2027,
        maturity: 'Q3' as const,
        market: 'OTC' as const,
        price: '85',
        at: new Date(at(11)),
      },
      {
        id: '900003',
        product: 'TTF_GAS' as const,
        yearOfSupply: 2027,
        maturity: 'Q3' as const,
        market: 'OTC' as const,
        price: '95',
        at: new Date(at(12)),
      },
    ];
    const watcher = new PriceAlertWatcher({ db: t.db, flushEvents: async () => {} });
    await watcher.handle(batch, t.clock.now());
    expect((await alertNotificationsOf(t, w.owner.id)).length).toBe(before + 2);
    // The same batch again, and again: nothing more.
    await watcher.handle(batch, t.clock.now());
    expect((await alertNotificationsOf(t, w.owner.id)).length).toBe(before + 2);
    // A restarted watcher reads the state from the database: still nothing.
    const restarted = new PriceAlertWatcher({ db: t.db, flushEvents: async () => {} });
    await restarted.handle(batch, t.clock.now());
    expect((await alertNotificationsOf(t, w.owner.id)).length).toBe(before + 2);
    await t.db.deleteFrom('price_alerts').where('id', '=', alert.id).execute();
  });

  it('stays silent while nothing changes, and an edited threshold starts afresh', async () => {
    const alert = await createAlert(t, ownerToken, w.customer.id, aDraft(w, { maturity: 'M5' }));
    const stored = await findAlert(t.db, w.customer.id, alert.id);
    if (!stored) throw new Error('no alert');
    const price = {
      id: '1',
      product: 'TTF_GAS' as const,
      yearOfSupply: 2027,
      maturity: 'M5' as const,
      market: 'OTC' as const,
      price: '90',
      at: new Date(),
    };
    expect(outcomeOf({ ...stored, lastMet: false }, [price])).toBeNull();
    expect(outcomeOf(stored, [price])).toMatchObject({ lastMet: false, fired: [] });
    await t.db.deleteFrom('price_alerts').where('id', '=', alert.id).execute();
  });

  it('never fires an expired alert, and ignores the OTC ceiling that marks no price', async () => {
    const alert = await createAlert(
      t,
      ownerToken,
      w.customer.id,
      aDraft(w, { direction: 'EQUAL_OR_HIGHER', price: '100', maturity: 'Q4' }),
    );
    const before = (await alertNotificationsOf(t, w.owner.id)).length;
    // The database refuses such a price; the watcher would not take it for one either.
    const watcher = new PriceAlertWatcher({ db: t.db, flushEvents: async () => {} });
    await watcher.handle(
      [
        {
          id: '900100',
          product: 'TTF_GAS',
          yearOfSupply: 2027,
          maturity: 'Q4',
          market: 'OTC',
          price: '99999999',
          at: new Date(at(20)),
        },
      ],
      t.clock.now(),
    );
    expect((await alertNotificationsOf(t, w.owner.id)).length).toBe(before);
    await t.db
      .updateTable('price_alerts')
      .set({ expires_on: '2026-03-01' })
      .where('id', '=', alert.id)
      .execute();
    await pushPrices(t, [gasPrice('150', at(21), { maturity: 'Q4' })]);
    expect((await alertNotificationsOf(t, w.owner.id)).length).toBe(before);
  });

  it("never fires a deactivated customer's alert", async () => {
    await createAlert(
      t,
      ownerToken,
      w.customer.id,
      aDraft(w, { direction: 'EQUAL_OR_HIGHER', price: '120', maturity: 'Q3' }),
    );
    const before = (await alertNotificationsOf(t, w.owner.id)).length;
    await t.db
      .updateTable('customers')
      .set({ active: false })
      .where('id', '=', w.customer.id)
      .execute();
    try {
      await pushPrices(t, [gasPrice('121', at(30), { maturity: 'Q3' })]);
      expect((await alertNotificationsOf(t, w.owner.id)).length).toBe(before);
    } finally {
      await t.db
        .updateTable('customers')
        .set({ active: true })
        .where('id', '=', w.customer.id)
        .execute();
    }
  });

  it('watches the part of a power contract on its market product', async () => {
    await createAlert(
      t,
      ownerToken,
      w.customer.id,
      aDraft(w, {
        contract: w.power.id,
        part: 'OffPeak',
        price: '50',
        recipients: [w.colleague.id],
      }),
    );
    const before = (await alertNotificationsOf(t, w.colleague.id)).length;
    await pushPrices(t, [
      gasPrice('40', at(30), { product: 'NL_POWER_PEAK' }),
      gasPrice('45', at(31), { product: 'NL_POWER_OFFPEAK' }),
    ]);
    const after = await alertNotificationsOf(t, w.colleague.id);
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)?.params).toMatchObject({ part: 'OffPeak', alertPrice: '45' });
  });
});
