import type { ContractData, Status } from '@klik/api';
import {
  MATURITIES,
  isMaturity,
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

export interface MarketOptionNow {
  market: Market;
  priceSource: PriceSource;
}

/**
 * The markets a position can be quoted on now: a session of the contract's market option is open
 * for the period (domain trading window) and every part with volume has a price there.
 */
export function marketsNow(contract: ContractData, status: Status, at: Date): MarketOptionNow[] {
  const parts = status.contractParts.filter((part) => part.totalVolume !== '0');
  const period = { maturity: status.maturity, yearOfSupply: status.yearOfSupply };
  const markets: MarketOptionNow[] = [];
  for (const market of ['OTC', 'ICE'] as const) {
    const priced = parts.every((part) =>
      market === 'OTC'
        ? part.offerPart?.marketPrice != null
        : part.iceOfferPart?.marketPrice != null,
    );
    if (!priced || parts.length === 0) continue;
    const [session] = openSessions(at, { marketOption: contract.clickOption, market, period });
    if (session) markets.push({ market, priceSource: session.priceSource });
  }
  return markets;
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
