import { z } from 'zod';
import {
  STANDING_ORDER_LAPSE_REASONS,
  STANDING_ORDER_STATUSES,
  STANDING_ORDER_WAITING_REASONS,
} from '@klik/domain';
import { PageQuerySchema, PageSchema } from './admin.schemas';
import {
  DaySchema,
  IdParamSchema,
  IdSchema,
  TextSchema,
  YearOfSupplySchema,
} from './bounded.schemas';
import { MarketSchema } from './market.schemas';
import {
  ContractIdSchema,
  ContractPartNameSchema,
  DecimalStringSchema,
  MaturitySchema,
} from './positions.schemas';
import { PercentageInputSchema, VolumeInputSchema } from './purchase.schemas';

/*
 * Standing orders (docs/standing-orders.md): a click the server makes for the customer when the
 * click price of a position reaches a limit (at or below) or a stop (at or above).
 */

export const STANDING_ORDER_PATHS = {
  /** POST: place an order. */
  orders: '/rest/standingorders',
  /** POST: send an SMS code that confirms the next order of the customer. */
  sms: '/rest/standingorders/sms',
  /** GET: the customer's orders, paged and filtered. */
  list: '/rest/standingorders/:customerId',
  /** DELETE: cancel an active order. */
  order: '/rest/standingorders/:customerId/:orderId',
} as const;

export const StandingOrderStatusSchema = z.enum(STANDING_ORDER_STATUSES);
export type StandingOrderStatusName = z.infer<typeof StandingOrderStatusSchema>;
export const StandingOrderWaitingReasonSchema = z.enum(STANDING_ORDER_WAITING_REASONS);
export const StandingOrderLapseReasonSchema = z.enum(STANDING_ORDER_LAPSE_REASONS);

/** EUR/MWh a threshold is set at: more than 0 (checked by the domain), at most 4 decimals. */
export const TriggerPriceInputSchema = TextSchema(13, { invalid: 'PRICE_INVALID' }).regex(
  /^\d{1,8}(\.\d{1,4})?$/,
  { error: 'PRICE_INVALID' },
);

const SecondFactorCodeSchema = z.string().regex(/^\d{6}$/, 'six digits');

/**
 * POST /rest/standingorders. The share is a percentage of each part's open volume when it
 * executes, or a volume per part (MWh). validUntil defaults to the position's last trading day.
 * Terms and the second factor are given here, when placing: the click the order makes later asks
 * for neither.
 */
export const PlaceStandingOrderBodySchema = z
  .object({
    customerId: IdSchema,
    contractId: ContractIdSchema,
    yearOfSupply: YearOfSupplySchema,
    maturity: MaturitySchema,
    market: MarketSchema.default('OTC'),
    percentage: PercentageInputSchema.optional(),
    volumes: z.partialRecord(ContractPartNameSchema, VolumeInputSchema).optional(),
    limitPrice: TriggerPriceInputSchema.nullable().optional(),
    stopPrice: TriggerPriceInputSchema.nullable().optional(),
    validUntil: DaySchema.optional(),
    acceptedTermsVersion: IdSchema.optional(),
    smsCode: SecondFactorCodeSchema.optional(),
    totpCode: SecondFactorCodeSchema.optional(),
  })
  .refine((body) => (body.percentage === undefined) !== (body.volumes === undefined), {
    message: 'give either percentage or volumes',
  });
export type PlaceStandingOrderBody = z.input<typeof PlaceStandingOrderBodySchema>;

/** POST /rest/standingorders/sms: a code for placing an order for this customer. */
export const StandingOrderSmsBodySchema = z.object({ customerId: IdSchema });
export type StandingOrderSmsBody = z.infer<typeof StandingOrderSmsBodySchema>;

export const StandingOrderListParamsSchema = z.object({ customerId: IdParamSchema });
export const StandingOrderParamsSchema = z.object({
  customerId: IdParamSchema,
  orderId: IdParamSchema,
});

/** GET /rest/standingorders/{customerId}: newest first; filters by status and contract. */
export const StandingOrderQuerySchema = PageQuerySchema.extend({
  status: StandingOrderStatusSchema.optional(),
  contractId: ContractIdSchema.optional(),
});
export type StandingOrderQuery = z.input<typeof StandingOrderQuerySchema>;
export type StandingOrderFilter = z.infer<typeof StandingOrderQuerySchema>;

/** An order as the list, the dashboard panel and placing answer it. */
export const StandingOrderSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  contractId: z.string(),
  product: z.string(),
  yearOfSupply: z.number().int(),
  maturity: MaturitySchema,
  market: MarketSchema,
  /** Percent of each part's open volume when it executes; null when volumes are set. */
  percentage: DecimalStringSchema.nullable(),
  /** MWh per part; null when a percentage is set. */
  volumes: z.partialRecord(ContractPartNameSchema, DecimalStringSchema).nullable(),
  /** EUR/MWh: executes when the click price is at or below it. */
  limitPrice: DecimalStringSchema.nullable(),
  /** EUR/MWh: executes when the click price is at or above it. */
  stopPrice: DecimalStringSchema.nullable(),
  /** The last Amsterdam day it may execute (at most the position's last trading day). */
  validUntil: z.iso.date(),
  status: StandingOrderStatusSchema,
  /** ACTIVE only: why the last price that met it did not execute (the click path's code). */
  waitingReason: StandingOrderWaitingReasonSchema.nullable(),
  lapseReason: StandingOrderLapseReasonSchema.nullable(),
  createdAt: z.iso.datetime(),
  createdBy: z.string().nullable(),
  /** The user may cancel it now (ACTIVE, and not read-only for the customer). */
  mayCancel: z.boolean(),
  endedAt: z.iso.datetime().nullable(),
  /** EXECUTED: the click it made, the threshold met and the click price that met it. */
  clickId: z.number().int().nullable(),
  triggeredBy: z.enum(['LIMIT', 'STOP']).nullable(),
  /** EUR/MWh, 4 decimals: the quote's (volume-weighted) click price that met the threshold. */
  triggerClickPrice: DecimalStringSchema.nullable(),
  /** The market price (EUR/MWh) that entered the portal and triggered it. */
  triggerMarketPrice: DecimalStringSchema.nullable(),
});
export type StandingOrder = z.infer<typeof StandingOrderSchema>;

export const StandingOrderPageSchema = PageSchema(StandingOrderSchema);
export type StandingOrderPage = z.infer<typeof StandingOrderPageSchema>;
