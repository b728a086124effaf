import type { Quote, QuotePart } from '@klik/api';

/** A quoted part as the server answers it (numbers from docs/domain.md's pricing example). */
export function aQuotePart(overrides: Partial<QuotePart> = {}): QuotePart {
  return {
    name: 'Peak',
    volume: '250',
    openVolume: '250',
    totalVolume: '1000',
    marketPrice: '85.255',
    markUp: '1.5',
    transactionFee: '0.0125',
    clickPrice: '86.7675',
    cost: '21691.88',
    runoutApplied: false,
    limits: { min: '50', max: '250' },
    ...overrides,
  };
}

export function aQuote(overrides: Partial<Quote> = {}): Quote {
  const createdAt = overrides.createdAt ?? new Date().toISOString();
  return {
    quoteId: '3f1d2c4b-5a6e-4f70-8a91-b2c3d4e5f601',
    customerId: 11,
    contractId: 'KL-270001',
    yearOfSupply: 2027,
    maturity: 'Q1',
    market: 'OTC',
    priceSource: 'OTC_LIVE',
    createdAt,
    expiresAt: new Date(Date.parse(createdAt) + 5 * 60_000).toISOString(),
    parts: [aQuotePart()],
    totalCost: '21691.88',
    requires: { termsVersion: null, sms: false, approval: false },
    ...overrides,
  };
}
