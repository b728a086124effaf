import { MARKETS, periodTypeOf, type Market, type Maturity, type PeriodType } from '@klik/domain';
import type { ContractData, ContractPart, Status } from '@klik/api';

export interface CurveSeries {
  /** Stable key in the chart data, e.g. "Peak_OTC". */
  key: string;
  part: ContractPart['name'];
  market: Market;
}

export interface CurvePoint {
  yearOfSupply: number;
  maturity: Maturity;
  /** Market price in EUR/MWh per series key; null where the market has no price. */
  prices: Record<string, string | null>;
}

export interface ForwardCurve {
  series: CurveSeries[];
  points: CurvePoint[];
}

function marketPrice(part: ContractPart, market: Market): string | null {
  const offer = market === 'OTC' ? part.offerPart : part.iceOfferPart;
  return offer?.marketPrice ?? null;
}

const FINEST_FIRST: readonly PeriodType[] = ['MONTH', 'QUARTER', 'YEAR'];

/**
 * The forward curve of a contract: the market price per delivery period across its years of
 * supply, one series per contract part and market. Months are used when they carry prices (the
 * finest curve); otherwise quarters, otherwise years.
 */
export function forwardCurve(contract: ContractData): ForwardCurve {
  const { yearStatuses, quarterStatuses, monthStatuses } = contract.statusPerContract;
  const all: Status[] = [...yearStatuses, ...quarterStatuses, ...monthStatuses];
  const hasPrice = (status: Status) =>
    status.contractParts.some((part) => MARKETS.some((market) => marketPrice(part, market)));
  const level = FINEST_FIRST.find((type) =>
    all.some((status) => periodTypeOf(status.maturity) === type && hasPrice(status)),
  );
  if (level === undefined) return { series: [], points: [] };

  const statuses = all.filter((status) => periodTypeOf(status.maturity) === level);
  const series: CurveSeries[] = [];
  for (const status of statuses) {
    for (const part of status.contractParts) {
      for (const market of MARKETS) {
        const key = `${part.name}_${market}`;
        if (marketPrice(part, market) !== null && !series.some((known) => known.key === key)) {
          series.push({ key, part: part.name, market });
        }
      }
    }
  }
  const order = (status: Status) => status.yearOfSupply * 100 + Number(status.maturity.slice(1));
  const points = [...statuses]
    .sort((a, b) => order(a) - order(b))
    .map((status) => ({
      yearOfSupply: status.yearOfSupply,
      maturity: status.maturity,
      prices: Object.fromEntries(
        series.map(({ key, part, market }) => {
          const found = status.contractParts.find((candidate) => candidate.name === part);
          return [key, found ? marketPrice(found, market) : null];
        }),
      ),
    }));
  return { series, points };
}
