import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toDec } from './decimal';
import {
  checkStandingOrder,
  lapseByTime,
  quoteMeetsTrigger,
  refusalOutcome,
  triggerMetBy,
  worthQuoting,
} from './standing-order';

const deadline = { lastTradingDay: '2027-03-31', closesAt: new Date('2027-03-31T14:00:00Z') };
const morning = new Date('2027-01-15T09:00:00Z');

describe('triggerMetBy', () => {
  it('meets a limit at or below it and a stop at or above it, to the last decimal', () => {
    expect(triggerMetBy({ limit: '80.1234', stop: null }, '80.1234')).toBe('LIMIT');
    expect(triggerMetBy({ limit: '80.1234', stop: null }, '80.12341')).toBeNull();
    expect(triggerMetBy({ limit: null, stop: '90' }, '90.0000')).toBe('STOP');
    expect(triggerMetBy({ limit: null, stop: '90' }, '89.9999')).toBeNull();
    expect(triggerMetBy({ limit: '80', stop: '90' }, '85')).toBeNull();
    expect(triggerMetBy({ limit: '80', stop: '90' }, '79')).toBe('LIMIT');
    expect(triggerMetBy({ limit: '80', stop: '90' }, '91')).toBe('STOP');
  });
});

describe('quoteMeetsTrigger', () => {
  it('judges one part by its click price', () => {
    const parts = [{ volume: '10', clickPrice: '50.005' }];
    expect(quoteMeetsTrigger({ limit: '50.005', stop: null }, parts)).toBe('LIMIT');
    expect(quoteMeetsTrigger({ limit: '50.004', stop: null }, parts)).toBeNull();
    expect(quoteMeetsTrigger({ limit: null, stop: '50.005' }, parts)).toBe('STOP');
  });

  it('judges several parts by their volume-weighted average, exactly', () => {
    // (1 x 80 + 2 x 60) / 3 = 66.666..., which no finite decimal equals.
    const parts = [
      { volume: '1', clickPrice: '80' },
      { volume: '2', clickPrice: '60' },
    ];
    expect(quoteMeetsTrigger({ limit: '66.6667', stop: null }, parts)).toBe('LIMIT');
    expect(quoteMeetsTrigger({ limit: '66.6666', stop: null }, parts)).toBeNull();
    expect(quoteMeetsTrigger({ limit: null, stop: '66.6666' }, parts)).toBe('STOP');
    expect(quoteMeetsTrigger({ limit: null, stop: '66.6667' }, parts)).toBeNull();
  });

  it('is never met by a quote without volume', () => {
    expect(quoteMeetsTrigger({ limit: '100', stop: '1' }, [])).toBeNull();
    expect(
      quoteMeetsTrigger({ limit: '100', stop: null }, [{ volume: '0', clickPrice: '1' }]),
    ).toBeNull();
  });
});

// Prices in EUR/MWh with up to 4 decimals, volumes in MWh with up to 3.
const scaled = (min: bigint, max: bigint, decimals: number) =>
  fc.bigInt({ min, max }).map((n) =>
    toDec(n.toString())
      .div(10 ** decimals)
      .toFixed(),
  );
const price = scaled(1n, 5_000_000n, 4);
const volume = scaled(1n, 100_000_000n, 3);

describe('trigger properties', () => {
  it('a single price meets the limit exactly when it is at or below it, the stop at or above', () => {
    fc.assert(
      fc.property(price, price, (threshold, value) => {
        const below = toDec(value).lte(toDec(threshold));
        const above = toDec(value).gte(toDec(threshold));
        expect(triggerMetBy({ limit: threshold, stop: null }, value) === 'LIMIT').toBe(below);
        expect(triggerMetBy({ limit: null, stop: threshold }, value) === 'STOP').toBe(above);
      }),
    );
  });

  it('one-cancels-other: with the limit below the stop a price meets exactly one or neither', () => {
    fc.assert(
      fc.property(price, price, price, (a, b, value) => {
        fc.pre(!toDec(a).eq(toDec(b)));
        const [limit, stop] = toDec(a).lt(toDec(b)) ? [a, b] : [b, a];
        const met = triggerMetBy({ limit, stop }, value);
        const v = toDec(value);
        if (v.lte(toDec(limit))) expect(met).toBe('LIMIT');
        else if (v.gte(toDec(stop))) expect(met).toBe('STOP');
        else expect(met).toBeNull();
      }),
    );
  });

  it('a quote of one part decides as its click price alone would', () => {
    fc.assert(
      fc.property(price, price, price, volume, (limit, stop, clickPrice, vol) => {
        const trigger = { limit, stop };
        expect(quoteMeetsTrigger(trigger, [{ volume: vol, clickPrice }])).toBe(
          triggerMetBy(trigger, clickPrice),
        );
      }),
    );
  });

  it('a quote whose parts all meet the limit meets it; one whose parts all miss it misses', () => {
    fc.assert(
      fc.property(
        price,
        fc.array(fc.record({ volume, clickPrice: price }), { minLength: 1, maxLength: 3 }),
        (limit, parts) => {
          const met = quoteMeetsTrigger({ limit, stop: null }, parts);
          if (parts.every((part) => toDec(part.clickPrice).lte(toDec(limit)))) {
            expect(met).toBe('LIMIT');
          }
          if (parts.every((part) => toDec(part.clickPrice).gt(toDec(limit)))) {
            expect(met).toBeNull();
          }
        },
      ),
    );
  });
});

describe('worthQuoting', () => {
  it('quotes again only on a price better than the one last checked, for the side it watches', () => {
    const limit = { limit: '70', stop: null };
    const stop = { limit: null, stop: '90' };
    const both = { limit: '70', stop: '90' };
    expect(worthQuoting(limit, undefined, '80')).toBe(true);
    expect(worthQuoting(limit, '80', '79.9999')).toBe(true);
    expect(worthQuoting(limit, '80', '80')).toBe(false);
    expect(worthQuoting(limit, '80', '81')).toBe(false);
    expect(worthQuoting(stop, '80', '80.0001')).toBe(true);
    expect(worthQuoting(stop, '80', '79')).toBe(false);
    expect(worthQuoting(both, '80', '79')).toBe(true);
    expect(worthQuoting(both, '80', '81')).toBe(true);
    expect(worthQuoting(both, '80', '80')).toBe(false);
  });

  it('never skips a price that meets the order by itself when the last check did not', () => {
    fc.assert(
      fc.property(price, price, price, (threshold, checked, value) => {
        const trigger = { limit: threshold, stop: null };
        // The checked price did not meet the limit; the new one does: it must be quoted.
        fc.pre(triggerMetBy(trigger, checked) === null && triggerMetBy(trigger, value) !== null);
        expect(worthQuoting(trigger, checked, value)).toBe(true);
      }),
    );
  });
});

describe('refusalOutcome', () => {
  it('lapses what can never change back', () => {
    expect(refusalOutcome('DC_21')).toEqual({ kind: 'lapse', reason: 'DEADLINE_PASSED' });
    expect(refusalOutcome('DC_12')).toEqual({ kind: 'lapse', reason: 'VOLUME_GONE' });
    expect(refusalOutcome('VOLUME_TOO_HIGH')).toEqual({ kind: 'lapse', reason: 'VOLUME_GONE' });
    expect(refusalOutcome('NOT_FOUND')).toEqual({ kind: 'lapse', reason: 'POSITION_GONE' });
    expect(refusalOutcome('FORBIDDEN')).toEqual({ kind: 'lapse', reason: 'NO_ACCESS' });
  });

  it('waits on what the rules refuse for now, naming the code', () => {
    expect(refusalOutcome('DC_36')).toEqual({ kind: 'wait', reason: 'DC_36' });
    expect(refusalOutcome('DC_31')).toEqual({ kind: 'wait', reason: 'DC_31' });
    expect(refusalOutcome('TERMS_NOT_ACCEPTED')).toEqual({
      kind: 'wait',
      reason: 'TERMS_NOT_ACCEPTED',
    });
    expect(refusalOutcome('QUOTE_EXPIRED')).toEqual({ kind: 'wait', reason: 'OTHER' });
  });
});

describe('lapseByTime', () => {
  it('lapses at the deadline and after the last valid day (Amsterdam)', () => {
    const order = { validUntil: '2027-01-15' };
    expect(lapseByTime(order, deadline.closesAt, morning)).toBeNull();
    // 23:30 UTC on the 15th is already the 16th in Amsterdam.
    expect(lapseByTime(order, deadline.closesAt, new Date('2027-01-15T23:30:00Z'))).toBe('EXPIRED');
    expect(lapseByTime({ validUntil: '2027-03-31' }, deadline.closesAt, deadline.closesAt)).toBe(
      'DEADLINE_PASSED',
    );
  });
});

describe('checkStandingOrder', () => {
  const order = { limit: '80', stop: null, validUntil: '2027-02-01' };
  it('accepts a limit, a stop, or both with the limit below the stop', () => {
    expect(checkStandingOrder(order, deadline, morning)).toBeNull();
    expect(checkStandingOrder({ ...order, limit: null, stop: '90' }, deadline, morning)).toBeNull();
    expect(checkStandingOrder({ ...order, stop: '90' }, deadline, morning)).toBeNull();
  });

  it('refuses what cannot be placed', () => {
    expect(checkStandingOrder({ ...order, limit: null }, deadline, morning)).toBe('PRICE_REQUIRED');
    expect(checkStandingOrder({ ...order, limit: '0' }, deadline, morning)).toBe('PRICE_INVALID');
    expect(checkStandingOrder({ ...order, stop: '80' }, deadline, morning)).toBe('PRICE_INVALID');
    expect(checkStandingOrder({ ...order, validUntil: '2027-01-14' }, deadline, morning)).toBe(
      'VALID_UNTIL_INVALID',
    );
    expect(checkStandingOrder({ ...order, validUntil: '2027-04-01' }, deadline, morning)).toBe(
      'VALID_UNTIL_INVALID',
    );
    expect(checkStandingOrder(order, deadline, deadline.closesAt)).toBe('DEADLINE_PASSED');
  });
});
