import { TpiFilterSchema, type TpiFilter } from '@klik/api';

/** The address bar's fields of the cockpit (docs/tpi.md). */
export const TPI_FILTER_FIELDS = ['commodity', 'year', 'behind', 'deadlineDays', 'sort'] as const;
export type TpiFilterField = (typeof TPI_FILTER_FIELDS)[number];

/** The filter in the address bar; a field that does not parse (an old or edited link) is left out. */
export function tpiFilterFromSearch(search: URLSearchParams): TpiFilter {
  const filter: Record<string, unknown> = {};
  for (const field of TPI_FILTER_FIELDS) {
    const raw = search.get(field);
    if (raw === null || raw === '') continue;
    const parsed = TpiFilterSchema.shape[field].safeParse(raw);
    if (parsed.success) filter[field] = parsed.data;
  }
  return filter as TpiFilter;
}

/** The same filter as a query string for the export, with its format. */
export function tpiExportQuery(filter: TpiFilter, format: 'csv' | 'xlsx'): string {
  const query = new URLSearchParams();
  for (const field of TPI_FILTER_FIELDS) {
    const value = filter[field];
    if (value !== undefined) query.set(field, String(value));
  }
  query.set('format', format);
  return `?${query.toString()}`;
}
