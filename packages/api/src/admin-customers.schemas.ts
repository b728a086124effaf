import { z } from 'zod';
import {
  BooleanParamSchema,
  NameSchema,
  PageQuerySchema,
  PageSchema,
  SearchParamSchema,
  SortParamSchema,
  VersionSchema,
} from './admin.schemas';
import { RoleSchema } from './auth.schemas';
import { decimalString, IdSchema, TextSchema } from './bounded.schemas';
import { CommoditySchema, ContractIdSchema, DecimalStringSchema } from './positions.schemas';

/*
 * Customers in the administrative area (managecustomers, editcustomer) and their terms.
 * Rights: docs/permissions.md.
 */

/** A customer in the managecustomers list. */
export const CustomerSummarySchema = z.object({
  id: z.number().int(),
  /** Unique regardless of case (CUSTOMER_NAME_NOT_UNIQUE). */
  name: z.string(),
  /** False: deactivated; its users cannot sign in for it and its contracts cannot be clicked. */
  active: z.boolean(),
  /** Every click needs an SMS code sent to the user's mobile number. */
  requireSms: z.boolean(),
  /** Four-eyes: every click waits for a second user's approval. */
  requireApproval: z.boolean(),
  /**
   * Where an SMS code is required, users may give a code from their authenticator app instead
   * (docs/purchase.md). Absent means false.
   */
  allowTotp: z.boolean().optional(),
  /**
   * A user's first single sign-on may link them by the provider's verified e-mail
   * (docs/security.md). Absent means false.
   */
  ssoLinkByEmail: z.boolean().optional(),
  dashboardCount: z.number().int(),
  contractCount: z.number().int(),
  userCount: z.number().int(),
  createdAt: z.iso.datetime(),
  version: z.number().int(),
});
export type CustomerSummary = z.infer<typeof CustomerSummarySchema>;

export const CUSTOMER_SORT_FIELDS = ['name', 'createdAt'] as const;

/** GET customers: q matches the name or the id; account managers see their portfolio only. */
export const CustomerListQuerySchema = PageQuerySchema.extend({
  q: SearchParamSchema.optional(),
  active: BooleanParamSchema.optional(),
  sort: SortParamSchema(CUSTOMER_SORT_FIELDS).default('name'),
});
export type CustomerListQuery = z.infer<typeof CustomerListQuerySchema>;

export const CustomerListSchema = PageSchema(CustomerSummarySchema);
export type CustomerList = z.infer<typeof CustomerListSchema>;

/** A contract's click limits: at most so many clicks per year, each at least so large. */
export const ClickLimitsSchema = z.object({
  contractId: z.string(),
  commodity: CommoditySchema,
  product: z.string(),
  /** null: no limit. */
  maxClicksPerYear: z.number().int().nullable(),
  /** The smallest click per part, percent of the position's total volume. */
  minClickPercentage: DecimalStringSchema,
});
export type ClickLimits = z.infer<typeof ClickLimitsSchema>;

export const CustomerDashboardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Public contract ids, in order. */
  contractIds: z.array(z.string()),
});

export const CustomerUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: RoleSchema,
  active: z.boolean(),
  /** For this customer (the user's own flags apply as well). */
  readOnly: z.boolean(),
  clickAuthorized: z.boolean(),
});

/** The terms that apply to the customer now: its own newest version, else the default. */
export const CurrentTermsSchema = z.object({
  version: z.number().int(),
  publishedAt: z.iso.datetime(),
  /** true: the customer's own terms; false: the default terms for every customer. */
  own: z.boolean(),
});

/** editcustomer: the customer with its dashboards, contracts, users, click settings and terms. */
export const CustomerDetailSchema = CustomerSummarySchema.extend({
  dashboards: z.array(CustomerDashboardSchema),
  clickLimits: z.array(ClickLimitsSchema),
  users: z.array(CustomerUserSchema),
  terms: CurrentTermsSchema.nullable(),
});
export type CustomerDetail = z.infer<typeof CustomerDetailSchema>;

/** POST customers. */
export const CreateCustomerBodySchema = z.object({
  name: NameSchema,
  requireSms: z.boolean().default(false),
  requireApproval: z.boolean().default(false),
  /** Names of its first dashboards, in order. */
  dashboards: z.array(NameSchema).max(50).default([]),
});
export type CreateCustomerBody = z.infer<typeof CreateCustomerBodySchema>;

/** A share of a position in percent: 0 to 100, at most 2 decimals (spec section 5's messages). */
export const MinClickPercentageInputSchema = decimalString(
  TextSchema(6, {
    required: 'PERCENTAGE_REQUIRED',
    invalid: 'PERCENTAGE_INVALID',
  })
    .min(1, { error: 'PERCENTAGE_REQUIRED' })
    .regex(/^\d{1,3}(\.\d{1,2})?$/, { error: 'PERCENTAGE_INVALID' })
    .refine((value) => Number(value) <= 100, { error: 'PERCENTAGE_INVALID' }),
);

export const ClickLimitsInputSchema = z.object({
  contractId: ContractIdSchema,
  maxClicksPerYear: z.number().int().min(1).max(10_000).nullable(),
  minClickPercentage: MinClickPercentageInputSchema,
});

/**
 * PUT customers/{id}: the name and the click settings, on the version read. Click limits are
 * given for the contracts that change; each must be the customer's.
 */
export const UpdateCustomerBodySchema = z.object({
  version: VersionSchema,
  name: NameSchema,
  requireSms: z.boolean(),
  requireApproval: z.boolean(),
  /** Allow the authenticator app instead of the SMS code; absent: unchanged. */
  allowTotp: z.boolean().optional(),
  /** Link users by verified e-mail on their first single sign-on; absent: unchanged. */
  ssoLinkByEmail: z.boolean().optional(),
  clickLimits: z
    .array(ClickLimitsInputSchema)
    .max(500)
    .refine(
      (limits) => new Set(limits.map((limit) => limit.contractId)).size === limits.length,
      'each contract once',
    )
    .default([]),
});
export type UpdateCustomerBody = z.infer<typeof UpdateCustomerBodySchema>;

/**
 * PUT customers/{id}/dashboards: the customer's dashboards in order, on the customer's version.
 * One with an id is kept (renamed, its contracts replaced); one without is new; one left out is
 * removed (dashboards hold no history). Contracts must be the customer's.
 */
export const DashboardsBodySchema = z.object({
  version: VersionSchema,
  dashboards: z
    .array(
      z.object({
        id: IdSchema.optional(),
        name: NameSchema,
        contractIds: z.array(ContractIdSchema).max(500).default([]),
      }),
    )
    .max(50),
});
export type DashboardsBody = z.infer<typeof DashboardsBodySchema>;

/** A version of the terms as the admin screens show it. */
export const TermsVersionSchema = z.object({
  version: z.number().int(),
  /** null: the default terms for every customer without terms of its own. */
  customerId: z.number().int().nullable(),
  bodyNl: z.string(),
  bodyEn: z.string(),
  publishedAt: z.iso.datetime(),
});
export type TermsVersion = z.infer<typeof TermsVersionSchema>;

export const TermsVersionListSchema = z.object({ data: z.array(TermsVersionSchema) });
export type TermsVersionList = z.infer<typeof TermsVersionListSchema>;

const TermsTextSchema = TextSchema(100_000, {
  required: 'TERMS_TEXT_REQUIRED',
  invalid: 'TERMS_TEXT_REQUIRED',
})
  .trim()
  .min(1, { error: 'TERMS_TEXT_REQUIRED' });

/**
 * POST customers/{id}/terms (or terms for the default): a new version in Dutch and English.
 * Every user must accept it before their next click (TERMS_NOT_ACCEPTED).
 */
export const PublishTermsBodySchema = z.object({
  bodyNl: TermsTextSchema,
  bodyEn: TermsTextSchema,
});
export type PublishTermsBody = z.infer<typeof PublishTermsBodySchema>;
