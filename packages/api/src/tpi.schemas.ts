import { z } from 'zod';
import { BooleanParamSchema, SortParamSchema } from './admin.schemas';
import {
  decimalString,
  IdParamSchema,
  IdSchema,
  WholeNumberParamSchema,
  YearOfSupplySchema,
} from './bounded.schemas';
import { MarketSchema } from './market.schemas';
import {
  ClickDetailSchema,
  ExecuteBodySchema,
  PercentageInputSchema,
  QuoteSchema,
} from './purchase.schemas';
import {
  ClickTypeSchema,
  CommoditySchema,
  ContractPartNameSchema,
  DecimalStringSchema,
  MaturitySchema,
} from './positions.schemas';

/*
 * The TPI consultant's cockpit (spec sections 3 and 6, docs/tpi.md): per customer, per contract
 * and year of supply, the TPI summary of the spec with what a consultant decides on next to it.
 * The spec does not show the TPI data call; both paths are ours.
 */

export const TPI_PATHS = {
  /** Every customer of the calling consultant, a page at a time. */
  all: '/rest/tpi',
  /** One customer. */
  customer: '/rest/tpi/:customerId',
  /** The customer users the consultant may sign in as (login-as, consultantdashboard). */
  users: '/rest/tpi/:customerId/users',
  /** The cockpit's lines with its filters and order, as CSV or XLSX. */
  export: '/rest/tpi/export',
  /** The multi-click of several customers at once: what it would do, then doing it. */
  multiClickPreview: '/rest/tpi/multi-click/preview',
  multiClickExecute: '/rest/tpi/multi-click/execute',
} as const;

/** A customer user a TPI consultant may act as. */
export const TpiUserSchema = z.object({
  username: z.string(),
  name: z.string(),
  readOnly: z.boolean(),
});
export type TpiUser = z.infer<typeof TpiUserSchema>;
export const TpiUserListSchema = z.array(TpiUserSchema);

/** A page of customers; 200 customers fit on one page. */
export const TPI_MAX_PAGE_SIZE = 200;

/** The ranking of the customers by what their open volume may cost (docs/risk.md, issue 29). */
export const TPI_RANK_FIELDS = [
  'customer',
  'costAtRisk',
  'probabilityAboveBand',
  'behindHedgePolicy',
] as const;
export type TpiRankField = (typeof TPI_RANK_FIELDS)[number];

/** A non-negative amount in EUR in a query string, at most 2 decimals. */
const MinAmountParamSchema = decimalString(
  z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'an amount in EUR with at most 2 decimals'),
);
/** A percentage (or percentage points) 0..100 in a query string, at most 2 decimals. */
const MinPercentParamSchema = decimalString(
  z
    .string()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, 'a percentage with at most 2 decimals')
    .refine((value) => Number(value) <= 100, 'from 0 to 100'),
);

export const TpiQuerySchema = z.object({
  page: WholeNumberParamSchema(0, 10_000).default(0),
  size: WholeNumberParamSchema(1, TPI_MAX_PAGE_SIZE).default(50),
  /**
   * The order before paging: a field ascending, '-field' descending (by name when absent).
   * Customers without the figure go last either way; equal ones keep name order.
   */
  sort: SortParamSchema(TPI_RANK_FIELDS).optional(),
  /** Only customers whose book's cost-at-risk (EUR) is at least this. */
  minCostAtRisk: MinAmountParamSchema.optional(),
  /** Only customers with a year whose probability above the budget band (%) is at least this. */
  minProbabilityAboveBand: MinPercentParamSchema.optional(),
  /** Only customers with a year at least this many percentage points behind its hedge policy. */
  minBehindHedgePolicy: MinPercentParamSchema.optional(),
  /**
   * 'true': each customer of the page carries its risk figures. A ranked or risk-filtered page
   * carries them anyway; a page by name leaves them out unless asked, since they cost the page
   * their inputs' reading (docs/risk.md).
   */
  withRisk: BooleanParamSchema.optional(),
});
export type TpiQuery = z.infer<typeof TpiQuerySchema>;

export const TpiCustomerParamsSchema = z.object({ customerId: IdParamSchema });

/** One contract part in one year of supply. Volumes in MWh (3 decimals), prices EUR/MWh. */
export const TpiPartSchema = z.object({
  name: ContractPartNameSchema,
  totalVolume: DecimalStringSchema,
  clickedVolume: DecimalStringSchema,
  /** totalVolume - clickedVolume. */
  openVolume: DecimalStringSchema,
  /** clicked cost / clicked volume, half-up to 4 decimals; null when nothing is clicked. */
  weightedAvgClickPrice: DecimalStringSchema.nullable(),
  /** The year product's OTC price now + mark-up + transaction fee; null without an offer price. */
  currentClickPrice: DecimalStringSchema.nullable(),
});
export type TpiPart = z.infer<typeof TpiPartSchema>;

/** When the next position of the year with open volume stops being clickable (docs/tpi.md). */
export const TpiDeadlineSchema = z.object({
  maturity: MaturitySchema,
  closesAt: z.iso.datetime(),
});
export type TpiDeadline = z.infer<typeof TpiDeadlineSchema>;

/**
 * The spec's TPI summary (contractId, id = customer id, yearOfSupply, clickedPercentage and the
 * weighted average click price per part) and the cockpit's own figures.
 */
export const TpiSummarySchema = z.object({
  contractId: z.string(),
  id: IdSchema,
  yearOfSupply: z.number().int(),
  /** Clicked volume / total volume x 100 over every part, exact (the web rounds once). */
  clickedPercentage: DecimalStringSchema,
  weightedAvgGasClickPrice: DecimalStringSchema.nullable(),
  weightedAvgPeakClickPrice: DecimalStringSchema.nullable(),
  weightedAvgOffPeakClickPrice: DecimalStringSchema.nullable(),
  /** Over every part, MWh. */
  openVolume: DecimalStringSchema,
  parts: z.array(TpiPartSchema),
  nextDeadline: TpiDeadlineSchema.nullable(),
  /** Clicks of this contract and year waiting for a second user's approval. */
  pendingApprovals: z.number().int().nonnegative(),
  /**
   * The customer's budget position for the year. Budgets arrive with a later issue; until then
   * always null (the field is named so the web and exports already have its place).
   */
  budgetPosition: z.null(),
});
export type TpiSummary = z.infer<typeof TpiSummarySchema>;

export const TpiContractSchema = z.object({
  contractId: z.string(),
  commodity: CommoditySchema,
  product: z.string(),
  clickType: ClickTypeSchema,
  /** One per year of supply, ascending. */
  years: z.array(TpiSummarySchema),
});
export type TpiContract = z.infer<typeof TpiContractSchema>;

/**
 * What the customer's open volume may cost and how far behind its plan it is (docs/risk.md): the
 * figures the cockpit ranks and filters customers by.
 */
export const TpiRiskSchema = z.object({
  /** EUR (2 decimals): P95 minus the expected cost of the whole book; null without a price. */
  costAtRisk: DecimalStringSchema.nullable(),
  /** Percent (2 decimals): the worst year's probability of ending above its budget's upper band; null without budgets. */
  probabilityAboveBand: DecimalStringSchema.nullable(),
  /**
   * Percentage points (2 decimals) the furthest-behind year's fixed share lies below its hedge
   * policy's minimum today; 0 when every year is within; null without a hedge policy.
   */
  behindHedgePolicy: DecimalStringSchema.nullable(),
});
export type TpiRisk = z.infer<typeof TpiRiskSchema>;

/** One customer's TPI data (spec: TPI contract data, without the web's loading status). */
export const TpiCustomerDataSchema = z.object({
  customerId: IdSchema,
  customerName: z.string(),
  /** Contracts ordered by contract id. */
  contracts: z.array(TpiContractSchema),
  /**
   * The ranking figures: sent with every customer of GET /rest/tpi when ranked, filtered by risk or
   * asked with withRisk=true; left out of GET /rest/tpi/{customerId}, which the cockpit asks per
   * row and which shows none of them.
   */
  risk: TpiRiskSchema.optional(),
});
export type TpiCustomerData = z.infer<typeof TpiCustomerDataSchema>;

export const TpiPageSchema = z.object({
  data: z.array(TpiCustomerDataSchema),
  page: z.number().int().nonnegative(),
  size: z.number().int().positive(),
  total: z.number().int().nonnegative(),
});
export type TpiPage = z.infer<typeof TpiPageSchema>;

/*
 * Clicking for several customers at once (docs/tpi.md, "Clicking for several customers"): a
 * preview makes one real quote per customer and contract, then one confirmation executes each
 * through the single click's path with its own idempotency key.
 */

/** As many customers as the overview shows on one page. */
export const MULTI_CLICK_MAX_CUSTOMERS = TPI_MAX_PAGE_SIZE;
/** A customer may have several contracts of one commodity. */
export const MULTI_CLICK_MAX_ITEMS = 1000;

const uniqueIds = <T>(values: T[]) => new Set(values).size === values.length;

/** POST /rest/tpi/multi-click/preview: a position (e.g. Cal-2027 Power = Y 2027) and a share. */
export const MultiClickPreviewBodySchema = z.object({
  customerIds: z
    .array(IdSchema)
    .min(1)
    .max(MULTI_CLICK_MAX_CUSTOMERS)
    .refine(uniqueIds, 'each customer once'),
  commodity: CommoditySchema,
  yearOfSupply: YearOfSupplySchema,
  maturity: MaturitySchema,
  market: MarketSchema.default('OTC'),
  /** Percent of each part's open volume, at most 2 decimals. */
  percentage: PercentageInputSchema,
  /** The quotes of an earlier preview this one replaces; they are given up first. */
  replacesQuoteIds: z.array(z.uuid()).max(MULTI_CLICK_MAX_ITEMS).default([]),
});
export type MultiClickPreviewBody = z.infer<typeof MultiClickPreviewBodySchema>;

/** Why something was not done: the code the single click would have answered. */
export const MultiClickRefusalSchema = z.object({
  code: z.string(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).optional(),
});
export type MultiClickRefusal = z.infer<typeof MultiClickRefusalSchema>;

/** One contract of the customer holding the position: its quote, or why it cannot be clicked. */
export const MultiClickLineSchema = z.object({
  contractId: z.string(),
  product: z.string(),
  /** Volume per part, click price, cost and what confirming needs, held 5 minutes. */
  quote: QuoteSchema.nullable(),
  /** Set when quote is null: a DC_ reason, CLICK_LIMIT_REACHED, VOLUME_TOO_LOW, ... */
  refusal: MultiClickRefusalSchema.nullable(),
});
export type MultiClickLine = z.infer<typeof MultiClickLineSchema>;

export const MultiClickCustomerSchema = z.object({
  customerId: IdSchema,
  customerName: z.string(),
  /** The consultant's mandate: their link to the customer is not read-only and may click. */
  mayClick: z.boolean(),
  /** The customer's contracts of the commodity with the year; none without a mandate. */
  lines: z.array(MultiClickLineSchema),
});
export type MultiClickCustomer = z.infer<typeof MultiClickCustomerSchema>;

export const MultiClickPreviewSchema = z.object({
  customers: z.array(MultiClickCustomerSchema),
});
export type MultiClickPreview = z.infer<typeof MultiClickPreviewSchema>;

/** POST /rest/tpi/multi-click/execute: each item is one single click's confirmation. */
export const MultiClickExecuteBodySchema = z.object({
  items: z
    .array(ExecuteBodySchema)
    .min(1)
    .max(MULTI_CLICK_MAX_ITEMS)
    .refine((items) => uniqueIds(items.map((item) => item.quoteId)), 'each quote once')
    .refine(
      (items) => uniqueIds(items.map((item) => item.idempotencyKey)),
      'an idempotency key per quote',
    ),
});
export type MultiClickExecuteBody = z.infer<typeof MultiClickExecuteBodySchema>;

/** One item's outcome: the click (made now or by an earlier try with the key), or the refusal. */
export const MultiClickOutcomeSchema = z.object({
  quoteId: z.uuid(),
  idempotencyKey: z.uuid(),
  /** Null when the quote is not the caller's. */
  customerId: IdSchema.nullable(),
  contractId: z.string().nullable(),
  click: ClickDetailSchema.nullable(),
  refusal: MultiClickRefusalSchema.nullable(),
});
export type MultiClickOutcome = z.infer<typeof MultiClickOutcomeSchema>;

export const MultiClickResultSchema = z.object({
  /** In the order of the items. */
  outcomes: z.array(MultiClickOutcomeSchema),
});
export type MultiClickResult = z.infer<typeof MultiClickResultSchema>;
