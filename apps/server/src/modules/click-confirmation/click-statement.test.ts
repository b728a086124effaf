import { describe, expect, it } from 'vitest';
import { CLICK_CONFIRMATION_PATHS, pathTo } from '@klik/api';
import { createCustomer, createUser } from '../../../test/builders';
import { bearer, login } from '../../../test/test-app';
import { pdfLines } from '../../../test/pdf-text';
import { onPostgres } from '../../../test/test-database';
import {
  executeOk,
  purchaseWorlds,
  quoteOk,
  requireApproval,
  secondUser,
  type PurchaseWorld,
} from '../purchase/purchase-test-kit';

const openWorld = purchaseWorlds();

/** A four-eyes click, approved and completed, on Friday 2026-11-20. */
async function approvedClick() {
  const w = await openWorld({ env: { KLIK_TITLE: 'Klik Energie' } });
  await requireApproval(w);
  const approver = await secondUser(w);
  const click = await executeOk(w, (await quoteOk(w, { percentage: '25' })).quoteId);
  const approved = await w.t.app.inject({
    method: 'POST',
    url: `/rest/clicks/${click.id}/approve`,
    headers: bearer(approver.token),
  });
  expect(approved.statusCode).toBe(200);
  w.t.clock.advance(10_000);
  expect((await w.t.app.purchase.desk.runOnce()).completed).toBe(1);
  return { w, approver, clickId: click.id };
}

function statement(w: PurchaseWorld, query: string, token = w.token) {
  const url = pathTo(CLICK_CONFIRMATION_PATHS.statement, { customerId: w.customer.id });
  return w.t.app.inject({ method: 'GET', url: `${url}?${query}`, headers: bearer(token) });
}

async function lastLedgerEntry(w: PurchaseWorld) {
  return w.t.db
    .selectFrom('click_ledger')
    .select(['seq', 'hash'])
    .where('customer_id', '=', w.customer.id)
    .orderBy('seq', 'desc')
    .executeTakeFirstOrThrow();
}

describe(`the click statement on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('lists every click of the period as CSV with its quote, people and the chain hash', async () => {
    const { w, approver, clickId } = await approvedClick();
    const response = await statement(w, 'from=2026-11-20&to=2026-11-20&format=csv&locale=en');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="click-statement-${w.customer.id}-2026-11-20-2026-11-20.csv"`,
    );
    const [heading, ...rows] = response.body.trimEnd().split('\r\n');
    const columns = (heading ?? '').split(',');
    const records = rows.map((row) =>
      Object.fromEntries(row.split(',').map((value, index) => [columns[index], value])),
    );
    const head = await lastLedgerEntry(w);
    expect(records).toEqual([
      expect.objectContaining({
        click: String(clickId),
        status: 'COMPLETED',
        part: 'Peak',
        volumeMWh: '75',
        marketPriceAtQuote: '80',
        markUp: '2',
        transactionFee: '0.25',
        clickPrice: '82.25',
        marketPriceAtExecution: '80',
        clickedBy: w.user.username,
        decidedBy: approver.user.username,
        decision: 'APPROVED',
        secondFactor: 'none',
        ledgerEntries: '1:PENDING_APPROVAL 2:APPROVED 3:COMPLETED',
        chainSeqAtPeriodEnd: head.seq,
        chainHashAtPeriodEnd: head.hash,
      }),
      expect.objectContaining({ click: String(clickId), part: 'OffPeak', markUp: '2' }),
    ]);
    expect(records[0]?.confirmationSentAt).toMatch(/^2026-11-20T/);

    // A period before the click: no clicks, and no chain yet.
    const before = await statement(w, 'from=2026-11-01&to=2026-11-19&format=csv&locale=nl');
    expect(before.body.trimEnd().split('\r\n')).toHaveLength(1);
    expect(before.body).toMatch(/^klik,contract,/);
  });

  it('is a PDF in the reader’s language, closed by the hash of the chain', async () => {
    const { w, approver, clickId } = await approvedClick();
    const response = await statement(w, 'from=2026-11-20&to=2026-11-21');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = (await pdfLines(response.rawPayload)).join('\n');
    const head = await lastLedgerEntry(w);
    expect(text).toContain('Klikoverzicht');
    expect(text).toContain(`Klik ${clickId}`);
    expect(text).toContain('Goedgekeurd door');
    expect(text).toContain(approver.user.username);
    expect(text).toContain('Keten aan het einde van de periode');
    expect(text.replace(/\s/g, '')).toContain(head.hash);
    const english = await statement(w, 'from=2026-11-20&to=2026-11-21&locale=en');
    expect((await pdfLines(english.rawPayload)).join('\n')).toContain('Click statement');
  });

  it('is for whoever may see the customer; a wrong period is a 400', async () => {
    const w = await openWorld();
    const other = await createCustomer(w.t.db);
    const stranger = await createUser(w.t.db, { customerIds: [other.id] });
    const session = await login(w.t.app, stranger.username, stranger.password);
    expect((await statement(w, 'from=2026-11-20&to=2026-11-20', session.token)).statusCode).toBe(
      403,
    );
    expect((await statement(w, 'from=2026-11-21&to=2026-11-20')).statusCode).toBe(400);
    expect((await statement(w, 'from=2026-11-20')).statusCode).toBe(400);
  });
});
