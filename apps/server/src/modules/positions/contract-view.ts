import {
  averagePrice,
  buildPositionStatus,
  clickedPercentage,
  clickPrice,
  fromDec,
  groupStatuses,
  hasPendingOverlappingClick,
  isMaturity,
  MATURITIES,
  summarizeYears,
  toDec,
  type ClickRecord,
  type ContractPartInput,
  type ContractPartName,
  type DecimalString,
  type Maturity,
  type Period,
  type PositionStatus,
} from '@klik/domain';
import type { Click, ContractData, ContractPart, ContractSummary, Status } from '@klik/api';
import type { MarketProduct } from '../../db/schema';
import type { MarketProducts } from '../margins/margin-pricing';
import type { ClickRow, ContractHead, OfferRow, PositionTotalsRow } from './positions.repository';

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

/** An offer as the API shows it, and as the domain reads it (marketPrice). */
interface OfferView {
  marketPrice: DecimalString | null;
  clickPrice: DecimalString | null;
  quotedAt: string | null;
}

type PartInput = ContractPartInput & {
  offerPart: OfferView | null;
  iceOfferPart: OfferView | null;
};

interface PreparedPosition {
  period: Period;
  parts: PartInput[];
  autoclickPercentage: DecimalString;
}

/** Everything about a contract that does not depend on the instant or on who asks. */
export interface PreparedContract {
  head: ContractHead;
  /** Per part, the market product that prices it (pricing IDs). */
  products: MarketProducts;
  /** The versions of the contract and of the offers it was built from. */
  stamp: string;
  yearsOfSupply: number[];
  positions: PreparedPosition[];
  clicks: Click[];
  pending: ClickRecord[];
  lastUpdatedDate: string | null;
}

/** A contract's data as one viewer sees it at one instant, written as JSON. */
export interface ContractView {
  json: string;
  /** The JSON as bytes, made when first sent on its own. */
  body?: Buffer;
  /** The contract's summary as JSON: it does not depend on the instant or the viewer. */
  summaryJson: string;
}

// NUMERIC comes back with its column's scale ("5000.000"); the API carries plain decimals.
function plain(value: string): DecimalString {
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

function offerView(
  margin: { markUp: DecimalString; transactionFee: DecimalString },
  offer: OfferRow | undefined,
): OfferView | null {
  if (!offer) return null;
  return {
    marketPrice: offer.price === null ? null : plain(offer.price),
    clickPrice:
      offer.price === null
        ? null
        : clickPrice({
            marketPrice: offer.price,
            markUp: margin.markUp,
            transactionFees: margin.transactionFee,
          }),
    quotedAt: offer.quotedAt.toISOString(),
  };
}

function offerKey(product: string, year: number, maturity: string, market: string): string {
  return `${product}/${year}/${maturity}/${market}`;
}

/** Indexes the offers of a request once, for every contract prepared in it. */
export function indexOffers(offers: readonly OfferRow[]): Map<string, OfferRow> {
  return new Map(
    offers.map((offer) => [
      offerKey(offer.product, offer.yearOfSupply, offer.maturity, offer.market),
      offer,
    ]),
  );
}

/** Builds the time-independent part of a contract's data from its rows. */
export function prepareContract(
  head: ContractHead,
  stamp: string,
  totals: readonly PositionTotalsRow[],
  offers: Map<string, OfferRow>,
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

  const positions: PreparedPosition[] = [];
  for (const year of years) {
    const partNames = PART_ORDER.filter((name) => partsOfYear.get(year)?.has(name));
    // Every maturity of every year is listed, so the grid can show each one (with its reason).
    for (const maturity of MATURITIES) {
      const rows = byPosition.get(`${year}/${maturity}`) ?? [];
      const parts: PartInput[] = partNames.map((name) => {
        const row = rows.find((candidate) => candidate.part === name);
        const product = products[name];
        const totalVolume = row ? plain(row.totalVolume) : '0';
        const margin = marginsOf(name, maturity, totalVolume);
        return {
          name,
          totalVolume,
          clickedVolume: row ? plain(row.clickedVolume) : '0',
          weightedAvgClickPrice: row
            ? averagePrice({ volume: row.clickedVolume, amount: row.clickedCost })
            : null,
          offerPart: offerView(
            margin,
            product && offers.get(offerKey(product, year, maturity, 'OTC')),
          ),
          iceOfferPart: offerView(
            margin,
            product && offers.get(offerKey(product, year, maturity, 'ICE')),
          ),
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

function apiPart(part: PositionStatus['contractParts'][number]): ContractPart {
  const { offerPart, iceOfferPart } = part as unknown as PartInput;
  return {
    name: part.name,
    clickedVolume: part.clickedVolume,
    totalVolume: part.totalVolume,
    volumeNotClicked: part.volumeNotClicked,
    weightedAvgClickPrice: part.weightedAvgClickPrice,
    offerPart,
    iceOfferPart,
  };
}

function apiStatus(status: PositionStatus): Status {
  return {
    maturity: status.maturity,
    yearOfSupply: status.yearOfSupply,
    clickable: status.clickable,
    disableClickReason: status.disableClickReason,
    clickedPercentage: status.clickedPercentage,
    autoclickPercentage: status.autoclickPercentage,
    contractParts: status.contractParts.map(apiPart),
  };
}

/** The contract's data at an instant for a viewer; clickability comes from the domain. */
export function renderContract(
  prepared: PreparedContract,
  at: Date,
  context: { paused: boolean; userMayClick: boolean },
): ContractView {
  const { head } = prepared;
  const statuses = prepared.positions.map((position) =>
    buildPositionStatus({
      clickType: head.clickType,
      marketOption: head.clickOption,
      period: position.period,
      parts: position.parts,
      autoclickPercentage: position.autoclickPercentage,
      at,
      paused: context.paused,
      userMayClick: context.userMayClick,
      pendingOverlappingClick: hasPendingOverlappingClick(position.period, prepared.pending),
      deadlineRule: head.deadlineRule,
    }),
  );
  const data: ContractData = {
    contractId: head.contractId,
    customerId: head.customerId,
    commodity: head.commodity,
    product: head.product,
    clickType: head.clickType,
    clickOption: head.clickOption,
    yearsOfSupply: prepared.yearsOfSupply,
    runOut: head.runOut,
    marketProducts: prepared.products,
    clicks: prepared.clicks,
    statusPerContract: groupStatuses(statuses.map(apiStatus)),
  };
  return {
    json: JSON.stringify(data),
    summaryJson: JSON.stringify(summarizeContract(prepared, statuses)),
  };
}

/** The contract summary; it depends on volumes only, never on the instant or the viewer. */
export function summarizeContract(
  prepared: PreparedContract,
  statuses: readonly PositionStatus[],
): ContractSummary {
  const { head } = prepared;
  return {
    contractId: head.contractId,
    commodity: head.commodity,
    product: head.product,
    clickType: head.clickType,
    clickOption: head.clickOption,
    yearsOfSupply: prepared.yearsOfSupply,
    ...summarizeYears(prepared.yearsOfSupply, statuses),
    runout: head.runOut,
    lastUpdatedDate: prepared.lastUpdatedDate,
  };
}
