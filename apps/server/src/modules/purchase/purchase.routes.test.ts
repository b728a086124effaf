import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ClickDetailSchema, ErrorBodySchema, ExecuteResponseSchema } from '@klik/api';
import { createClick, createTermsVersion } from '../../../test/builders';
import { bearer } from '../../../test/test-app';
import {
  clickedIn,
  executeOk,
  postExecute,
  postQuote,
  type PurchaseWorld,
  purchaseWorlds,
  quoteOk,
  relogin,
  requireApproval,
  secondUser,
} from './purchase-test-kit';
import { onPostgres } from '../../../test/test-database';

const setUp = purchaseWorlds();

function codeOf(response: { body: string }): string {
  return ErrorBodySchema.parse(JSON.parse(response.body)).code;
}

describe(`the click on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('quotes 25% of a quarter at market + mark-up + fee for 5 minutes', async () => {
    const w = await setUp();
    const quote = await quoteOk(w, { percentage: '25' });
    expect(quote.priceSource).toBe('OTC_LIVE');
    expect(new Date(quote.expiresAt).getTime() - new Date(quote.createdAt).getTime()).toBe(300_000);
    expect(quote.parts).toEqual([
      expect.objectContaining({
        name: 'Peak',
        volume: '75',
        openVolume: '300',
        marketPrice: '80',
        clickPrice: '82.25',
        cost: '6168.75',
        runoutApplied: false,
        limits: { min: '15', max: '300' },
      }),
      expect.objectContaining({
        name: 'OffPeak',
        volume: '75',
        clickPrice: '62.25',
        cost: '4668.75',
      }),
    ]);
    expect(quote.totalCost).toBe('10837.50');
    expect(quote.requires).toEqual({ termsVersion: null, sms: false, approval: false });
  });

  it('executes a quote: in progress, volume reserved, audited, notified and published', async () => {
    const w = await setUp();
    const other = await secondUser(w);
    const quote = await quoteOk(w);
    const click = await executeOk(w, quote.quoteId);
    expect(click).toMatchObject({
      status: 'IN_PROGRESS',
      inProgress: true,
      maturity: 'Q1',
      yearOfSupply: 2027,
      totalCost: '10837.50',
    });
    expect(click.parts.map((part) => [part.name, part.volume, part.price])).toEqual([
      ['Peak', '75', '82.25'],
      ['OffPeak', '75', '62.25'],
    ]);
    expect(await clickedIn(w.t.db, w.contract.id, 'Peak', [1, 2, 3])).toBe('75');
    expect(await clickedIn(w.t.db, w.contract.id, 'Peak', [4, 5, 6])).toBe('0');

    const audit = await w.t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'click.execute')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ outcome: 'success', actor_user_id: w.user.id });
    const notified = await w.t.db
      .selectFrom('notifications')
      .select(['user_id', 'kind', 'message_key'])
      .orderBy('user_id')
      .execute();
    expect(notified).toEqual(
      [w.user.id, other.user.id]
        .sort((a, b) => a - b)
        .map((user_id) => ({
          user_id,
          kind: 'CLICK_CREATED',
          message_key: 'notification.CLICK_CREATED',
        })),
    );
    expect(w.clickUpdates).toEqual([
      { contractId: w.contract.contractId, customerId: w.customer.id },
    ]);

    // The positions show the pending click and DC_31 on overlapping positions.
    const data = await w.t.app.inject({
      method: 'GET',
      url: `/rest/contractData/contract/${w.customer.id}/${w.contract.contractId}`,
      headers: bearer(w.token),
    });
    const statuses = data.json().statusPerContract;
    const y = statuses.yearStatuses.find((s: { yearOfSupply: number }) => s.yearOfSupply === 2027);
    expect(y.disableClickReason).toBe('DC_31');
    expect(data.json().clicks).toEqual([
      expect.objectContaining({ maturity: 'Q1', inProgress: true }),
    ]);
  });

  it('answers the same idempotency key with the same click, never a second one', async () => {
    const w = await setUp();
    const quote = await quoteOk(w);
    const idempotencyKey = randomUUID();
    const first = await postExecute(w, { quoteId: quote.quoteId, idempotencyKey });
    const second = await postExecute(w, { quoteId: quote.quoteId, idempotencyKey });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(ExecuteResponseSchema.parse(second.json()).click.id).toBe(
      ExecuteResponseSchema.parse(first.json()).click.id,
    );
    const clicks = await w.t.db.selectFrom('clicks').select('id').execute();
    expect(clicks).toHaveLength(1);
    expect(await clickedIn(w.t.db, w.contract.id, 'Peak', [1, 2, 3])).toBe('75');
    // The same quote with another key is a second confirmation of a used price.
    const other = await postExecute(w, { quoteId: quote.quoteId });
    expect(other.statusCode).toBe(409);
    expect(codeOf(other)).toBe('QUOTE_USED');
  });

  it('a held click desk completes nothing until released (tests only: CLICK_DESK_TEST_CONTROL)', async () => {
    const w = await setUp({ env: { CLICK_DESK_TEST_CONTROL: 'true' } });
    const hold = (held: boolean) =>
      w.t.app.inject({ method: 'PUT', url: '/rest/dev/click-desk', payload: { held } });
    expect((await hold(true)).json()).toEqual({ held: true });
    await executeOk(w, (await quoteOk(w)).quoteId);
    w.t.clock.advance(60_000);
    expect(await w.t.app.purchase.desk.tick()).toEqual({ completed: 0, expired: 0 });
    expect((await hold(false)).json()).toEqual({ held: false });
    expect(await w.t.app.purchase.desk.tick()).toEqual({ completed: 1, expired: 0 });
  });

  it('has no click desk control unless CLICK_DESK_TEST_CONTROL is set', async () => {
    const w = await setUp();
    const answer = await w.t.app.inject({
      method: 'PUT',
      url: '/rest/dev/click-desk',
      payload: { held: true },
    });
    expect(answer.statusCode).toBe(404);
  });

  it('the click desk completes an OTC click after the confirmation delay', async () => {
    const w = await setUp();
    const click = await executeOk(w, (await quoteOk(w)).quoteId);
    expect(await w.t.app.purchase.desk.runOnce()).toEqual({ completed: 0, expired: 0 });
    w.t.clock.advance(10_000);
    expect(await w.t.app.purchase.desk.runOnce()).toEqual({ completed: 1, expired: 0 });
    const detail = await w.t.app.inject({
      method: 'GET',
      url: `/rest/purchase/click/${click.id}`,
      headers: bearer(w.token),
    });
    expect(ClickDetailSchema.parse(detail.json())).toMatchObject({
      status: 'COMPLETED',
      inProgress: false,
      totalCost: '10837.50',
    });
    expect(await clickedIn(w.t.db, w.contract.id, 'Peak', [1, 2, 3])).toBe('75');
    const kinds = await w.t.db
      .selectFrom('notifications')
      .select('kind')
      .where('user_id', '=', w.user.id)
      .orderBy('id')
      .execute();
    expect(kinds.map((row) => row.kind)).toEqual(['CLICK_CREATED', 'CLICK_COMPLETED']);
    const audit = await w.t.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `click:${click.id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['click.execute', 'click.complete']);
    expect(w.clickUpdates).toHaveLength(2);
  });

  it('an ICE end-of-day click completes after the settlement at the latest ICE price', async () => {
    const w = await setUp();
    const quote = await quoteOk(w, { market: 'ICE', percentage: '10' });
    expect(quote.priceSource).toBe('ICE_END_OF_DAY');
    expect(quote.parts[0]).toMatchObject({ name: 'Peak', volume: '30', clickPrice: '81.25' });
    const click = await executeOk(w, quote.quoteId);
    w.t.clock.set('2026-11-20T16:00:00Z'); // 17:00 Amsterdam: not settled yet
    expect((await w.t.app.purchase.desk.runOnce()).completed).toBe(0);
    await w.t.db
      .updateTable('market_offers')
      .set({ price: '90' })
      .where('market', '=', 'ICE')
      .where('product', '=', 'NL_POWER_PEAK')
      .where('maturity', '=', 'Q1')
      .execute();
    w.t.clock.set('2026-11-20T16:30:00Z'); // 17:30 Amsterdam
    expect((await w.t.app.purchase.desk.runOnce()).completed).toBe(1);
    await relogin(w);
    const response = await w.t.app.inject({
      method: 'GET',
      url: `/rest/purchase/click/${click.id}`,
      headers: bearer(w.token),
    });
    const detail = ClickDetailSchema.parse(response.json());
    expect(detail.status).toBe('COMPLETED');
    // Peak at 90 + 2 + 0.25; OffPeak unchanged at 59 + 2.25.
    expect(detail.parts.map((part) => [part.name, part.price, part.cost])).toEqual([
      ['Peak', '92.25', '2767.50'],
      ['OffPeak', '61.25', '1837.50'],
    ]);
    const cost = await w.t.db
      .selectFrom('position_months')
      .select((eb) => eb.fn.sum<string>('clicked_cost').as('sum'))
      .where('contract_id', '=', w.contract.id)
      .where('part', '=', 'Peak')
      .executeTakeFirstOrThrow();
    expect(Number(cost.sum)).toBe(2767.5);
  });

  describe('refusals', () => {
    it('DC_34: a read-only user and a user without the click right', async () => {
      const w = await setUp();
      const viewer = await secondUser(w, { readOnly: true });
      const response = await postQuote(w, {}, viewer.token);
      expect(response.statusCode).toBe(403);
      expect(codeOf(response)).toBe('DC_34');

      const quote = await quoteOk(w);
      await w.t.db
        .updateTable('users')
        .set({ click_authorized: false })
        .where('id', '=', w.user.id)
        .execute();
      const execute = await postExecute(w, { quoteId: quote.quoteId });
      expect(codeOf(execute)).toBe('DC_34');
      const refused = await w.t.db
        .selectFrom('audit_log')
        .select(['outcome', 'details'])
        .where('action', '=', 'click.execute')
        .execute();
      expect(refused).toEqual([{ outcome: 'refused', details: { code: 'DC_34' } }]);
      expect(await w.t.db.selectFrom('clicks').select('id').execute()).toEqual([]);
    });

    it('DC_35 when clicking is paused, at quote and at execution', async () => {
      const w = await setUp();
      const quote = await quoteOk(w);
      await w.t.db.updateTable('trading_status').set({ pauze_active: true }).execute();
      expect(codeOf(await postQuote(w, {}))).toBe('DC_35');
      expect(codeOf(await postExecute(w, { quoteId: quote.quoteId }))).toBe('DC_35');
    });

    it('DC_21 after the deadline, DC_36 outside the window, DC_10 for a click type', async () => {
      const w = await setUp();
      w.t.clock.set('2026-11-20T16:30:00Z'); // 17:30 Amsterdam
      await relogin(w);
      expect(codeOf(await postQuote(w, {}))).toBe('DC_36');
      w.t.clock.set('2027-01-04T10:00:00Z');
      await relogin(w);
      expect(codeOf(await postQuote(w, {}))).toBe('DC_21');
      w.t.clock.set('2026-11-20T10:00:00Z');
      await relogin(w);
      await w.t.db
        .updateTable('contracts')
        .set({ click_type: 'YEAR' })
        .where('id', '=', w.contract.id)
        .execute();
      expect(codeOf(await postQuote(w, {}))).toBe('DC_10');
    });

    it('DC_36 at execution when the window closed after the quote', async () => {
      const w = await setUp();
      w.t.clock.set('2026-11-20T14:58:00Z'); // 15:58 Amsterdam
      await relogin(w);
      const quote = await quoteOk(w);
      w.t.clock.set('2026-11-20T15:00:00Z'); // 16:00: OTC closed
      expect(codeOf(await postExecute(w, { quoteId: quote.quoteId }))).toBe('DC_36');
    });

    it('DC_31 while an overlapping click is pending; the refused quote no longer holds', async () => {
      const w = await setUp();
      const other = await secondUser(w);
      const mine = await quoteOk(w, { percentage: '50' });
      const theirs = await quoteOk(w, { percentage: '100', maturity: 'M1' }, other.token);
      await executeOk(w, mine.quoteId);
      expect(codeOf(await postExecute(w, { quoteId: theirs.quoteId }, other.token))).toBe('DC_31');
      expect(codeOf(await postQuote(w, { maturity: 'Y' }, other.token))).toBe('DC_31');
      // Q3 does not overlap, and the refused quote is no click in progress any more.
      expect((await postQuote(w, { maturity: 'Q3' }, other.token)).statusCode).toBe(200);
    });

    it('DC_12 when the quoted volume was clicked meanwhile, and on a full position', async () => {
      const w = await setUp();
      const other = await secondUser(w);
      const mine = await quoteOk(w, { percentage: '50', maturity: 'M1' });
      const theirs = await quoteOk(w, { percentage: '100', maturity: 'M1' }, other.token);
      await executeOk(w, mine.quoteId);
      w.t.clock.advance(10_000);
      await w.t.app.purchase.desk.runOnce();
      expect(codeOf(await postExecute(w, { quoteId: theirs.quoteId }, other.token))).toBe('DC_12');
      const rest = await quoteOk(w, { percentage: '100', maturity: 'M1' }, other.token);
      expect(rest.parts.map((part) => part.volume)).toEqual(['50', '50']);
      await executeOk(w, rest.quoteId, other.token);
      w.t.clock.advance(10_000);
      await w.t.app.purchase.desk.runOnce();
      expect(codeOf(await postQuote(w, { maturity: 'M1' }, other.token))).toBe('DC_12');
    });

    it('QUOTE_EXPIRED 5 minutes and 1 second after the quote', async () => {
      const w = await setUp();
      const quote = await quoteOk(w);
      w.t.clock.advance(5 * 60_000 + 1000);
      const response = await postExecute(w, { quoteId: quote.quoteId });
      expect(response.statusCode).toBe(410);
      expect(codeOf(response)).toBe('QUOTE_EXPIRED');
    });

    it("another user's quote is not found", async () => {
      const w = await setUp();
      const other = await secondUser(w);
      const quote = await quoteOk(w);
      const response = await postExecute(w, { quoteId: quote.quoteId }, other.token);
      expect(response.statusCode).toBe(404);
    });

    it('ANOTHER_CLICK_IN_PROGRESS for a quote on another position; the same one replaces', async () => {
      const w = await setUp();
      const first = await quoteOk(w);
      const response = await postQuote(w, { maturity: 'Q2' });
      expect(response.statusCode).toBe(409);
      expect(codeOf(response)).toBe('ANOTHER_CLICK_IN_PROGRESS');
      const again = await quoteOk(w, { percentage: '30' });
      expect(codeOf(await postExecute(w, { quoteId: first.quoteId }))).toBe('QUOTE_USED');
      await executeOk(w, again.quoteId);
      // Once the quote is used, another position may be quoted.
      const q2 = await quoteOk(w, { maturity: 'Q2' });
      // Leaving the flow gives the quote up, so yet another position may be quoted.
      const cancel = await w.t.app.inject({
        method: 'DELETE',
        url: `/rest/purchase/quote/${q2.quoteId}`,
        headers: bearer(w.token),
      });
      expect(cancel.statusCode).toBe(204);
      expect((await postQuote(w, { maturity: 'Q3' })).statusCode).toBe(200);
      expect(codeOf(await postExecute(w, { quoteId: q2.quoteId }))).toBe('QUOTE_USED');
    });

    it('VOLUME_TOO_LOW and VOLUME_TOO_HIGH with the allowed range', async () => {
      const w = await setUp();
      const low = await postQuote(w, { volumes: { Peak: '14.999', OffPeak: '20' } });
      expect(low.statusCode).toBe(422);
      expect(ErrorBodySchema.parse(low.json())).toMatchObject({
        code: 'VOLUME_TOO_LOW',
        details: { part: 'Peak', min: '15', max: '300' },
      });
      const high = await postQuote(w, { volumes: { Peak: '20', OffPeak: '300.001' } });
      expect(ErrorBodySchema.parse(high.json())).toMatchObject({
        code: 'VOLUME_TOO_HIGH',
        details: { part: 'OffPeak', max: '300' },
      });
      const ok = await quoteOk(w, { volumes: { Peak: '15', OffPeak: '300' } });
      expect(ok.parts.map((part) => part.volume)).toEqual(['15', '300']);
    });

    it('applies runout when less than 1% would remain', async () => {
      const w = await setUp();
      const quote = await quoteOk(w, { volumes: { Peak: '298', OffPeak: '100' } });
      expect(quote.parts[0]).toMatchObject({ volume: '300', runoutApplied: true });
      expect(quote.parts[1]).toMatchObject({ volume: '100', runoutApplied: false });
    });

    it('CLICK_LIMIT_REACHED when the contract allows no more clicks this year', async () => {
      const w = await setUp();
      const quote = await quoteOk(w, { maturity: 'M1' });
      await w.t.db
        .updateTable('contracts')
        .set({ max_clicks_per_year: 1 })
        .where('id', '=', w.contract.id)
        .execute();
      await createClick(w.t.db, {
        contractId: w.contract.id,
        yearOfSupply: 2027,
        maturity: 'M12',
        parts: [{ part: 'Peak', volume: '10', price: '70' }],
      });
      expect(codeOf(await postExecute(w, { quoteId: quote.quoteId }))).toBe('CLICK_LIMIT_REACHED');
      expect(codeOf(await postQuote(w, { maturity: 'M2' }))).toBe('CLICK_LIMIT_REACHED');
      const counter = await w.t.app.inject({
        method: 'GET',
        url: `/rest/clickcounter/${w.customer.id}`,
        headers: bearer(w.token),
      });
      expect(counter.json().data).toEqual([
        expect.objectContaining({ yearOfSupply: 2027, maxClicks: 1, used: 1, left: 0 }),
      ]);
    });

    it('terms: refused until the current version is accepted; accepted once per version', async () => {
      const w = await setUp();
      await createTermsVersion(w.t.db, { version: 1 });
      const quote = await quoteOk(w);
      expect(quote.requires.termsVersion).toBe(1);
      const refused = await postExecute(w, { quoteId: quote.quoteId });
      expect(ErrorBodySchema.parse(refused.json())).toMatchObject({
        code: 'TERMS_NOT_ACCEPTED',
        details: { version: 1 },
      });
      expect(
        codeOf(await postExecute(w, { quoteId: quote.quoteId, acceptedTermsVersion: 2 })),
      ).toBe('TERMS_VERSION_OUTDATED');
      const ok = await postExecute(w, { quoteId: quote.quoteId, acceptedTermsVersion: 1 });
      expect(ok.statusCode).toBe(200);

      const terms = await w.t.app.inject({
        method: 'GET',
        url: `/rest/purchase/terms/${w.customer.id}`,
        headers: { ...bearer(w.token), locale: 'en' },
      });
      expect(terms.json()).toMatchObject({ version: 1, body: 'Terms 1', accepted: true });
      // A new version (here the customer's own) must be accepted again.
      await createTermsVersion(w.t.db, {
        version: 2,
        customerId: w.customer.id,
        publishedAt: new Date('2026-06-01T00:00:00Z'),
      });
      const next = await w.t.app.inject({
        method: 'GET',
        url: `/rest/purchase/terms/${w.customer.id}`,
        headers: bearer(w.token),
      });
      expect(next.json()).toMatchObject({ version: 2, body: 'Voorwaarden 2', accepted: false });
      const accept = await w.t.app.inject({
        method: 'POST',
        url: `/rest/purchase/terms/${w.customer.id}/accept`,
        headers: bearer(w.token),
        payload: { version: 2 },
      });
      expect(accept.json()).toMatchObject({ version: 2, accepted: true });
      const audit = await w.t.db
        .selectFrom('audit_log')
        .select('details')
        .where('action', '=', 'purchase.terms.accept')
        .orderBy('id')
        .execute();
      expect(audit.map((row) => row.details)).toEqual([{ version: 1 }, { version: 2 }]);
    });
  });

  describe('SMS verification', () => {
    async function smsWorld(): Promise<PurchaseWorld> {
      const w = await setUp({ env: { QUOTE_LIFETIME_SECONDS: '900' } });
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
      return w;
    }

    function lastCode(w: PurchaseWorld): string {
      const gateway = w.t.app.purchase.sms as unknown as {
        outbox: () => { to: string; text: string }[];
      };
      const last = gateway.outbox().at(-1);
      expect(last?.to).toBe('+31612345678');
      return /(\d{6})/.exec(last?.text ?? '')?.[1] ?? '';
    }

    function sendSms(w: PurchaseWorld, quoteId: string) {
      return w.t.app.inject({
        method: 'POST',
        url: '/rest/purchase/sms',
        headers: bearer(w.token),
        payload: { quoteId },
      });
    }

    it('requires a sent code, counts wrong codes and accepts the right one', async () => {
      const w = await smsWorld();
      const quote = await quoteOk(w);
      expect(quote.requires.sms).toBe(true);
      expect(codeOf(await postExecute(w, { quoteId: quote.quoteId }))).toBe('SMS_REQUIRED');
      const sent = await sendSms(w, quote.quoteId);
      expect(sent.json()).toMatchObject({ sentTo: '*********678', attemptsLeft: 3 });
      const code = lastCode(w);
      const wrong = code === '000000' ? '111111' : '000000';
      const invalid = await postExecute(w, { quoteId: quote.quoteId, smsCode: wrong });
      expect(ErrorBodySchema.parse(invalid.json())).toMatchObject({
        code: 'SMS_CODE_INVALID',
        details: { attemptsLeft: 2 },
      });
      const ok = await postExecute(w, { quoteId: quote.quoteId, smsCode: code });
      expect(ok.statusCode).toBe(200);
      const stored = await w.t.db.selectFrom('sms_verifications').select('code_hash').execute();
      expect(stored[0]?.code_hash).not.toContain(code);
    });

    it('three wrong codes need a new code; a code lapses after 5 minutes', async () => {
      const w = await smsWorld();
      const quote = await quoteOk(w);
      await sendSms(w, quote.quoteId);
      const code = lastCode(w);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let attempt = 0; attempt < 2; attempt += 1) {
        expect(codeOf(await postExecute(w, { quoteId: quote.quoteId, smsCode: wrong }))).toBe(
          'SMS_CODE_INVALID',
        );
      }
      expect(codeOf(await postExecute(w, { quoteId: quote.quoteId, smsCode: wrong }))).toBe(
        'SMS_ATTEMPTS_EXCEEDED',
      );
      expect(codeOf(await postExecute(w, { quoteId: quote.quoteId, smsCode: code }))).toBe(
        'SMS_ATTEMPTS_EXCEEDED',
      );
      await sendSms(w, quote.quoteId);
      const fresh = lastCode(w);
      w.t.clock.advance(5 * 60_000 + 1000);
      expect(codeOf(await postExecute(w, { quoteId: quote.quoteId, smsCode: fresh }))).toBe(
        'SMS_CODE_EXPIRED',
      );
    });
  });

  describe('four-eyes approval', () => {
    async function approvalWorld() {
      const w = await setUp();
      await requireApproval(w);
      const approver = await secondUser(w);
      const click = await executeOk(w, (await quoteOk(w)).quoteId);
      return { w, approver, click };
    }

    function decide(w: PurchaseWorld, clickId: number, decision: string, token: string) {
      return w.t.app.inject({
        method: 'POST',
        url: `/rest/clicks/${clickId}/${decision}`,
        headers: bearer(token),
      });
    }

    it('refuses an approver who may click elsewhere but is read-only for this customer', async () => {
      const { w, approver, click } = await approvalWorld();
      await w.t.db
        .updateTable('user_customers')
        .set({ read_only: true })
        .where('user_id', '=', approver.user.id)
        .where('customer_id', '=', w.customer.id)
        .execute();
      const detail = await w.t.app.inject({
        method: 'GET',
        url: `/rest/purchase/click/${click.id}`,
        headers: bearer(approver.token),
      });
      expect(ClickDetailSchema.parse(detail.json()).mayDecide).toBe(false);
      expect((await decide(w, click.id, 'approve', approver.token)).statusCode).toBe(403);
      await w.t.db
        .updateTable('user_customers')
        .set({ read_only: false, click_authorized: false })
        .where('user_id', '=', approver.user.id)
        .execute();
      expect((await decide(w, click.id, 'reject', approver.token)).statusCode).toBe(403);
    });

    it('waits for a second user, who approves it into progress', async () => {
      const { w, approver, click } = await approvalWorld();
      expect(click.status).toBe('PENDING_APPROVAL');
      expect(click.inProgress).toBe(true);
      const seenBy = async (token: string) =>
        ClickDetailSchema.parse(
          (
            await w.t.app.inject({
              method: 'GET',
              url: `/rest/purchase/click/${click.id}`,
              headers: bearer(token),
            })
          ).json(),
        ).mayDecide;
      expect(await seenBy(w.token)).toBe(false);
      expect(await seenBy(approver.token)).toBe(true);
      expect((await decide(w, click.id, 'approve', w.token)).statusCode).toBe(403);
      const viewer = await secondUser(w, { readOnly: true });
      expect((await decide(w, click.id, 'approve', viewer.token)).statusCode).toBe(403);
      const approved = await decide(w, click.id, 'approve', approver.token);
      expect(ClickDetailSchema.parse(approved.json())).toMatchObject({
        status: 'IN_PROGRESS',
        decidedBy: expect.any(String),
      });
      expect(codeOf(await decide(w, click.id, 'reject', approver.token))).toBe('CLICK_NOT_PENDING');
      w.t.clock.advance(10_000);
      expect((await w.t.app.purchase.desk.runOnce()).completed).toBe(1);
    });

    it('a rejection gives the volume back', async () => {
      const { w, approver, click } = await approvalWorld();
      expect(await clickedIn(w.t.db, w.contract.id, 'Peak', [1, 2, 3])).toBe('75');
      const rejected = await decide(w, click.id, 'reject', approver.token);
      expect(ClickDetailSchema.parse(rejected.json()).status).toBe('REJECTED');
      expect(await clickedIn(w.t.db, w.contract.id, 'Peak', [1, 2, 3])).toBe('0');
      const kinds = await w.t.db
        .selectFrom('notifications')
        .select('kind')
        .where('user_id', '=', w.user.id)
        .orderBy('id')
        .execute();
      expect(kinds.map((row) => row.kind)).toEqual(['CLICK_PENDING_APPROVAL', 'CLICK_REJECTED']);
    });

    it('approval waits out a pause and expires when the window has closed', async () => {
      const { w, approver, click } = await approvalWorld();
      await w.t.db.updateTable('trading_status').set({ pauze_active: true }).execute();
      expect(codeOf(await decide(w, click.id, 'approve', approver.token))).toBe('DC_35');
      await w.t.db.updateTable('trading_status').set({ pauze_active: false }).execute();
    });

    it('a click whose window closed before approval expires', async () => {
      const w = await setUp();
      await requireApproval(w);
      w.t.clock.set('2026-11-20T14:50:00Z'); // 15:50 Amsterdam
      await relogin(w);
      const click = await executeOk(w, (await quoteOk(w)).quoteId);
      w.t.clock.set('2026-11-20T15:05:00Z'); // 16:05: OTC closed, within the 30 minutes
      const approver = await secondUser(w);
      expect(codeOf(await decide(w, click.id, 'approve', approver.token))).toBe('DC_36');
      const row = await w.t.db
        .selectFrom('clicks')
        .select('status')
        .where('id', '=', click.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('EXPIRED');
      expect(await clickedIn(w.t.db, w.contract.id, 'Peak', [1, 2, 3])).toBe('0');
    });

    it('the desk expires a click not approved in time', async () => {
      const { w, click } = await approvalWorld();
      w.t.clock.advance(29 * 60_000);
      expect(await w.t.app.purchase.desk.runOnce()).toEqual({ completed: 0, expired: 0 });
      w.t.clock.advance(60_000);
      expect(await w.t.app.purchase.desk.runOnce()).toEqual({ completed: 0, expired: 1 });
      const row = await w.t.db
        .selectFrom('clicks')
        .select('status')
        .where('id', '=', click.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('EXPIRED');
      expect(await clickedIn(w.t.db, w.contract.id, 'Peak', [1, 2, 3])).toBe('0');
      expect(w.clickUpdates).toHaveLength(2);
    });
  });
});
