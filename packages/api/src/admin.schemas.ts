import { z } from 'zod';
import { INT4_MAX, TextSchema, WholeNumberParamSchema } from './bounded.schemas';

/*
 * The administrative area's contract (docs/administration.md): building blocks shared by its
 * lists and forms, and every REST path. The users, customers and audit schemas build on these
 * (admin-users.schemas.ts, admin-customers.schemas.ts, admin-audit.schemas.ts).
 *
 * Forms: a field that fails answers 400 with one of FIELD_ERROR_CODES (errors.ts) and
 * details.field naming it, so the web shows the same message beside that field.
 */

/** Lists are paged on the server: page counts from 0, size from 1 to 100 (default 20). */
export const PageQuerySchema = z.object({
  page: WholeNumberParamSchema(0, 10_000).default(0),
  size: WholeNumberParamSchema(1, 100).default(20),
});

/** One page of a list: its rows, where it is, and how many rows the whole filtered list has. */
export function PageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    page: z.number().int().nonnegative(),
    size: z.number().int().positive(),
    total: z.number().int().nonnegative(),
  });
}

/**
 * A sort order in a query string: a field, or the field with '-' before it for descending
 * (as the notification backend's sort, spec section 7).
 */
export function SortParamSchema<const F extends readonly [string, ...string[]]>(fields: F) {
  const values = fields.flatMap((field) => [field, `-${field}`]) as [string, ...string[]];
  return z.enum(values);
}

/** true or false in a query string. */
export const BooleanParamSchema = z.enum(['true', 'false']).transform((value) => value === 'true');

/** Free text to search for in a query string (case-insensitive, part of a name or id). */
export const SearchParamSchema = TextSchema(100).trim();

/**
 * The version an edit was made on (optimistic concurrency): the server refuses a save on a
 * version that is no longer current with 409 VERSION_CONFLICT and details.currentVersion.
 */
export const VersionSchema = z.number().int().min(1).max(INT4_MAX);

/** Deactivate (false) or reactivate (true); nothing that history refers to is ever deleted. */
export const SetActiveBodySchema = z.object({
  version: VersionSchema,
  active: z.boolean(),
});
export type SetActiveBody = z.infer<typeof SetActiveBodySchema>;

/** A person's or company's name: required, at most 200 characters. */
export const NameSchema = TextSchema(200, { required: 'NAME_REQUIRED', invalid: 'NAME_INVALID' })
  .trim()
  .min(1, { error: 'NAME_REQUIRED' });

/** REST paths of the administrative area. */
export const ADMIN_PATHS = {
  dashboard: '/rest/admin/dashboard',
  approvals: '/rest/admin/approvals',
  search: '/rest/admin/search',

  users: '/rest/admin/users',
  viewOnlyUsers: '/rest/admin/users/viewonly',
  user: '/rest/admin/users/:userId',
  userActive: '/rest/admin/users/:userId/active',
  userPassword: '/rest/admin/users/:userId/password',
  /** POST: an administrator sends a new invitation; the previous link stops working. */
  userInvitation: '/rest/admin/users/:userId/invitation',

  accountManagers: '/rest/admin/accountmanagers',
  portfolio: '/rest/admin/accountmanagers/:userId/portfolio',
  consultants: '/rest/admin/consultants',
  consultant: '/rest/admin/consultants/:userId',

  customers: '/rest/admin/customers',
  customer: '/rest/admin/customers/:customerId',
  customerActive: '/rest/admin/customers/:customerId/active',
  customerDashboards: '/rest/admin/customers/:customerId/dashboards',
  customerTerms: '/rest/admin/customers/:customerId/terms',
  defaultTerms: '/rest/admin/terms',

  audit: '/rest/admin/audit',
  auditExport: '/rest/admin/audit/export',
  auditIntegrity: '/rest/admin/audit/integrity',
} as const;
