import { describe, expect, it } from 'vitest';
import {
  flagLoadingAtLogin,
  flagPendingAfterPurchase,
  positionKey,
  trackNoPriceYet,
  type StoredPosition,
} from './position-flags';

const stored: StoredPosition[] = [
  { maturity: 'Y', yearOfSupply: 2027, clickable: true, disableClickReason: null },
  { maturity: 'Q1', yearOfSupply: 2027, clickable: true, disableClickReason: null },
  { maturity: 'Q2', yearOfSupply: 2027, clickable: true, disableClickReason: null },
  { maturity: 'M2', yearOfSupply: 2027, clickable: true, disableClickReason: null },
  { maturity: 'M2', yearOfSupply: 2028, clickable: true, disableClickReason: null },
  { maturity: 'M5', yearOfSupply: 2027, clickable: false, disableClickReason: 'DC_12' },
];

describe('position flags', () => {
  it('sets DC_31 on every overlapping position right after a purchase', () => {
    const after = flagPendingAfterPurchase(stored, { maturity: 'M2', yearOfSupply: 2027 });
    expect(after.map((p) => p.disableClickReason)).toEqual([
      'DC_31',
      'DC_31',
      null,
      'DC_31',
      null,
      'DC_12',
    ]);
    expect(after.filter((p) => p.disableClickReason === 'DC_31').every((p) => !p.clickable)).toBe(
      true,
    );
    expect(stored[0]?.clickable).toBe(true);
  });

  it('sets DC_37 on every stored position at login', () => {
    const after = flagLoadingAtLogin(stored);
    expect(after.every((p) => !p.clickable && p.disableClickReason === 'DC_37')).toBe(true);
    expect(after).toHaveLength(stored.length);
  });

  it('stores DC_23 when an update makes a position unclickable for it and clears it when clickable', () => {
    const key = positionKey('C-1', { maturity: 'Q1', yearOfSupply: 2027 });
    expect(key).toBe('C-1/2027/Q1');
    const empty: ReadonlySet<string> = new Set();
    const waiting = trackNoPriceYet(empty, key, { clickable: false, disableClickReason: 'DC_23' });
    expect([...waiting]).toEqual([key]);
    expect(trackNoPriceYet(waiting, key, { clickable: false, disableClickReason: 'DC_23' })).toBe(
      waiting,
    );
    // Another reason neither stores nor clears.
    expect(trackNoPriceYet(waiting, key, { clickable: false, disableClickReason: 'DC_36' })).toBe(
      waiting,
    );
    expect(trackNoPriceYet(empty, key, { clickable: false, disableClickReason: 'DC_36' })).toBe(
      empty,
    );
    const cleared = trackNoPriceYet(waiting, key, { clickable: true, disableClickReason: null });
    expect(cleared.has(key)).toBe(false);
    expect(waiting.has(key)).toBe(true);
    expect(trackNoPriceYet(empty, key, { clickable: true, disableClickReason: null })).toBe(empty);
  });
});
