import { ClickFilterQuerySchema, type ClickFilterQuery } from '@klik/api';

export const FILTER_FIELDS = ['contractId', 'year', 'maturity', 'status', 'from', 'to'] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

/**
 * The overview's filters as kept in the address bar. Each field is read on its own, so one bad
 * value (a hand-edited link) drops only that filter.
 */
export function filterFromSearch(search: URLSearchParams): ClickFilterQuery {
  const filter: Record<string, unknown> = {};
  for (const field of FILTER_FIELDS) {
    const raw = search.get(field);
    if (raw === null || raw === '') continue;
    const parsed = ClickFilterQuerySchema.shape[field].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) filter[field] = parsed.data;
  }
  return filter as ClickFilterQuery;
}

/** The same filters as a query string for the history and export calls ('' when none). */
export function filterQueryString(
  filter: ClickFilterQuery,
  extra: Record<string, string> = {},
): string {
  const params = new URLSearchParams();
  for (const field of FILTER_FIELDS) {
    const value = filter[field];
    if (value !== undefined) params.set(field, String(value));
  }
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
