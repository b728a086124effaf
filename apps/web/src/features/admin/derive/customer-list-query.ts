import { CustomerListQuerySchema, type CUSTOMER_SORT_FIELDS } from '@klik/api';
import { listQuery, type ListParams } from './list-query';

export const CUSTOMER_LIST_FIELDS = ['q', 'active', 'sort', 'page', 'size'] as const;
export type CustomerListField = (typeof CUSTOMER_LIST_FIELDS)[number];
export type CustomerSortField = (typeof CUSTOMER_SORT_FIELDS)[number];
export type CustomerListParams = ListParams<CustomerListField>;

/** managecustomers' query in the address bar: search (name or id), active, sort and page. */
export const customerListQuery = listQuery<CustomerListField, CustomerSortField>(
  CUSTOMER_LIST_FIELDS,
  CustomerListQuerySchema,
  'name',
);
