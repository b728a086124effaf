import type { ContractPartName } from '../contract';

/** The market products whose prices the risk model simulates (docs/risk.md). */
export const RISK_PRODUCTS = ['NL_POWER_PEAK', 'NL_POWER_OFFPEAK', 'TTF_GAS'] as const;
export type RiskProduct = (typeof RISK_PRODUCTS)[number];

/** Which simulated product moves a contract part's price: Peak, OffPeak and Gas in that order. */
export const RISK_PRODUCT_OF_PART: Readonly<Record<ContractPartName, RiskProduct>> = {
  Peak: 'NL_POWER_PEAK',
  OffPeak: 'NL_POWER_OFFPEAK',
  Gas: 'TTF_GAS',
};
