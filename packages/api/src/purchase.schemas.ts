import { z } from 'zod';
import { decimalString, IdParamSchema, IdSchema, YearOfSupplySchema } from './bounded.schemas';
import { MarketProductSchema, MarketSchema } from './market.schemas';
import {
  ContractIdSchema,
  ContractPartNameSchema,
  DecimalStringSchema,
  MaturitySchema,
} from './positions.schemas';

/** A volume the user types: MWh, positive, at most 3 decimals (kWh). */
export const VolumeInputSchema = decimalString(
  z.string().regex(/^\d{1,12}(\.\d{1,3})?$/, 'a volume in MWh with at most 3 decimals'),
);

/** A share of the open volume in percent: more than 0, at most 100, at most 2 decimals. */
export const PercentageInputSchema = decimalString(
  z
    .string()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, 'a percentage with at most 2 decimals')
    .refine((value) => Number(value) > 0 && Number(value) <= 100, 'from 0 (exclusive) to 100'),
);

/** The price a click fixes at (docs/domain.md, trading window). */
export const PriceSourceSchema = z.enum(['OTC_LIVE', 'ICE_END_OF_DAY', 'ICE_OVERNIGHT']);

export const ClickStatusSchema = z.enum([
  'PENDING_APPROVAL',
  'IN_PROGRESS',
  'COMPLETED',
  'REJECTED',
  'EXPIRED',
]);
export type ClickStatus = z.infer<typeof ClickStatusSchema>;

/**
 * POST /rest/purchase/quote: the price of a click, fixed for the quote's lifetime (5 minutes).
 * The share is either a percentage of each part's open volume or a volume per part.
 */
export const QuoteBodySchema = z
  .object({
    customerId: IdSchema,
    contractId: ContractIdSchema,
    yearOfSupply: YearOfSupplySchema,
    maturity: MaturitySchema,
    market: MarketSchema,
    percentage: PercentageInputSchema.optional(),
    volumes: z.partialRecord(ContractPartNameSchema, VolumeInputSchema).optional(),
  })
  .refine((body) => (body.percentage === undefined) !== (body.volumes === undefined), {
    message: 'give either percentage or volumes',
  });
export type QuoteBody = z.infer<typeof QuoteBodySchema>;

/** The volume a click of one part may have (MWh): at least min, at most max (the open volume). */
export const VolumeLimitsSchema = z.object({
  min: DecimalStringSchema,
  max: DecimalStringSchema,
});

export const QuotePartSchema = z.object({
  name: ContractPartNameSchema,
  /** MWh the click fixes (after runout). */
  volume: DecimalStringSchema,
  /** MWh open before the click. */
  openVolume: DecimalStringSchema,
  /** The part's total volume for the position, MWh. */
  totalVolume: DecimalStringSchema,
  /** EUR/MWh: the live OTC price, or for ICE the last known ICE price (indicative). */
  marketPrice: DecimalStringSchema,
  markUp: DecimalStringSchema,
  transactionFee: DecimalStringSchema,
  /** marketPrice + markUp + transactionFee, EUR/MWh. */
  clickPrice: DecimalStringSchema,
  /** EUR, volume x clickPrice rounded to cents. */
  cost: DecimalStringSchema,
  /** True when less than 1% of the contracted volume would have stayed open, so it is included. */
  runoutApplied: z.boolean(),
  limits: VolumeLimitsSchema,
  /**
   * The margin scenario version whose mark-up and fee priced the part (docs/margins.md); null or
   * absent: the contract's own.
   */
  marginScenario: z
    .object({ scenarioId: z.number().int(), version: z.number().int() })
    .nullable()
    .optional(),
  /** The market product whose price priced the part (its pricing ID, docs/margins.md). */
  marketProduct: MarketProductSchema.optional(),
});
export type QuotePart = z.infer<typeof QuotePartSchema>;

export const QuoteSchema = z.object({
  quoteId: z.uuid(),
  customerId: z.number().int(),
  contractId: z.string(),
  yearOfSupply: z.number().int(),
  maturity: MaturitySchema,
  market: MarketSchema,
  priceSource: PriceSourceSchema,
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  parts: z.array(QuotePartSchema),
  /** EUR: the sum of the parts' costs. */
  totalCost: DecimalStringSchema,
  /** What confirming needs besides the quote. */
  requires: z.object({
    /** The terms version to accept, or null when the current version is already accepted. */
    termsVersion: z.number().int().nullable(),
    sms: z.boolean(),
    /**
     * The SMS code may be replaced by a code from the user's authenticator app: the customer
     * allows it and the user has one set up (docs/purchase.md). Absent means false.
     */
    totp: z.boolean().optional(),
    approval: z.boolean(),
  }),
});
export type Quote = z.infer<typeof QuoteSchema>;

/** POST /rest/purchase/execute: confirms a quote. The same idempotencyKey again answers the same click. */
export const ExecuteBodySchema = z.object({
  quoteId: z.uuid(),
  /** Client-generated UUID, kept across retries of one confirmation. */
  idempotencyKey: z.uuid(),
  /** The terms version the user accepts with this confirmation, when not accepted before. */
  acceptedTermsVersion: IdSchema.optional(),
  smsCode: z
    .string()
    .regex(/^\d{6}$/, 'six digits')
    .optional(),
  /** Instead of smsCode where requires.totp: the current code of the authenticator app. */
  totpCode: z
    .string()
    .regex(/^\d{6}$/, 'six digits')
    .optional(),
});
export type ExecuteBody = z.infer<typeof ExecuteBodySchema>;

export const ClickPartSchema = z.object({
  name: ContractPartNameSchema,
  volume: DecimalStringSchema,
  /** Click price EUR/MWh; for an ICE click the indicative price until it completes. */
  price: DecimalStringSchema,
  /** Null for clicks made outside the portal's quotes (auto-click, imported history). */
  marketPrice: DecimalStringSchema.nullable(),
  markUp: DecimalStringSchema.nullable(),
  transactionFee: DecimalStringSchema.nullable(),
  cost: DecimalStringSchema,
});

/** A click as the purchase flow and the click overview show it. */
export const ClickDetailSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  contractId: z.string(),
  commodity: z.enum(['Power', 'Gas']),
  product: z.string(),
  yearOfSupply: z.number().int(),
  maturity: MaturitySchema,
  market: MarketSchema,
  priceSource: PriceSourceSchema.nullable(),
  status: ClickStatusSchema,
  /** PENDING_APPROVAL or IN_PROGRESS (spec: inProgress; DC_31 on overlapping positions). */
  inProgress: z.boolean(),
  auto: z.boolean(),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  createdBy: z.string().nullable(),
  /**
   * Who made the click while signed in as createdBy (login-as: a TPI consultant acting for the
   * customer, or an administrator); null when createdBy made it themselves.
   */
  createdByImpersonator: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  /** Until when an approver may approve (PENDING_APPROVAL only). */
  approvalDeadline: z.iso.datetime().nullable(),
  /** The signed-in user may approve or reject this click now (four-eyes, never its creator). */
  mayDecide: z.boolean(),
  parts: z.array(ClickPartSchema),
  totalCost: DecimalStringSchema,
});
export type ClickDetail = z.infer<typeof ClickDetailSchema>;

export const ExecuteResponseSchema = z.object({ click: ClickDetailSchema });
export type ExecuteResponse = z.infer<typeof ExecuteResponseSchema>;

export const TermsSchema = z.object({
  version: z.number().int(),
  /** The terms text in the request's locale. */
  body: z.string(),
  publishedAt: z.iso.datetime(),
  accepted: z.boolean(),
});
export type Terms = z.infer<typeof TermsSchema>;

export const AcceptTermsBodySchema = z.object({ version: IdSchema });
export type AcceptTermsBody = z.infer<typeof AcceptTermsBodySchema>;

/** POST /rest/purchase/sms: sends a new 6-digit code for a quote to the user's mobile number. */
export const SendSmsBodySchema = z.object({ quoteId: z.uuid() });
export const SmsSentSchema = z.object({
  /** The number the code went to, masked but for the last digits. */
  sentTo: z.string(),
  expiresAt: z.iso.datetime(),
  attemptsLeft: z.number().int(),
});
export type SmsSent = z.infer<typeof SmsSentSchema>;

export const QuoteIdParamsSchema = z.object({ quoteId: z.uuid() });

export const ClickIdParamsSchema = z.object({ clickId: IdParamSchema });

/** REST paths of the purchase flow (docs/purchase.md). */
export const PURCHASE_PATHS = {
  quote: '/rest/purchase/quote',
  cancelQuote: '/rest/purchase/quote/:quoteId',
  execute: '/rest/purchase/execute',
  sms: '/rest/purchase/sms',
  terms: '/rest/purchase/terms/:customerId',
  acceptTerms: '/rest/purchase/terms/:customerId/accept',
  click: '/rest/purchase/click/:clickId',
  approve: '/rest/clicks/:clickId/approve',
  reject: '/rest/clicks/:clickId/reject',
  /** Development only (SMS_DEV_OUTBOX): the SMS codes the development gateway kept. */
  devSmsOutbox: '/rest/dev/sms-outbox',
  /** Development only: the simulated click desk's state. */
  devClickDesk: '/rest/dev/click-desk',
} as const;
