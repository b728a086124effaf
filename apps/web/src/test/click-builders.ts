import type { ClickDetail, Results } from '@klik/api';

/** A click as the server details it: an OTC click in progress, made by someone else. */
export function aClickDetail(overrides: Partial<ClickDetail> = {}): ClickDetail {
  return {
    id: 501,
    customerId: 11,
    contractId: 'KL-270001',
    commodity: 'Gas',
    product: 'Gas TTF',
    yearOfSupply: 2027,
    maturity: 'Q1',
    market: 'OTC',
    priceSource: 'OTC_LIVE',
    status: 'IN_PROGRESS',
    inProgress: true,
    auto: false,
    createdAt: '2026-11-20T10:15:00.000Z',
    completedAt: null,
    createdBy: 'Piet Jansen',
    createdByImpersonator: null,
    decidedBy: null,
    decidedAt: null,
    approvalDeadline: null,
    mayDecide: false,
    parts: [
      {
        name: 'Gas',
        volume: '225',
        price: '86.7675',
        marketPrice: '85.255',
        markUp: '1.5',
        transactionFee: '0.0125',
        cost: '19522.69',
      },
    ],
    totalCost: '19522.69',
    ...overrides,
  };
}

type ResultPart = Results['data'][number]['parts'][number];

/** A part of the results: 100 MWh fixed once at 80 EUR/MWh, the market around it. */
export function aResultPart(overrides: Partial<ResultPart> = {}): ResultPart {
  return {
    name: 'Gas',
    totalVolume: '1000',
    fixedVolume: '100',
    fixedPercentage: '10',
    weightedAvgClickPrice: '80',
    fixes: [
      { clickId: 7, at: '2026-10-01T09:00:00.000Z', maturity: 'Y', volume: '100', price: '80' },
    ],
    market: [
      { at: '2026-09-30T09:00:00.000Z', price: '79.5' },
      { at: '2026-10-02T09:00:00.000Z', price: '81.25' },
    ],
    ...overrides,
  };
}
