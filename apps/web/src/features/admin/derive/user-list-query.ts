import type { USER_SORT_FIELDS } from '@klik/api';
import { UserListQuerySchema } from '@klik/api';
import { listQuery, type ListParams, type SortState as ListSortState } from './list-query';

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
export type UserListParams = ListParams<UserListField>;
export type SortState = ListSortState<UserSortField>;

const userList = listQuery<UserListField, UserSortField>(
  USER_LIST_FIELDS,
  UserListQuerySchema,
  'username',
);

export const userListParams = userList.paramsOf;
export const userListQueryString = userList.queryString;
export const sortOf = userList.sortOf;
export const nextSort = userList.nextSort;
