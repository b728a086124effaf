import {
  MARKETS,
  periodTypeOf,
  toDec,
  type Market,
  type Maturity,
  type PeriodType,
} from '@klik/domain';
import type { ContractData, ContractPart, Status } from '@klik/api';

type PartName = ContractPart['name'];

export interface CurveSeries {
  /** Stable key in the chart data, e.g. "Peak_OTC". */
  key: string;
  part: PartName;
  market: Market;
}

export interface CurvePoint {
  maturity: Maturity;
  /** Market price in EUR/MWh per series key; null where the market has no price. */
  prices: Record<string, string | null>;
  /** The customer's fixed price per part: the weighted average click price; null if none. */
  fixed: Partial<Record<PartName, string | null>>;
}

export interface ForwardCurve {
  series: CurveSeries[];
  /** The parts with a fixed price somewhere on the curve, in the contract's order. */
  fixedParts: PartName[];
  points: CurvePoint[];
}

function marketPrice(part: ContractPart, market: Market): string | null {
  const offer = market === 'OTC' ? part.offerPart : part.iceOfferPart;
  return offer?.marketPrice ?? null;
}

/** What the part has fixed, at what average price; nothing fixed is no price. */
function fixedPrice(part: ContractPart): string | null {
  return toDec(part.clickedVolume).gt(0) ? part.weightedAvgClickPrice : null;
}

const FINEST_FIRST: readonly PeriodType[] = ['MONTH', 'QUARTER', 'YEAR'];

/**
 * The forward curve of one year of supply: the market price per maturity, one series per
 * contract part and market, with the customer's fixed price per part beside it. Months are used
 * when they carry prices (the finest curve); otherwise quarters, otherwise the year. A month's
 * fixed price includes the clicks on its quarter and year, as the positions are kept per month.
 */
export function forwardCurve(contract: ContractData, yearOfSupply: number): ForwardCurve {
  const { yearStatuses, quarterStatuses, monthStatuses } = contract.statusPerContract;
  const all: Status[] = [...yearStatuses, ...quarterStatuses, ...monthStatuses].filter(
    (status) => status.yearOfSupply === yearOfSupply,
  );
  const hasPrice = (status: Status) =>
    status.contractParts.some(
      (part) => fixedPrice(part) !== null || MARKETS.some((market) => marketPrice(part, market)),
    );
  const level = FINEST_FIRST.find((type) =>
    all.some((status) => periodTypeOf(status.maturity) === type && hasPrice(status)),
  );
  if (level === undefined) return { series: [], fixedParts: [], points: [] };

  const statuses = all.filter((status) => periodTypeOf(status.maturity) === level);
  const series: CurveSeries[] = [];
  const fixedParts: PartName[] = [];
  for (const part of statuses.flatMap((status) => status.contractParts)) {
    for (const market of MARKETS) {
      const key = `${part.name}_${market}`;
      if (marketPrice(part, market) !== null && !series.some((known) => known.key === key)) {
        series.push({ key, part: part.name, market });
      }
    }
    if (fixedPrice(part) !== null && !fixedParts.includes(part.name)) fixedParts.push(part.name);
  }
  const order = (status: Status) => Number(status.maturity.slice(1)) || 0;
  const points = [...statuses]
    .sort((a, b) => order(a) - order(b))
    .map((status) => {
      const partOf = (name: PartName) =>
        status.contractParts.find((candidate) => candidate.name === name);
      return {
        maturity: status.maturity,
        prices: Object.fromEntries(
          series.map(({ key, part, market }) => {
            const found = partOf(part);
            return [key, found ? marketPrice(found, market) : null];
          }),
        ),
        fixed: Object.fromEntries(
          fixedParts.map((name) => {
            const found = partOf(name);
            return [name, found ? fixedPrice(found) : null];
          }),
        ),
      };
    });
  return { series, fixedParts, points };
}

/** Every price on the curve, market and fixed, for scaling the axis. */
export function curvePrices(curve: ForwardCurve): string[] {
  return curve.points.flatMap((point) =>
    [...Object.values(point.prices), ...Object.values(point.fixed)].filter(
      (price): price is string => price !== null && price !== undefined,
    ),
  );
}
