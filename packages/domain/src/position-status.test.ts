import { describe, expect, it } from 'vitest';
import {
  buildPositionStatus,
  groupStatuses,
  summarizeYears,
  type PositionStatusInput,
} from './position-status';

function input(overrides: Partial<PositionStatusInput> = {}): PositionStatusInput {
  return {
    clickType: null,
    marketOption: 'OTC_ONLY',
    period: { maturity: 'Y', yearOfSupply: 2027 },
    parts: [
      {
        name: 'Peak',
        totalVolume: '100',
        clickedVolume: '40',
        weightedAvgClickPrice: '80.5',
        offerPart: { marketPrice: '85' },
        iceOfferPart: null,
      },
      {
        name: 'OffPeak',
        totalVolume: '300',
        clickedVolume: '0',
        weightedAvgClickPrice: null,
        offerPart: { marketPrice: '70' },
        iceOfferPart: null,
      },
    ],
    autoclickPercentage: '50',
    at: new Date('2026-11-20T10:00:00Z'),
    paused: false,
    userMayClick: true,
    pendingOverlappingClick: false,
    ...overrides,
  };
}

describe('position status', () => {
  it('combines clickability, percentages and open volume per part', () => {
    const status = buildPositionStatus(input());
    expect(status).toMatchObject({
      maturity: 'Y',
      yearOfSupply: 2027,
      clickable: true,
      disableClickReason: null,
      clickedPercentage: '10',
      autoclickPercentage: '50',
    });
    expect(status.contractParts.map((p) => p.volumeNotClicked)).toEqual(['60', '300']);
    expect(status.contractParts[0]?.weightedAvgClickPrice).toBe('80.5');
  });

  it('carries the reason when not clickable', () => {
    const status = buildPositionStatus(input({ paused: true }));
    expect(status.clickable).toBe(false);
    expect(status.disableClickReason).toBe('DC_35');
  });

  it('groups statuses by period type', () => {
    const statuses = (['M1', 'Y', 'Q2', 'M3'] as const).map((maturity) => ({ maturity }));
    expect(groupStatuses(statuses)).toEqual({
      yearStatuses: [{ maturity: 'Y' }],
      quarterStatuses: [{ maturity: 'Q2' }],
      monthStatuses: [{ maturity: 'M1' }, { maturity: 'M3' }],
    });
  });

  it('summarises the percentages of every year of supply', () => {
    const y2027 = buildPositionStatus(input());
    const q2028 = buildPositionStatus(
      input({ period: { maturity: 'Q1', yearOfSupply: 2028 }, autoclickPercentage: '0' }),
    );
    // 2027: 40 of 400 clicked = 10%, half of it automatically = 5%.
    // 2028: only Q1 at 10%, so 10 / 4 = 2.5%.
    expect(summarizeYears([2027, 2028, 2029], [y2027, q2028])).toEqual({
      clickPercentagePerYear: { 2027: '10', 2028: '2.5', 2029: '0' },
      manualClickPercentagePerYear: { 2027: '5', 2028: '2.5', 2029: '0' },
      autoClickPercentagePerYear: { 2027: '5', 2028: '0', 2029: '0' },
    });
  });
});
