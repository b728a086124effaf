import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { behindTheBack } from '../../../test/behind-the-back';
import { bearer } from '../../../test/test-app';
import { onPostgres } from '../../../test/test-database';
import { verifyChains } from '../../kernel/audit/chain-verification';
import {
  executeOk,
  purchaseWorlds,
  quoteOk,
  requireApproval,
  secondUser,
  type PurchaseWorld,
} from './purchase-test-kit';

const setUp = purchaseWorlds();

function ledgerOf(w: PurchaseWorld) {
  return w.t.db
    .selectFrom('click_ledger')
    .selectAll()
    .where('customer_id', '=', w.customer.id)
    .orderBy('seq')
    .execute();
}

describe(`the click ledger on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('records a click made and completed with its quote, prices and confirmation', async () => {
    const w = await setUp();
    const click = await executeOk(w, (await quoteOk(w, { percentage: '25' })).quoteId);
    w.t.clock.advance(10_000);
    expect((await w.t.app.purchase.desk.runOnce()).completed).toBe(1);

    const rows = await ledgerOf(w);
    expect(rows.map((row) => [row.event, row.seq, row.click_id])).toEqual([
      ['CREATED', '1', click.id],
      ['COMPLETED', '2', click.id],
    ]);
    const [made, completed] = rows;
    expect(made).toMatchObject({
      stream: `customer:${w.customer.id}`,
      actor_user_id: w.user.id,
      actor_username: w.user.username,
      impersonator_user_id: null,
    });
    expect(made?.facts).toMatchObject({
      contractId: w.contract.contractId,
      yearOfSupply: 2027,
      market: 'OTC',
      status: 'IN_PROGRESS',
      priceSource: 'OTC_LIVE',
      totalCost: '10837.50',
      secondFactor: null,
      termsVersion: null,
      quote: {
        parts: [
          expect.objectContaining({
            name: 'Peak',
            volume: '75',
            marketPrice: '80',
            markUp: '2',
            transactionFee: '0.25',
            clickPrice: '82.25',
          }),
          expect.objectContaining({ name: 'OffPeak', marketPrice: '60' }),
        ],
      },
    });
    expect(completed?.actor_user_id).toBeNull();
    expect(completed?.facts).toMatchObject({
      status: 'COMPLETED',
      execution: {
        parts: [
          { part: 'Peak', marketPrice: '80', clickPrice: '82.25' },
          { part: 'OffPeak', marketPrice: '60', clickPrice: '62.25' },
        ],
      },
      confirmation: { kind: 'clickConfirmation', ref: click.id },
    });
    expect(completed?.prev_hash).toBe(made?.hash);
    expect((await verifyChains(w.t.db, w.t.clock.now())).intact).toBe(true);
  });

  it('records the four eyes: waiting, approved by whom, rejected', async () => {
    const w = await setUp();
    await requireApproval(w);
    const approver = await secondUser(w);
    const decide = (clickId: number, decision: string) =>
      w.t.app.inject({
        method: 'POST',
        url: `/rest/clicks/${clickId}/${decision}`,
        headers: bearer(approver.token),
      });
    const rejected = await executeOk(w, (await quoteOk(w, { percentage: '10' })).quoteId);
    expect((await decide(rejected.id, 'reject')).statusCode).toBe(200);
    const approved = await executeOk(w, (await quoteOk(w, { percentage: '10' })).quoteId);
    expect((await decide(approved.id, 'approve')).statusCode).toBe(200);

    const rows = await ledgerOf(w);
    expect(rows.map((row) => [row.click_id, row.event, row.actor_username])).toEqual([
      [rejected.id, 'PENDING_APPROVAL', w.user.username],
      [rejected.id, 'REJECTED', approver.user.username],
      [approved.id, 'PENDING_APPROVAL', w.user.username],
      [approved.id, 'APPROVED', approver.user.username],
    ]);
    expect(rows[3]?.facts).toMatchObject({ status: 'IN_PROGRESS', decidedBy: approver.user.id });
    expect((await verifyChains(w.t.db, w.t.clock.now())).intact).toBe(true);
  });

  it('refuses to change or remove an event', async () => {
    const w = await setUp();
    await executeOk(w, (await quoteOk(w, { percentage: '25' })).quoteId);
    await expect(
      w.t.db.updateTable('click_ledger').set({ event: 'EXPIRED' }).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(w.t.db.deleteFrom('click_ledger').execute()).rejects.toThrow(/append-only/);
    expect(await ledgerOf(w)).toHaveLength(1);
  });

  it('shows a price changed behind the application’s back at exactly that event', async () => {
    const w = await setUp();
    await executeOk(w, (await quoteOk(w, { percentage: '25' })).quoteId);
    w.t.clock.advance(10_000);
    await w.t.app.purchase.desk.runOnce();
    const [made, completed] = await ledgerOf(w);
    await behindTheBack(
      w.t.db,
      sql`update click_ledger set facts = jsonb_set(facts, '{totalCost}', '"1.00"')
          where id = ${completed?.id ?? ''}`,
    );
    const report = await verifyChains(w.t.db, w.t.clock.now());
    const stream = report.streams.find(
      (candidate) =>
        candidate.chain === 'click_ledger' && candidate.stream === `customer:${w.customer.id}`,
    );
    expect(stream).toMatchObject({
      break: { id: completed?.id, seq: '2', reason: 'CONTENT_CHANGED' },
      intactUpTo: { id: made?.id, seq: '1' },
    });
  });
});
