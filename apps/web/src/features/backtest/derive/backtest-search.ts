import {
  RankingQuerySchema,
  StrategyParametersSchema,
  type RankingQuery,
  type StrategyParameters,
} from '@klik/api';

/**
 * The strategy screen's choices in the address bar, so a reload or a shared link shows the same
 * contract year, parameters and ranking page. A value that does not parse is left out (the
 * default applies).
 */
export const BACKTEST_PARAMS = {
  contractId: 'contract',
  yearOfSupply: 'year',
  trancheSchedule: 'schedule',
  limitDays: 'limitDays',
  limitShare: 'limitShare',
  reference: 'reference',
  view: 'view',
  rankPage: 'rankPage',
  rankSort: 'rankSort',
  rankDirection: 'rankDir',
} as const;

export type BacktestView = 'year' | 'ranking';

/** Customers per page of the ranking. */
export const RANKING_PAGE_SIZE = 25;

function parsed<T>(
  schema: { safeParse: (raw: unknown) => { success: boolean; data?: T } },
  raw: string | null,
): T | undefined {
  if (raw === null || raw === '') return undefined;
  const result = schema.safeParse(raw);
  return result.success ? result.data : undefined;
}

/** The strategy parameters the address bar asks for, each with its default when absent. */
export function parametersFromSearch(search: URLSearchParams): StrategyParameters {
  const shape = StrategyParametersSchema.shape;
  return StrategyParametersSchema.parse({
    trancheSchedule: parsed(shape.trancheSchedule, search.get(BACKTEST_PARAMS.trancheSchedule)),
    limitDays: parsed(shape.limitDays, search.get(BACKTEST_PARAMS.limitDays)),
    limitShare: parsed(shape.limitShare, search.get(BACKTEST_PARAMS.limitShare)),
    reference: parsed(shape.reference, search.get(BACKTEST_PARAMS.reference)),
  });
}

/** The contract year the address bar names, when it names one. */
export function yearFromSearch(search: URLSearchParams): {
  contractId: string | null;
  yearOfSupply: number | null;
} {
  const year = Number(search.get(BACKTEST_PARAMS.yearOfSupply));
  return {
    contractId: search.get(BACKTEST_PARAMS.contractId) || null,
    yearOfSupply: Number.isInteger(year) && year > 0 ? year : null,
  };
}

export function viewFromSearch(search: URLSearchParams): BacktestView {
  return search.get(BACKTEST_PARAMS.view) === 'ranking' ? 'ranking' : 'year';
}

/** The ranking the address bar asks for; the reference is the screen's one. */
export function rankingFromSearch(search: URLSearchParams): RankingQuery {
  const shape = RankingQuerySchema.shape;
  return RankingQuerySchema.parse({
    reference: parsed(shape.reference, search.get(BACKTEST_PARAMS.reference)),
    page: parsed(shape.page, search.get(BACKTEST_PARAMS.rankPage)),
    pageSize: RANKING_PAGE_SIZE,
    sort: parsed(shape.sort, search.get(BACKTEST_PARAMS.rankSort)),
    direction: parsed(shape.direction, search.get(BACKTEST_PARAMS.rankDirection)),
  });
}

/** The replay's query string for the server. */
export function replayQuery(
  contractId: string,
  yearOfSupply: number,
  parameters: StrategyParameters,
): string {
  return new URLSearchParams({
    contractId,
    yearOfSupply: String(yearOfSupply),
    trancheSchedule: parameters.trancheSchedule,
    limitDays: String(parameters.limitDays),
    limitShare: String(parameters.limitShare),
    reference: parameters.reference,
  }).toString();
}

/** The ranking's query string for the server. */
export function rankingQuery(query: RankingQuery): string {
  return new URLSearchParams({
    reference: query.reference,
    page: String(query.page),
    pageSize: String(query.pageSize),
    sort: query.sort,
    direction: query.direction,
  }).toString();
}
