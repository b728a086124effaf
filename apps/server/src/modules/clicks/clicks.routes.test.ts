import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ClickListSchema, NotificationPageSchema, ResultsSchema, type ClickList } from '@klik/api';
import { createClick, createCustomer, createUser } from '../../../test/builders';
import { bearer, login } from '../../../test/test-app';
import {
  executeOk,
  purchaseWorlds,
  quoteOk,
  type PurchaseWorld,
} from '../purchase/purchase-test-kit';
import { onPostgres } from '../../../test/test-database';

const openWorld = purchaseWorlds();

/** A completed gas-free history: a Q1 click completed, an M5 click in progress, an old click. */
async function history(): Promise<PurchaseWorld> {
  const w = await openWorld();
  await createClick(w.t.db, {
    contractId: w.contract.id,
    yearOfSupply: 2027,
    maturity: 'M12',
    parts: [
      { part: 'Peak', volume: '10', price: '70' },
      { part: 'OffPeak', volume: '10', price: '50' },
    ],
    createdAt: new Date('2026-10-01T10:00:00Z'),
  });
  await executeOk(w, (await quoteOk(w, { percentage: '25' })).quoteId);
  w.t.clock.advance(10_000);
  await w.t.app.purchase.desk.runOnce();
  w.t.clock.advance(60_000);
  await executeOk(w, (await quoteOk(w, { maturity: 'M5', percentage: '50' })).quoteId);
  return w;
}

async function list(w: PurchaseWorld, query = ''): Promise<ClickList['data']> {
  const response = await w.t.app.inject({
    method: 'GET',
    url: `/rest/clicks/${w.customer.id}${query}`,
    headers: bearer(w.token),
  });
  expect(response.statusCode).toBe(200);
  return ClickListSchema.parse(response.json()).data;
}

describe(`click overview, counter and results on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('lists every click of the customer, newest first, with filters', async () => {
    const w = await history();
    const all = await list(w);
    expect(all.map((click) => [click.maturity, click.status])).toEqual([
      ['M5', 'IN_PROGRESS'],
      ['Q1', 'COMPLETED'],
      ['M12', 'COMPLETED'],
    ]);
    expect(all[1]).toMatchObject({
      createdBy: expect.stringContaining('Test'),
      priceSource: 'OTC_LIVE',
      parts: [
        {
          name: 'Peak',
          volume: '75',
          price: '82.25',
          marketPrice: '80',
          markUp: '2',
          cost: '6168.75',
        },
        expect.objectContaining({ name: 'OffPeak', volume: '75', price: '62.25' }),
      ],
    });
    expect(all[2]).toMatchObject({ createdBy: null, priceSource: null });
    expect(all[2]?.parts[0]).toMatchObject({ marketPrice: null, price: '70', cost: '700.00' });

    expect((await list(w, '?status=COMPLETED')).map((c) => c.maturity)).toEqual(['Q1', 'M12']);
    expect((await list(w, '?maturity=M5')).map((c) => c.maturity)).toEqual(['M5']);
    expect((await list(w, `?contractId=${w.contract.contractId}&year=2027`)).length).toBe(3);
    expect(await list(w, '?year=2028')).toEqual([]);
    expect((await list(w, '?from=2026-11-20&to=2026-11-20')).map((c) => c.maturity)).toEqual([
      'M5',
      'Q1',
    ]);
    expect((await list(w, '?to=2026-11-19')).map((c) => c.maturity)).toEqual(['M12']);
    const bad = await w.t.app.inject({
      method: 'GET',
      url: `/rest/clicks/${w.customer.id}?status=DONE`,
      headers: bearer(w.token),
    });
    expect(bad.statusCode).toBe(400);
  });

  it("refuses another customer's clicks", async () => {
    const w = await history();
    const stranger = await createUser(w.t.db, {
      customerIds: [(await createCustomer(w.t.db)).id],
    });
    const session = await login(w.t.app, stranger.username, stranger.password);
    for (const path of ['clicks', 'clickcounter', 'results']) {
      const response = await w.t.app.inject({
        method: 'GET',
        url: `/rest/${path}/${w.customer.id}`,
        headers: bearer(session.token),
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it('exports the filtered clicks as RFC 4180 CSV, one row per part', async () => {
    const w = await history();
    const response = await w.t.app.inject({
      method: 'GET',
      url: `/rest/clicks/${w.customer.id}/export?format=csv&status=COMPLETED`,
      headers: bearer(w.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename=".+\.csv"/);
    const lines = response.body.split('\r\n');
    expect(lines[0]).toMatch(/^clickId,contractId,product,yearOfSupply,maturity/);
    expect(lines).toHaveLength(6); // header, 2 clicks x 2 parts, final line end
    const q1Peak = lines[1]?.split(',') ?? [];
    expect(q1Peak.slice(3, 8)).toEqual(['2027', 'Q1', 'OTC', 'OTC_LIVE', 'COMPLETED']);
    expect(q1Peak[11]).toBe(''); // nobody signed in as the user
    expect(q1Peak.slice(13)).toEqual([
      'Peak',
      '75',
      '80',
      '2',
      '0.25',
      '82.25',
      '6168.75',
      '10837.50',
    ]);
  });

  it('exports XLSX whose sheet holds the same rows', async () => {
    const w = await history();
    const response = await w.t.app.inject({
      method: 'GET',
      url: `/rest/clicks/${w.customer.id}/export?format=xlsx&maturity=Q1`,
      headers: bearer(w.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const sheetName = Object.keys(files).find((name) => /xl\/worksheets\/sheet1\.xml$/.test(name));
    const sheet = strFromU8(files[sheetName as string] as Uint8Array);
    const rows = sheet.match(/<row /g) ?? [];
    expect(rows).toHaveLength(3); // header and the two parts of the Q1 click
    const strings = strFromU8(
      (files['xl/sharedStrings.xml'] as Uint8Array | undefined) ?? new Uint8Array(),
    );
    const text = `${sheet}${strings}`;
    expect(text).toContain(w.contract.contractId);
    expect(text).toContain('OffPeak');
    expect(sheet).toContain('6168.75');
    expect(sheet).toContain('82.25');
  });

  it('results: share fixed and weighted average click price of the completed clicks', async () => {
    const w = await history();
    const response = await w.t.app.inject({
      method: 'GET',
      url: `/rest/results/${w.customer.id}`,
      headers: bearer(w.token),
    });
    const [entry] = ResultsSchema.parse(response.json()).data;
    expect(entry).toMatchObject({ contractId: w.contract.contractId, yearOfSupply: 2027 });
    const peak = entry?.parts.find((part) => part.name === 'Peak');
    // 10 MWh at 70 and 75 MWh at 82.25 (the M5 click is not completed yet) of 1200 MWh.
    expect(peak).toMatchObject({
      totalVolume: '1200',
      fixedVolume: '85',
      weightedAvgClickPrice: '80.8088',
    });
    // 85 of 1200 is 7.08333…%: sent rounded to PERCENTAGE_DECIMALS (4), as every percentage.
    expect(peak?.fixedPercentage).toBe('7.0833');
    for (const percentage of [
      entry?.fixedPercentage,
      ...(entry?.parts ?? []).map((part) => part.fixedPercentage),
    ]) {
      expect(percentage).toMatch(/^\d{1,3}(\.\d{1,4})?$/);
    }
    expect(peak?.fixes.map((fix) => [fix.maturity, fix.volume, fix.price])).toEqual([
      ['M12', '10', '70'],
      ['Q1', '75', '82.25'],
    ]);
  });

  it('notifications: the user reads their own, newest first', async () => {
    const w = await history();
    const response = await w.t.app.inject({
      method: 'GET',
      url: '/rest/notifications?size=2',
      headers: bearer(w.token),
    });
    const { data } = NotificationPageSchema.parse(response.json());
    expect(data.map((n) => n.kind)).toEqual(['CLICK_CREATED', 'CLICK_COMPLETED']);
    expect(data[0]).toMatchObject({
      localeId: 'notification.CLICK_CREATED',
      params: { maturity: 'M5', contractId: w.contract.contractId, yearOfSupply: 2027 },
      read: false,
    });
  });
});
