import type { DecimalString } from './decimal';

export type Commodity = 'Power' | 'Gas';
export const COMMODITIES: readonly Commodity[] = ['Power', 'Gas'];

/** Gas contracts have one part; power contracts a Peak and an OffPeak part. */
export type ContractPartName = 'Gas' | 'Peak' | 'OffPeak';

/** The market an order goes to. */
export type Market = 'OTC' | 'ICE';
export const MARKETS: readonly Market[] = ['OTC', 'ICE'];

/** Which markets and fixings a contract may click on (see trading-window.ts). */
export type MarketOption = 'OTC_ONLY' | 'PRE_EOD' | 'PRE_EOD_AND_OVERNIGHT';
export const MARKET_OPTIONS: readonly MarketOption[] = [
  'OTC_ONLY',
  'PRE_EOD',
  'PRE_EOD_AND_OVERNIGHT',
];

/** An OTC offer; marketPrice in EUR/MWh, null while the market has not quoted one. */
export interface OtcOffer {
  marketPrice: DecimalString | null;
}

/** An ICE Endex offer; marketPrice is the last known ICE price in EUR/MWh, if any. */
export interface IceOffer {
  marketPrice: DecimalString | null;
}

/**
 * The volumes and offers of one contract part for one position, as the spec's contract part.
 * Volumes in MWh.
 */
export interface ContractPartVolumes {
  name: ContractPartName;
  totalVolume: DecimalString;
  clickedVolume: DecimalString;
  offerPart: OtcOffer | null;
  iceOfferPart: IceOffer | null;
}
