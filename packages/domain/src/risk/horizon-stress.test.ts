import { describe, expect, it } from 'vitest';
import { periodDeadline } from '../deadline';
import { CRISIS_2021_22 } from './crisis-2021-22';
import { riskHorizon, yearsUntil, YEAR_MS } from './horizon';
import { markToMarket } from './mark-to-market';
import { CRISIS_MONTHS, monthsOfHorizon, stressMove } from './stress';

const AT = new Date('2026-11-24T10:00:00Z');

describe('riskHorizon', () => {
  it('is the last deadline of the open months the click type allows', () => {
    const all = riskHorizon({
      clickType: 'ALL',
      yearOfSupply: 2027,
      openMonths: new Set([3, 12]),
      at: AT,
    });
    expect(all).toEqual(periodDeadline({ maturity: 'M12', yearOfSupply: 2027 }).closesAt);
    const year = riskHorizon({
      clickType: 'YEAR',
      yearOfSupply: 2027,
      openMonths: new Set([12]),
      at: AT,
    });
    expect(year).toEqual(periodDeadline({ maturity: 'Y', yearOfSupply: 2027 }).closesAt);
  });

  it('is null when nothing open can still be clicked', () => {
    expect(
      riskHorizon({ clickType: 'ALL', yearOfSupply: 2027, openMonths: new Set(), at: AT }),
    ).toBeNull();
    expect(
      riskHorizon({ clickType: 'YEAR', yearOfSupply: 2026, openMonths: new Set([12]), at: AT }),
    ).toBeNull();
  });

  it('counts years of 365.25 days, never below 0', () => {
    expect(yearsUntil(AT, new Date(AT.getTime() + YEAR_MS))).toBe(1);
    expect(yearsUntil(AT, new Date(AT.getTime() - 1000))).toBe(0);
    expect(yearsUntil(AT, null)).toBe(0);
  });
});

describe('stressMove', () => {
  it('shocks flat at once', () => {
    expect(stressMove('PLUS_50', 'TTF_GAS', 0)).toBe(0.5);
    expect(stressMove('PLUS_100', 'NL_POWER_PEAK', 3)).toBe(1);
    expect(stressMove('MINUS_30', 'NL_POWER_OFFPEAK', 30)).toBe(-0.3);
  });

  it('moves 2021-22 cumulatively up to the horizon, at most its 15 months', () => {
    expect(CRISIS_MONTHS).toBe(15);
    expect(stressMove('CRISIS_2021_22', 'TTF_GAS', 0)).toBe(0);
    const first = CRISIS_2021_22[0]!;
    expect(stressMove('CRISIS_2021_22', 'TTF_GAS', 3)).toBeCloseTo(15.43 / first.ttf - 1, 12);
    expect(stressMove('CRISIS_2021_22', 'NL_POWER_PEAK', 40)).toBeCloseTo(447.25 / 56.12 - 1, 12);
  });

  it('counts a started month as a month', () => {
    expect(monthsOfHorizon(0)).toBe(0);
    expect(monthsOfHorizon(1)).toBe(12);
    expect(monthsOfHorizon(1 / 24)).toBe(1);
  });
});

describe('markToMarket', () => {
  it('values the clicks against today and the open volume at today’s price', () => {
    expect(
      markToMarket({
        clickedVolume: '1000',
        openVolume: '500.5',
        averageClickPrice: '40.12345',
        todayClickPrice: '45',
      }),
    ).toEqual({ result: '4876.55', resultPerMwh: '4.8766', openValue: '22522.50' });
  });

  it('says nothing it cannot know', () => {
    expect(
      markToMarket({
        clickedVolume: '0',
        openVolume: '10',
        averageClickPrice: null,
        todayClickPrice: '45',
      }),
    ).toEqual({ result: null, resultPerMwh: null, openValue: '450.00' });
    expect(
      markToMarket({
        clickedVolume: '1',
        openVolume: '10',
        averageClickPrice: '40',
        todayClickPrice: null,
      }),
    ).toEqual({ result: null, resultPerMwh: null, openValue: null });
  });
});
