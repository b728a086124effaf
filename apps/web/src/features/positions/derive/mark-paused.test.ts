import { describe, expect, it } from 'vitest';
import { aContract } from '../../../test/position-builders';
import { statusesOfYear } from './grid-rows';
import { markPaused } from './mark-paused';

describe('positions while clicking is paused', () => {
  it('makes every position not clickable with DC_35, except those the user may not click (DC_34)', () => {
    const contract = aContract({
      status: (maturity) =>
        maturity === 'Q2'
          ? { clickable: false, disableClickReason: 'DC_21' }
          : maturity === 'M5'
            ? { clickable: false, disableClickReason: 'DC_34' }
            : {},
    });
    const paused = markPaused(contract);
    const reasons = Object.fromEntries(
      statusesOfYear(paused, 2027).map((status) => [status.maturity, status.disableClickReason]),
    );
    expect(reasons.Y).toBe('DC_35');
    expect(reasons.Q2).toBe('DC_35');
    expect(reasons.M5).toBe('DC_34');
    expect(statusesOfYear(paused, 2028).every((status) => !status.clickable)).toBe(true);
    expect(contract.statusPerContract.yearStatuses[0]?.clickable).toBe(true);
  });
});
