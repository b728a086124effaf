import { TpiQuerySchema, type TpiQuery } from '@klik/api';

/** The ranking's fields in the address bar, apart from the cockpit's own (docs/tpi.md). */
export const TPI_RANKING_PARAMS = {
  sort: 'rank',
  minCostAtRisk: 'minCostAtRisk',
  minProbabilityAboveBand: 'minProbabilityAboveBand',
  minBehindHedgePolicy: 'minBehindHedgePolicy',
  page: 'rankPage',
} as const;
export type TpiRankingField = keyof typeof TPI_RANKING_PARAMS;

/** Customers per page of the ranking. */
export const TPI_RANKING_PAGE_SIZE = 25;

/** The ranking the address bar asks for; a field that does not parse is left out. */
export function tpiRankingFromSearch(search: URLSearchParams): TpiQuery {
  const query: Record<string, unknown> = { page: 0, size: TPI_RANKING_PAGE_SIZE };
  for (const [field, param] of Object.entries(TPI_RANKING_PARAMS)) {
    const raw = search.get(param);
    if (raw === null || raw === '') continue;
    const parsed = TpiQuerySchema.shape[field as TpiRankingField].safeParse(raw);
    if (parsed.success) query[field] = parsed.data;
  }
  return query as TpiQuery;
}

/**
 * The ranking as the server's query string: sorted, filtered and paged there, every row with its
 * risk figures (also when ordered by name).
 */
export function tpiRankingQuery(query: TpiQuery): string {
  const params = new URLSearchParams();
  for (const field of [
    'page',
    'size',
    'sort',
    'minCostAtRisk',
    'minProbabilityAboveBand',
    'minBehindHedgePolicy',
  ] as const) {
    const value = query[field];
    if (value !== undefined) params.set(field, String(value));
  }
  params.set('withRisk', 'true');
  return `?${params.toString()}`;
}
