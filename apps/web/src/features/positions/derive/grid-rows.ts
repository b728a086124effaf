import {
  MATURITIES,
  clickTypeAllows,
  isYearOffered,
  type DisableClickReason,
  type Market,
  type MarketOption,
  type Maturity,
} from '@klik/domain';
import type { ContractData, ContractPart, Status } from '@klik/api';

/** The screen a clickable maturity leads to (spec section 2). */
export function startPurchasePath(contractId: string, year: number, maturity: Maturity): string {
  return `/startpurchase/${encodeURIComponent(contractId)}/${year}/${maturity}`;
}

/** A year's statuses in grid order: Y, Q1-Q4, M1-M12. */
export function statusesOfYear(contract: ContractData, year: number): Status[] {
  const { yearStatuses, quarterStatuses, monthStatuses } = contract.statusPerContract;
  const ofYear = [...yearStatuses, ...quarterStatuses, ...monthStatuses].filter(
    (status) => status.yearOfSupply === year,
  );
  return MATURITIES.flatMap((maturity) => ofYear.filter((status) => status.maturity === maturity));
}

/** Whether any maturity of the year can be clicked now (domain isYearOffered). */
export function yearOffered(contract: ContractData, year: number): boolean {
  return isYearOffered(statusesOfYear(contract, year));
}

/** One market's offer for a part: the price quoted there and what a click would cost. */
export interface GridPrice {
  marketPrice: string | null;
  /** Market price + mark-up + transaction fees; null without a market price. */
  clickPrice: string | null;
  quotedAt: string | null;
}

export interface GridPart {
  name: ContractPart['name'];
  openVolume: string;
  totalVolume: string;
  /** Null where the market has no offer for the part. */
  prices: Readonly<Record<Market, GridPrice | null>>;
}

export type GridAction =
  { kind: 'click'; href: string } | { kind: 'disabled'; reason: DisableClickReason | null };

export interface GridRow {
  maturity: Maturity;
  yearOfSupply: number;
  clickedPercentage: string;
  /** False when the contract's click type never allows this maturity (it is shown all the same). */
  allowedByClickType: boolean;
  action: GridAction;
  parts: GridPart[];
}

function gridPrice(offer: ContractPart['offerPart']): GridPrice | null {
  if (offer === null) return null;
  return { marketPrice: offer.marketPrice, clickPrice: offer.clickPrice, quotedAt: offer.quotedAt };
}

function gridPart(part: ContractPart): GridPart {
  return {
    name: part.name,
    openVolume: part.volumeNotClicked,
    totalVolume: part.totalVolume,
    prices: { OTC: gridPrice(part.offerPart), ICE: gridPrice(part.iceOfferPart) },
  };
}

function action(contract: ContractData, status: Status, readOnly: boolean): GridAction {
  // The server already answers DC_34 for a read-only session; the web never offers a click to
  // one either, whatever arrives.
  if (readOnly) return { kind: 'disabled', reason: 'DC_34' };
  if (status.clickable) {
    return {
      kind: 'click',
      href: startPurchasePath(contract.contractId, status.yearOfSupply, status.maturity),
    };
  }
  return { kind: 'disabled', reason: status.disableClickReason };
}

/** The rows of a contract's grid for one year of supply. */
export function gridRows(
  contract: ContractData,
  year: number,
  options: { readOnly: boolean },
): GridRow[] {
  return statusesOfYear(contract, year).map((status) => ({
    maturity: status.maturity,
    yearOfSupply: status.yearOfSupply,
    clickedPercentage: status.clickedPercentage,
    allowedByClickType: clickTypeAllows(contract.clickType, status.maturity),
    action: action(contract, status, options.readOnly),
    parts: status.contractParts.map(gridPart),
  }));
}

/** The markets whose prices the grid can show: OTC always, ICE Endex unless the contract is OTC only. */
export function gridMarkets(clickOption: MarketOption): readonly Market[] {
  return clickOption === 'OTC_ONLY' ? ['OTC'] : ['OTC', 'ICE'];
}

/** The market the grid shows: the user's choice where the contract offers it, OTC otherwise. */
export function shownMarket(chosen: Market | null, markets: readonly Market[]): Market {
  return chosen !== null && markets.includes(chosen) ? chosen : 'OTC';
}

/** The part names of a year's grid, in the order of its rows' parts (columns of the grid). */
export function gridPartNames(rows: readonly GridRow[]): ContractPart['name'][] {
  const names: ContractPart['name'][] = [];
  for (const row of rows) {
    for (const part of row.parts) if (!names.includes(part.name)) names.push(part.name);
  }
  return names;
}
