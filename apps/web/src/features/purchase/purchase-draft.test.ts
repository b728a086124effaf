import { afterEach, describe, expect, it } from 'vitest';
import { learnServerTime, resetServerClock, serverNow } from '../../shared/time/server-clock';
import { secondsLeft } from './derive/countdown';
import { quoteDeadline, startDraft, withQuote, type PurchaseDraft } from './purchase-draft';
import { aQuote } from './test-builders';

const choice = {
  customerId: 11,
  contractId: 'KL-270001',
  product: 'Gas TTF',
  yearOfSupply: 2027,
  maturity: 'Q1' as const,
  market: 'OTC' as const,
  runOut: false,
};

afterEach(() => {
  resetServerClock();
});

describe('purchase draft', () => {
  it('gives every new quote a new idempotency key and keeps it with the quote', () => {
    const draft = startDraft(choice, null);
    const first = withQuote(draft, aQuote());
    const second = withQuote(first, aQuote({ quoteId: '5a0c9e2d-1b3f-4d6a-8e7c-9f0a1b2c3d4e' }));
    expect(first.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/);
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
    expect(withQuote(second, null)).toMatchObject({ quote: null, idempotencyKey: null });
  });

  it('counts the quote lifetime from its arrival, whatever the computer clock says', () => {
    // The server quoted at 10:00 for 5 minutes; this browser's clock is an hour behind.
    const quote = aQuote({
      createdAt: '2026-11-20T10:00:00.000Z',
      expiresAt: '2026-11-20T10:05:00.000Z',
    });
    const draft = withQuote(startDraft(choice, null), quote, new Date('2026-11-20T09:00:02.000Z'));
    expect(new Date(quoteDeadline(draft)).toISOString()).toBe('2026-11-20T09:05:02.000Z');
  });

  it('counts down on the portal clock the countdown reads, when it differs from the computer', () => {
    // The server's clock is three days behind this computer's (a test portal at CLOCK_START).
    const now = Date.now();
    learnServerTime(new Date(now - 3 * 86_400_000).toISOString(), now, now);
    const quote = aQuote({
      createdAt: '2026-11-20T10:00:00.000Z',
      expiresAt: '2026-11-20T10:05:00.000Z',
    });
    const deadline = quoteDeadline(withQuote(startDraft(choice, null), quote));
    expect(secondsLeft(deadline, serverNow())).toBeGreaterThan(295);
    expect(secondsLeft(deadline, serverNow() + 301_000)).toBe(0);
  });

  it('keeps the share when the same position is started again, not for another one', () => {
    const earlier: PurchaseDraft = { ...startDraft(choice, null), percentage: '25' };
    expect(startDraft(choice, earlier).percentage).toBe('25');
    expect(startDraft({ ...choice, maturity: 'Q2' }, earlier).percentage).toBe('');
  });
});
