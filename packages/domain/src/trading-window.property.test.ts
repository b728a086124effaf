import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amsterdamDate, amsterdamInstant } from './amsterdam-time';
import { MARKET_OPTIONS } from './contract';
import { ICE_ENDEX_CALENDAR } from './trading-calendar';
import { isWindowOpen, windowState } from './trading-window';

const instant = fc
  .integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2029, 0, 1) })
  .map((ms) => new Date(ms));
const option = fc.constantFrom(...MARKET_OPTIONS);

describe('trading window properties', () => {
  it('is never open on a day without trading', () => {
    fc.assert(
      fc.property(instant, option, (at, marketOption) => {
        if (!ICE_ENDEX_CALENDAR.isTradingDay(amsterdamDate(at))) {
          expect(isWindowOpen(at, { marketOption })).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('opens OTC exactly on trading days from 10:00 to 16:00 Amsterdam time', () => {
    fc.assert(
      fc.property(instant, option, (at, marketOption) => {
        const day = amsterdamDate(at);
        const expected =
          ICE_ENDEX_CALENDAR.isTradingDay(day) &&
          at >= amsterdamInstant(day, { hour: 10, minute: 0 }) &&
          at < amsterdamInstant(day, { hour: 16, minute: 0 });
        expect(isWindowOpen(at, { marketOption, market: 'OTC' })).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('always answers a next opening after now and a closing after that', () => {
    fc.assert(
      fc.property(instant, option, (at, marketOption) => {
        const state = windowState(at, { marketOption });
        expect(state.nextOpen!.getTime()).toBeGreaterThan(at.getTime());
        expect(state.nextClose!.getTime()).toBeGreaterThan(at.getTime());
        if (!state.open)
          expect(state.nextClose!.getTime()).toBeGreaterThan(state.nextOpen!.getTime());
        // Just before the next opening, the window is closed.
        expect(isWindowOpen(new Date(state.nextOpen!.getTime() - 1), { marketOption })).toBe(false);
        expect(isWindowOpen(state.nextOpen!, { marketOption })).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
