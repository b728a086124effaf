import type { USER_SORT_FIELDS } from '@klik/api';
import { UserListQuerySchema } from '@klik/api';

export const USER_LIST_FIELDS = [
  'q',
  'role',
  'customerId',
  'active',
  'sort',
  'page',
  'size',
] as const;
export type UserListField = (typeof USER_LIST_FIELDS)[number];
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/** The list's filters, sort and page as the address bar holds them, each checked on its own. */
export type UserListParams = Partial<Record<UserListField, string>>;

/**
 * Reads the list's query from the address bar. Each field is checked with the server's own schema
 * on its own, so one bad value (a hand-edited link) drops only that field instead of the list.
 */
export function userListParams(search: URLSearchParams): UserListParams {
  const params: UserListParams = {};
  for (const field of USER_LIST_FIELDS) {
    const raw = search.get(field);
    if (raw === null || raw.trim() === '') continue;
    if (UserListQuerySchema.shape[field].safeParse(raw).success) params[field] = raw;
  }
  return params;
}

/** The same fields as the query string of GET users ('' when none), in a stable order. */
export function userListQueryString(params: UserListParams): string {
  const query = new URLSearchParams();
  for (const field of USER_LIST_FIELDS) {
    const value = params[field];
    if (value !== undefined) query.set(field, value);
  }
  return query.toString();
}

export interface SortState {
  field: UserSortField;
  descending: boolean;
}

export function sortOf(params: UserListParams): SortState {
  const sort = params.sort ?? 'username';
  const descending = sort.startsWith('-');
  return { field: (descending ? sort.slice(1) : sort) as UserSortField, descending };
}

/** Sorting on a column: ascending first, the same column again turns it around. */
export function nextSort(params: UserListParams, field: UserSortField): string {
  const current = sortOf(params);
  return current.field === field && !current.descending ? `-${field}` : field;
}
