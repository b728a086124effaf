import type { z } from 'zod';

/** A list's filters, sort and page as the address bar holds them, each checked on its own. */
export type ListParams<F extends string> = Partial<Record<F, string>>;

export interface SortState<S extends string = string> {
  field: S;
  descending: boolean;
}

/**
 * The address-bar query of a list paged, sorted and filtered on the server: `fields` in a stable
 * order, each checked with the server's own schema for that field, and the sort when none is set.
 */
export function listQuery<F extends string, S extends string>(
  fields: readonly F[],
  schema: { shape: Record<F, z.ZodType> },
  defaultSort: S | `-${S}`,
) {
  /**
   * Reads the list's query from the address bar. Each field is checked on its own, so one bad
   * value (a hand-edited link) drops only that field instead of the list.
   */
  function paramsOf(search: URLSearchParams): ListParams<F> {
    const params: ListParams<F> = {};
    for (const field of fields) {
      const raw = search.get(field);
      if (raw === null || raw.trim() === '') continue;
      if (schema.shape[field].safeParse(raw).success) params[field] = raw;
    }
    return params;
  }

  /** The same fields as the query string of the server's list ('' when none). */
  function queryString(params: ListParams<F>): string {
    const query = new URLSearchParams();
    for (const field of fields) {
      const value = params[field];
      if (value !== undefined) query.set(field, value);
    }
    return query.toString();
  }

  function sortOf(params: ListParams<F>): SortState<S> {
    const sort = (params as Partial<Record<string, string>>).sort ?? defaultSort;
    const descending = sort.startsWith('-');
    return { field: (descending ? sort.slice(1) : sort) as S, descending };
  }

  /** Sorting on a column: ascending first, the same column again turns it around. */
  function nextSort(params: ListParams<F>, field: S): string {
    const current = sortOf(params);
    return current.field === field && !current.descending ? `-${field}` : field;
  }

  return { paramsOf, queryString, sortOf, nextSort };
}
