import {
  averagePrice,
  clickedPercentage,
  fromDec,
  isMaturity,
  MATURITIES,
  toDec,
  type ClickRecord,
  type ContractPartInput,
  type ContractPartName,
  type DecimalString,
  type Maturity,
  type Period,
} from '@klik/domain';
import type { Click } from '@klik/api';
import type { MarketProduct } from '../../db/schema';
import type { MarketProducts } from '../../kernel/pricing/margin-pricing';
import type { ClickRow, ContractHead, PositionTotalsRow } from './positions.repository';

/**
 * The default pricing IDs (the '*' rows migration 0016 seeds): what a click priced before the
 * pricing IDs recorded its market product was priced on. Everything current reads the table
 * (margin-pricing.ts marketProductsOf).
 */
export const PRODUCT_OF_PART: Record<ContractPartName, MarketProduct> = {
  Gas: 'TTF_GAS',
  Peak: 'NL_POWER_PEAK',
  OffPeak: 'NL_POWER_OFFPEAK',
};

const PART_ORDER: readonly ContractPartName[] = ['Gas', 'Peak', 'OffPeak'];

/** A part as the contract's own data says it: what prices it, not yet the prices themselves. */
export type PreparedPart = Omit<ContractPartInput, 'offerPart' | 'iceOfferPart'> & {
  product: MarketProduct | undefined;
  margin: { markUp: DecimalString; transactionFee: DecimalString };
};

/** A position of a contract, with its parts as far as they are known (prepared or priced). */
export interface Position<Part> {
  period: Period;
  parts: Part[];
  autoclickPercentage: DecimalString;
}

/**
 * Everything about a contract that depends neither on the market's offers, nor on the instant,
 * nor on who asks: it changes only when the contract, its positions or its clicks do.
 */
export interface PreparedContract {
  head: ContractHead;
  /** Per part, the market product that prices it (pricing IDs). */
  products: MarketProducts;
  /** The stamp (contracts.version) of the contract it was built from. */
  stamp: string;
  yearsOfSupply: number[];
  positions: Position<PreparedPart>[];
  clicks: Click[];
  pending: ClickRecord[];
  lastUpdatedDate: string | null;
}

// NUMERIC comes back with its column's scale ("5000.000"); the API carries plain decimals.
export function plain(value: string): DecimalString {
  return fromDec(toDec(value));
}

/** The mark-up and fee of a part of a position at its volume (margin-pricing.ts marginsOf). */
type MarginOf = (
  part: ContractPartName,
  maturity: Maturity,
  volume: DecimalString,
) => { markUp: DecimalString; transactionFee: DecimalString };

/** Without a margin scenario (docs/margins.md), a part is priced with the contract's own. */
function ownMargins(head: ContractHead): MarginOf {
  return (part) => {
    const offPeak = part === 'OffPeak';
    return {
      markUp: (offPeak ? head.offPeakMarkUp : null) ?? head.markUp,
      transactionFee: (offPeak ? head.offPeakTransactionFee : null) ?? head.transactionFee,
    };
  };
}

/** Builds the part of a contract's data that only its own rows decide. */
export function prepareContract(
  head: ContractHead,
  stamp: string,
  totals: readonly PositionTotalsRow[],
  clicks: readonly ClickRow[],
  pricing: { products: MarketProducts; marginsOf?: MarginOf },
): PreparedContract {
  const { products, marginsOf = ownMargins(head) } = pricing;
  const years = [...new Set(totals.map((row) => row.yearOfSupply))].sort((a, b) => a - b);
  const byPosition = new Map<string, PositionTotalsRow[]>();
  const partsOfYear = new Map<number, Set<ContractPartName>>();
  for (const row of totals) {
    const key = `${row.yearOfSupply}/${row.maturity}`;
    byPosition.set(key, [...(byPosition.get(key) ?? []), row]);
    const parts = partsOfYear.get(row.yearOfSupply) ?? new Set<ContractPartName>();
    parts.add(row.part);
    partsOfYear.set(row.yearOfSupply, parts);
  }

  const positions: Position<PreparedPart>[] = [];
  for (const year of years) {
    const partNames = PART_ORDER.filter((name) => partsOfYear.get(year)?.has(name));
    // Every maturity of every year is listed, so the grid can show each one (with its reason).
    for (const maturity of MATURITIES) {
      const rows = byPosition.get(`${year}/${maturity}`) ?? [];
      const parts: PreparedPart[] = partNames.map((name) => {
        const row = rows.find((candidate) => candidate.part === name);
        const totalVolume = row ? plain(row.totalVolume) : '0';
        return {
          name,
          totalVolume,
          clickedVolume: row ? plain(row.clickedVolume) : '0',
          weightedAvgClickPrice: row
            ? averagePrice({ volume: row.clickedVolume, amount: row.clickedCost })
            : null,
          product: products[name],
          margin: marginsOf(name, maturity, totalVolume),
        };
      });
      const first = rows[0];
      positions.push({
        period: { maturity, yearOfSupply: year },
        parts,
        // The share of the clicked volume that auto-click bought (docs/domain.md).
        autoclickPercentage: first
          ? clickedPercentage(
              plain(first.positionAutoClickedVolume),
              plain(first.positionClickedVolume),
            )
          : '0',
      });
    }
  }

  const known = clicks.filter((click) => isMaturity(click.maturity));
  const completed = known.filter((click) => click.status === 'COMPLETED');
  const last = completed
    .map((click) => (click.completedAt ?? click.createdAt).getTime())
    .reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY);
  return {
    head,
    products,
    stamp,
    yearsOfSupply: years,
    positions,
    clicks: known.map((click) => ({
      contractId: head.contractId,
      maturity: click.maturity as Maturity,
      yearOfSupply: click.yearOfSupply,
      inProgress: click.status !== 'COMPLETED',
      date: click.createdAt.toISOString(),
    })),
    pending: known
      .filter((click) => click.status !== 'COMPLETED')
      .map((click) => ({
        maturity: click.maturity as Maturity,
        yearOfSupply: click.yearOfSupply,
        inProgress: true,
      })),
    lastUpdatedDate: Number.isFinite(last) ? new Date(last).toISOString() : null,
  };
}
