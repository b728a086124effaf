import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, ErrorBodySchema, TotpEnrolmentSchema } from '@klik/api';
import { bearer } from '../../../test/test-app';
import { SMS_MAX_ATTEMPTS } from '../../kernel/one-time-codes/sms-code';
import { postExecute, purchaseWorlds, quoteOk, type PurchaseWorld } from './purchase-test-kit';
import { onPostgres } from '../../../test/test-database';

const openWorld = purchaseWorlds();

function codeNow(w: PurchaseWorld, secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(w.t.clock.now().getTime() / 1000) });
}

function otherThan(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

/** A customer that requires SMS codes, its user with an authenticator app set up. */
async function totpWorld(allowTotp: boolean): Promise<{ w: PurchaseWorld; secret: string }> {
  const w = await openWorld({ env: { QUOTE_LIFETIME_SECONDS: '900' } });
  await w.t.db
    .updateTable('customers')
    .set({ require_sms: true, allow_totp: allowTotp })
    .where('id', '=', w.customer.id)
    .execute();
  const started = await w.t.app.inject({
    method: 'POST',
    url: ACCOUNT_PATHS.totp,
    headers: bearer(w.token),
  });
  const { secret } = TotpEnrolmentSchema.parse(started.json());
  const on = await w.t.app.inject({
    method: 'POST',
    url: ACCOUNT_PATHS.totpVerification,
    headers: bearer(w.token),
    payload: { code: await codeNow(w, secret) },
  });
  expect(on.statusCode).toBe(200);
  // The confirming code is spent; the click takes the next one.
  w.t.clock.advance(30_000);
  return { w, secret };
}

function codeOf(response: { body: string }): string {
  return ErrorBodySchema.parse(JSON.parse(response.body)).code;
}

describe(`a click confirmed with the authenticator app on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('is offered by the quote and replaces the SMS code where the customer allows it', async () => {
    const { w, secret } = await totpWorld(true);
    const quote = await quoteOk(w);
    expect(quote.requires).toMatchObject({ sms: true, totp: true });
    const done = await postExecute(w, {
      quoteId: quote.quoteId,
      totpCode: await codeNow(w, secret),
    });
    expect(done.statusCode).toBe(200);
    const factor = await w.t.db
      .selectFrom('sms_verifications')
      .select(['factor', 'verified_at'])
      .where('quote_id', '=', quote.quoteId)
      .executeTakeFirstOrThrow();
    expect(factor.factor).toBe('totp');
    expect(factor.verified_at).not.toBeNull();
  });

  it('counts wrong codes like SMS codes and refuses a code already used', async () => {
    const { w, secret } = await totpWorld(true);
    const first = await quoteOk(w);
    const code = await codeNow(w, secret);
    expect((await postExecute(w, { quoteId: first.quoteId, totpCode: code })).statusCode).toBe(200);

    const second = await quoteOk(w, { maturity: 'Q2' });
    const replayed = await postExecute(w, { quoteId: second.quoteId, totpCode: code });
    expect(ErrorBodySchema.parse(replayed.json())).toMatchObject({
      code: 'SECOND_FACTOR_INVALID',
      details: { attemptsLeft: SMS_MAX_ATTEMPTS - 1 },
    });
    for (let attempt = 2; attempt < SMS_MAX_ATTEMPTS; attempt += 1) {
      const wrong = await postExecute(w, { quoteId: second.quoteId, totpCode: otherThan(code) });
      expect(codeOf(wrong)).toBe('SECOND_FACTOR_INVALID');
    }
    const last = await postExecute(w, { quoteId: second.quoteId, totpCode: otherThan(code) });
    expect(codeOf(last)).toBe('SMS_ATTEMPTS_EXCEEDED');
    w.t.clock.advance(30_000);
    const fresh = await postExecute(w, {
      quoteId: second.quoteId,
      totpCode: await codeNow(w, secret),
    });
    expect(codeOf(fresh)).toBe('SMS_ATTEMPTS_EXCEEDED');
  });

  it('is refused where the customer does not allow it; the SMS code is still asked', async () => {
    const { w, secret } = await totpWorld(false);
    const quote = await quoteOk(w);
    expect(quote.requires.sms).toBe(true);
    expect(quote.requires.totp).toBeUndefined();
    const refused = await postExecute(w, {
      quoteId: quote.quoteId,
      totpCode: await codeNow(w, secret),
    });
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('SECOND_FACTOR_UNAVAILABLE');
    expect(codeOf(await postExecute(w, { quoteId: quote.quoteId }))).toBe('SMS_REQUIRED');
  });

  it('is refused for a user without an app, even where the customer allows it', async () => {
    const { w, secret } = await totpWorld(true);
    await w.t.db.deleteFrom('user_totp').where('user_id', '=', w.user.id).execute();
    const quote = await quoteOk(w);
    expect(quote.requires.totp).toBeUndefined();
    const refused = await postExecute(w, {
      quoteId: quote.quoteId,
      totpCode: await codeNow(w, secret),
    });
    expect(codeOf(refused)).toBe('SECOND_FACTOR_UNAVAILABLE');
  });
});
