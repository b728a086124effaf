import { MATURITIES, periodTypeOf, type Maturity } from '@klik/domain';
import type { ContractData, ContractPart, ContractSummary, Status } from '@klik/api';

export function aPart(overrides: Partial<ContractPart> = {}): ContractPart {
  return {
    name: 'Gas',
    clickedVolume: '300',
    totalVolume: '1200',
    volumeNotClicked: '900',
    weightedAvgClickPrice: '80.5',
    offerPart: {
      marketPrice: '85.255',
      clickPrice: '86.7675',
      quotedAt: '2026-11-20T09:00:00.000Z',
    },
    iceOfferPart: {
      marketPrice: '84.1',
      clickPrice: '85.6125',
      quotedAt: '2026-11-20T09:00:00.000Z',
    },
    ...overrides,
  };
}

export function powerParts(): ContractPart[] {
  return [
    aPart({ name: 'Peak', totalVolume: '1000', clickedVolume: '400', volumeNotClicked: '600' }),
    aPart({
      name: 'OffPeak',
      totalVolume: '2000',
      clickedVolume: '200',
      volumeNotClicked: '1800',
      offerPart: { marketPrice: '70.1', clickPrice: '71.6125', quotedAt: null },
      iceOfferPart: null,
    }),
  ];
}

export function aStatus(
  maturity: Maturity,
  yearOfSupply: number,
  overrides: Partial<Status> = {},
): Status {
  return {
    maturity,
    yearOfSupply,
    clickable: true,
    disableClickReason: null,
    clickedPercentage: '25',
    autoclickPercentage: '0',
    contractParts: [aPart()],
    ...overrides,
  };
}

type ContractOverrides = Partial<Omit<ContractData, 'statusPerContract'>> & {
  /** Changes per position, on top of the default status of every maturity of every year. */
  status?: (maturity: Maturity, yearOfSupply: number) => Partial<Status>;
};

/** A contract with all three status lists filled for every year of supply, as the server sends. */
export function aContract({ status, ...overrides }: ContractOverrides = {}): ContractData {
  const yearsOfSupply = overrides.yearsOfSupply ?? [2027, 2028];
  const statuses = yearsOfSupply.flatMap((year) =>
    MATURITIES.map((maturity) => aStatus(maturity, year, status?.(maturity, year))),
  );
  const of = (type: string) => statuses.filter((s) => periodTypeOf(s.maturity) === type);
  return {
    contractId: 'KL-270001',
    customerId: 11,
    commodity: 'Gas',
    product: 'Gas TTF',
    clickType: 'ALL',
    clickOption: 'PRE_EOD',
    runOut: false,
    clicks: [],
    ...overrides,
    // The default pricing IDs, as the server sends them for a product without its own.
    marketProducts:
      overrides.marketProducts ??
      ((overrides.commodity ?? 'Gas') === 'Gas'
        ? { Gas: 'TTF_GAS' }
        : { Peak: 'NL_POWER_PEAK', OffPeak: 'NL_POWER_OFFPEAK' }),
    yearsOfSupply,
    statusPerContract: {
      yearStatuses: of('YEAR'),
      quarterStatuses: of('QUARTER'),
      monthStatuses: of('MONTH'),
    },
  };
}

export function aSummary(overrides: Partial<ContractSummary> = {}): ContractSummary {
  return {
    contractId: 'KL-270001',
    commodity: 'Gas',
    product: 'Gas TTF',
    clickType: 'ALL',
    clickOption: 'PRE_EOD',
    yearsOfSupply: [2027, 2028],
    clickPercentagePerYear: { '2027': '33.33333333333333333333333333333333333333', '2028': '0' },
    manualClickPercentagePerYear: { '2027': '20', '2028': '0' },
    autoClickPercentagePerYear: {
      '2027': '13.33333333333333333333333333333333333333',
      '2028': '0',
    },
    runout: false,
    lastUpdatedDate: '2026-11-20T09:15:00.000Z',
    ...overrides,
  };
}
