import {
  MATURITIES,
  clickTypeAllows,
  isYearOffered,
  type DisableClickReason,
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

export interface GridPart {
  name: ContractPart['name'];
  openVolume: string;
  totalVolume: string;
  otcPrice: string | null;
  icePrice: string | null;
  otcClickPrice: string | null;
  iceClickPrice: string | null;
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

function gridPart(part: ContractPart): GridPart {
  return {
    name: part.name,
    openVolume: part.volumeNotClicked,
    totalVolume: part.totalVolume,
    otcPrice: part.offerPart?.marketPrice ?? null,
    icePrice: part.iceOfferPart?.marketPrice ?? null,
    otcClickPrice: part.offerPart?.clickPrice ?? null,
    iceClickPrice: part.iceOfferPart?.clickPrice ?? null,
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
