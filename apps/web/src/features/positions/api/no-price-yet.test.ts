import { afterEach, describe, expect, it } from 'vitest';
import { aContract } from '../../../test/position-builders';
import { forgetPositionsWaitingForPrice, positionsWaitingForPrice } from './no-price-yet';
import { storeContracts } from './positions-cache';

describe('positions waiting for a price (DC_23, spec section 4)', () => {
  afterEach(() => forgetPositionsWaitingForPrice());

  it('stores a position an update makes unclickable with DC_23 and clears it when it becomes clickable', () => {
    const noPrice = aContract({
      status: (maturity, year) =>
        maturity === 'Q1' && year === 2027 ? { clickable: false, disableClickReason: 'DC_23' } : {},
    });
    storeContracts([noPrice]);
    expect([...positionsWaitingForPrice()]).toEqual(['KL-270001/2027/Q1']);

    // Another reason leaves it stored: it still has no price.
    storeContracts([
      aContract({
        status: (maturity, year) =>
          maturity === 'Q1' && year === 2027
            ? { clickable: false, disableClickReason: 'DC_36' }
            : {},
      }),
    ]);
    expect(positionsWaitingForPrice().has('KL-270001/2027/Q1')).toBe(true);

    storeContracts([aContract()]);
    expect(positionsWaitingForPrice().size).toBe(0);
  });
});
