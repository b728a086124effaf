import { describe, expect, it } from 'vitest';
import {
  clickableMarkets,
  decideClickability,
  hasPendingOverlappingClick,
  isReasonOfEveryPosition,
  isYearOffered,
  offeredYears,
  type ClickabilityInput,
} from './clickability';
import type { ContractPartVolumes } from './contract';
import type { DisableClickReason } from './disable-reasons';
import { createTradingCalendar } from './trading-calendar';

// Friday 2026-11-20 11:00 Amsterdam.
const FRIDAY_11H = new Date('2026-11-20T10:00:00Z');

function part(overrides: Partial<ContractPartVolumes> = {}): ContractPartVolumes {
  return {
    name: 'Peak',
    totalVolume: '100',
    clickedVolume: '40',
    offerPart: { marketPrice: '85.25' },
    iceOfferPart: { marketPrice: '84.9' },
    ...overrides,
  };
}

function input(overrides: Partial<ClickabilityInput> = {}): ClickabilityInput {
  return {
    clickType: 'ALL',
    marketOption: 'PRE_EOD',
    period: { maturity: 'Q1', yearOfSupply: 2027 },
    parts: [part(), part({ name: 'OffPeak', totalVolume: '200', clickedVolume: '0' })],
    at: FRIDAY_11H,
    paused: false,
    userMayClick: true,
    pendingOverlappingClick: false,
    ...overrides,
  };
}

const reason = (i: ClickabilityInput) => decideClickability(i).disableClickReason;

describe('clickability', () => {
  it('is clickable on every open market that has offers and a price', () => {
    const result = decideClickability(input());
    expect(result.clickable).toBe(true);
    expect(result.disableClickReason).toBeNull();
    expect(clickableMarkets(result)).toEqual(['OTC', 'ICE']);
    expect(result.sessions.map((s) => s.priceSource)).toEqual(['OTC_LIVE', 'ICE_END_OF_DAY']);
  });

  // Each change below causes one reason; applied together, the earlier reason must win.
  const causes: [DisableClickReason, (i: ClickabilityInput) => ClickabilityInput][] = [
    ['DC_34', (i) => ({ ...i, userMayClick: false })],
    ['DC_35', (i) => ({ ...i, paused: true })],
    ['DC_10', (i) => ({ ...i, clickType: 'YEAR' })],
    ['DC_21', (i) => ({ ...i, at: new Date('2027-01-04T10:00:00Z') })],
    [
      'DC_12',
      (i) => ({ ...i, parts: i.parts.map((p) => ({ ...p, clickedVolume: p.totalVolume })) }),
    ],
    [
      'DC_11',
      (i) => ({
        ...i,
        parts: i.parts.map((p, n) => (n === 0 ? { ...p, clickedVolume: p.totalVolume } : p)),
      }),
    ],
    ['DC_31', (i) => ({ ...i, pendingOverlappingClick: true })],
    [
      'DC_36',
      (i) => ({
        ...i,
        calendar: createTradingCalendar([{ date: '2026-11-20', name: 'closed' }], [2026]),
      }),
    ],
    [
      'DC_22',
      (i) => ({
        ...i,
        parts: i.parts.map((p, n) => (n === 1 ? { ...p, offerPart: null, iceOfferPart: null } : p)),
      }),
    ],
    [
      'DC_23',
      (i) => ({
        ...i,
        marketOption: 'OTC_ONLY',
        parts: i.parts.map((p) => ({ ...p, offerPart: { marketPrice: null } })),
      }),
    ],
  ];

  it.each(causes.map(([code], index) => [code, index] as const))(
    'answers %s when it and every later cause apply',
    (code, index) => {
      let subject = input();
      for (let n = causes.length - 1; n >= index; n--)
        subject = (causes[n] as (typeof causes)[0])[1](subject);
      expect(reason(subject)).toBe(code);
      // And alone.
      expect(reason((causes[index] as (typeof causes)[0])[1](input()))).toBe(code);
    },
  );

  it('allows a click at 15:59:59 and refuses one at 16:00:00 (OTC only)', () => {
    const base = input({ marketOption: 'OTC_ONLY' });
    expect(reason({ ...base, at: new Date('2026-11-20T14:59:59Z') })).toBeNull();
    expect(reason({ ...base, at: new Date('2026-11-20T15:00:00Z') })).toBe('DC_36');
  });

  it('refuses a position whose only OTC offer is at the 99999999 ceiling', () => {
    const capped = input({
      marketOption: 'OTC_ONLY',
      parts: [part({ name: 'Gas', offerPart: { marketPrice: '99999999' } })],
    });
    expect(reason(capped)).toBe('DC_22');
    const below = input({
      marketOption: 'OTC_ONLY',
      parts: [part({ name: 'Gas', offerPart: { marketPrice: '99999998.99' } })],
    });
    expect(reason(below)).toBeNull();
  });

  it('falls back to ICE when OTC has no price yet', () => {
    const result = decideClickability(
      input({ parts: [part({ name: 'Gas', offerPart: { marketPrice: null } })] }),
    );
    expect(clickableMarkets(result)).toEqual(['ICE']);
  });

  it('uses only the ICE overnight session after 15:30 when OTC is not offered', () => {
    const result = decideClickability(
      input({
        marketOption: 'PRE_EOD_AND_OVERNIGHT',
        at: new Date('2026-11-20T14:45:00Z'),
        parts: [part({ name: 'Gas', offerPart: { marketPrice: null } })],
      }),
    );
    expect(result.sessions.map((s) => s.priceSource)).toEqual(['ICE_OVERNIGHT']);
  });

  it('refuses an ICE-only position: every part needs an offerPart, also for ICE (spec section 5)', () => {
    const iceOnly = input({ parts: [part({ name: 'Gas', offerPart: null })] });
    expect(reason(iceOnly)).toBe('DC_22');
    const onePartWithout = input({
      parts: [part(), part({ name: 'OffPeak', totalVolume: '200', offerPart: null })],
    });
    expect(reason(onePartWithout)).toBe('DC_22');
    // An offerPart without a price still counts: the ICE order goes ahead.
    const unpriced = input({ parts: [part({ name: 'Gas', offerPart: { marketPrice: null } })] });
    expect(clickableMarkets(decideClickability(unpriced))).toEqual(['ICE']);
  });

  it('handles zero volumes: no volume at all is DC_12, an empty part does not close the other', () => {
    const zero = part({ totalVolume: '0', clickedVolume: '0' });
    expect(reason(input({ parts: [zero, { ...zero, name: 'OffPeak' }] }))).toBe('DC_12');
    expect(reason(input({ parts: [] }))).toBe('DC_12');
    expect(reason(input({ parts: [zero, part({ name: 'OffPeak' })] }))).toBeNull();
  });

  it('gives a fully clicked gas position DC_12, not DC_11', () => {
    expect(reason(input({ parts: [part({ name: 'Gas', clickedVolume: '100' })] }))).toBe('DC_12');
  });

  it('lets click type MONTH click months only', () => {
    expect(
      reason(input({ clickType: 'MONTH', period: { maturity: 'M2', yearOfSupply: 2027 } })),
    ).toBeNull();
    expect(reason(input({ clickType: 'MONTH' }))).toBe('DC_10');
  });

  it('finds pending clicks on overlapping positions', () => {
    const period = { maturity: 'M2', yearOfSupply: 2027 } as const;
    expect(
      hasPendingOverlappingClick(period, [
        { maturity: 'Q1', yearOfSupply: 2027, inProgress: true },
      ]),
    ).toBe(true);
    expect(
      hasPendingOverlappingClick(period, [
        { maturity: 'Q1', yearOfSupply: 2027, inProgress: false },
      ]),
    ).toBe(false);
    expect(
      hasPendingOverlappingClick(period, [
        { maturity: 'Q1', yearOfSupply: 2028, inProgress: true },
      ]),
    ).toBe(false);
    expect(
      hasPendingOverlappingClick(period, [
        { maturity: 'M3', yearOfSupply: 2027, inProgress: true },
      ]),
    ).toBe(false);
  });

  it('offers a year when at least one of its positions is clickable', () => {
    expect(isYearOffered([{ clickable: false }, { clickable: true }])).toBe(true);
    expect(isYearOffered([{ clickable: false }])).toBe(false);
    expect(isYearOffered([])).toBe(false);
  });

  it("tells the reasons of every position (the user's, the pause, the window, loading) apart", () => {
    for (const reason of ['DC_34', 'DC_35', 'DC_36', 'DC_37'] as const) {
      expect(isReasonOfEveryPosition(reason), reason).toBe(true);
    }
    for (const reason of ['DC_10', 'DC_11', 'DC_12', 'DC_21', 'DC_22', 'DC_23', 'DC_31'] as const) {
      expect(isReasonOfEveryPosition(reason), reason).toBe(false);
    }
    expect(isReasonOfEveryPosition(null)).toBe(false);
  });

  it('offers only the years of supply with a clickable maturity, in the contract order', () => {
    const statuses = [
      { yearOfSupply: 2027, clickable: false },
      { yearOfSupply: 2027, clickable: true },
      { yearOfSupply: 2028, clickable: false },
      { yearOfSupply: 2029, clickable: true },
      // A status of a year the contract does not supply offers nothing.
      { yearOfSupply: 2031, clickable: true },
    ];
    expect(offeredYears([2029, 2027, 2028, 2030], statuses)).toEqual([2029, 2027]);
    expect(offeredYears([2028], statuses)).toEqual([]);
    expect(offeredYears([], statuses)).toEqual([]);
    expect(offeredYears([2027], [])).toEqual([]);
  });
});
