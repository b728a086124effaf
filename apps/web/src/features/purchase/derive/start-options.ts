import type { ContractData, Status } from '@klik/api';
import {
  MATURITIES,
  isMaturity,
  isReasonOfEveryPosition,
  offeredYears,
  openSessions,
  type DisableClickReason,
  type Market,
  type Maturity,
  type PriceSource,
} from '@klik/domain';

export interface MaturityOption {
  maturity: Maturity;
  clickable: boolean;
  reason: DisableClickReason | null;
}

/**
 * The years of supply a click can start in: those with at least one clickable maturity (spec
 * section 5, domain `offeredYears`), in the contract's order. A reason that holds every position
 * alike (the user may not click, paused, outside the window, loading) hides no year: the screen
 * shows it on each maturity rather than an empty choice.
 */
export function startYears(contract: ContractData): number[] {
  const { yearStatuses, quarterStatuses, monthStatuses } = contract.statusPerContract;
  return offeredYears(
    contract.yearsOfSupply,
    [...yearStatuses, ...quarterStatuses, ...monthStatuses].map((status) => ({
      yearOfSupply: status.yearOfSupply,
      clickable: status.clickable || isReasonOfEveryPosition(status.disableClickReason),
    })),
  );
}

/** Every maturity of a contract's year in grid order, clickable or with its DC_ reason. */
export function maturityOptions(
  contract: ContractData,
  year: number,
  readOnly: boolean,
): MaturityOption[] {
  const { yearStatuses, quarterStatuses, monthStatuses } = contract.statusPerContract;
  const ofYear = [...yearStatuses, ...quarterStatuses, ...monthStatuses].filter(
    (status) => status.yearOfSupply === year,
  );
  return MATURITIES.flatMap((maturity) =>
    ofYear
      .filter((status) => status.maturity === maturity)
      .map((status) =>
        // The server answers DC_34 for a read-only session already; never offer one a click.
        readOnly
          ? { maturity, clickable: false, reason: 'DC_34' as const }
          : {
              maturity,
              clickable: status.clickable,
              reason: status.clickable ? null : status.disableClickReason,
            },
      ),
  );
}

export function findStatus(
  contract: ContractData,
  year: number,
  maturity: Maturity,
): Status | undefined {
  const { yearStatuses, quarterStatuses, monthStatuses } = contract.statusPerContract;
  return [...yearStatuses, ...quarterStatuses, ...monthStatuses].find(
    (status) => status.yearOfSupply === year && status.maturity === maturity,
  );
}

export interface MarketOption {
  market: Market;
  /** Null when this browser's clock finds no open session although the server said clickable. */
  priceSource: PriceSource | null;
}

/**
 * The markets a position can be quoted on now: every part with volume has a price there and a
 * session of the contract's market option is open for the period (domain trading window). The
 * server said the position is clickable; when this browser's clock (which may be off) finds no
 * session at all, every priced market is offered and the server's quote decides.
 */
export function marketsNow(contract: ContractData, status: Status, at: Date): MarketOption[] {
  const parts = status.contractParts.filter((part) => part.totalVolume !== '0');
  const period = { maturity: status.maturity, yearOfSupply: status.yearOfSupply };
  const priced = (['OTC', 'ICE'] as const).filter(
    (market) =>
      parts.length > 0 &&
      (market === 'OTC' || contract.clickOption !== 'OTC_ONLY') &&
      parts.every((part) =>
        market === 'OTC'
          ? part.offerPart?.marketPrice != null
          : part.iceOfferPart?.marketPrice != null,
      ),
  );
  const open = priced.flatMap((market) => {
    const [session] = openSessions(at, { marketOption: contract.clickOption, market, period });
    return session ? [{ market, priceSource: session.priceSource }] : [];
  });
  if (open.length > 0 || !status.clickable) return open;
  return priced.map((market) => ({ market, priceSource: null }));
}

/** The path's parameters read strictly; anything unreadable is left unchosen. */
export function readPathChoice(params: { contractId?: string; year?: string; period?: string }): {
  contractId: string | null;
  year: number | null;
  maturity: Maturity | null;
} {
  const year = params.year && /^\d{4}$/.test(params.year) ? Number(params.year) : null;
  const maturity = params.period && isMaturity(params.period) ? params.period : null;
  return { contractId: params.contractId ?? null, year, maturity };
}
