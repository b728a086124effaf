import { z } from 'zod';
import { MATURITIES, priceAlertPriceProblem, type PriceAlertDirection } from '@klik/domain';
import {
  decimalString,
  DaySchema,
  IdParamSchema,
  INT4_MAX,
  MAX_YEAR_OF_SUPPLY,
  MIN_YEAR_OF_SUPPLY,
  WholeNumberParamSchema,
} from './bounded.schemas';
import { PageSchema, VersionSchema } from './admin.schemas';
import { ContractIdSchema, DecimalStringSchema } from './positions.schemas';

/*
 * Price alerts (docs/price-alerts.md): per contract, part, year of supply, maturity and market a
 * threshold on the market price in one direction, with recipients and an expiry day. Each field
 * the spec names answers its own code (section 5: must select direction, period, price,
 * recipient, year; invalid price), which the form shows beside the field.
 */

export const PRICE_ALERT_PATHS = {
  list: '/rest/pricealerts/:customerId',
  options: '/rest/pricealerts/:customerId/options',
  alert: '/rest/pricealerts/:customerId/:alertId',
} as const;

/** A database id in a body that answers one field's code whatever is wrong with it. */
function codedId(code: string) {
  return z
    .number({ error: code })
    .int({ error: code })
    .min(1, { error: code })
    .max(INT4_MAX, { error: code });
}

/** The domain's directions (PRICE_ALERT_DIRECTIONS), as a tuple zod can type. */
const DIRECTIONS = [
  'EQUAL_OR_LOWER',
  'EQUAL_OR_HIGHER',
] as const satisfies readonly PriceAlertDirection[];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const PriceAlertDirectionSchema = z.enum(DIRECTIONS);
export const PriceAlertMarketSchema = z.enum(['OTC', 'ICE']);
export const PriceAlertPartSchema = z.enum(['Gas', 'Peak', 'OffPeak']);
const MaturityChoiceSchema = z.enum(MATURITIES);

/** EUR/MWh as typed, with a point: more than 0, below 99999999, at most 4 decimals. */
export const PriceAlertPriceSchema = decimalString(
  z
    .string({ error: (issue) => (issue.input == null ? 'PRICE_REQUIRED' : 'ALERT_PRICE_INVALID') })
    .max(40, { error: 'ALERT_PRICE_INVALID' })
    .trim()
    .superRefine((value, ctx) => {
      const problem = priceAlertPriceProblem(value);
      if (problem !== null) {
        ctx.addIssue({
          code: 'custom',
          message: problem === 'REQUIRED' ? 'PRICE_REQUIRED' : 'ALERT_PRICE_INVALID',
        });
      }
    }),
);

/** What an alert says, as created and as edited. */
export const PriceAlertDraftSchema = z.object({
  /** The contract's row id (PriceAlertOptions.contracts[].id). */
  contract: codedId('CONTRACT_REQUIRED'),
  /** Optional for a gas contract (its one part); Peak or OffPeak for power. */
  part: z.enum(['Gas', 'Peak', 'OffPeak'], { error: 'PART_REQUIRED' }).nullable().optional(),
  yearOfSupply: z
    .number({ error: 'YEAR_REQUIRED' })
    .int({ error: 'YEAR_REQUIRED' })
    .min(MIN_YEAR_OF_SUPPLY, { error: 'YEAR_REQUIRED' })
    .max(MAX_YEAR_OF_SUPPLY, { error: 'YEAR_REQUIRED' }),
  maturity: z.enum(MATURITIES, { error: 'PERIOD_REQUIRED' }),
  market: z.enum(['OTC', 'ICE'], { error: 'MARKET_REQUIRED' }),
  direction: z.enum(DIRECTIONS, {
    error: 'DIRECTION_REQUIRED',
  }),
  price: PriceAlertPriceSchema,
  recipients: z
    .array(codedId('RECIPIENT_INVALID'), { error: 'RECIPIENT_REQUIRED' })
    .min(1, { error: 'RECIPIENT_REQUIRED' })
    .max(200, { error: 'RECIPIENT_INVALID' }),
  /** The last Amsterdam day it may fire (inclusive). */
  expiresOn: z
    .string({ error: 'EXPIRY_REQUIRED' })
    .min(1, { error: 'EXPIRY_REQUIRED' })
    .regex(DAY, { error: 'EXPIRY_INVALID' })
    .refine((day) => DaySchema.safeParse(day).success, { error: 'EXPIRY_INVALID' }),
});
export type PriceAlertDraft = z.infer<typeof PriceAlertDraftSchema>;

export const CreatePriceAlertBodySchema = PriceAlertDraftSchema;
export type CreatePriceAlertBody = PriceAlertDraft;

/** An edit replaces the alert on top of `version` (else 409 VERSION_CONFLICT). */
export const SavePriceAlertBodySchema = PriceAlertDraftSchema.extend({ version: VersionSchema });
export type SavePriceAlertBody = z.infer<typeof SavePriceAlertBodySchema>;

export const DeletePriceAlertQuerySchema = z.object({
  version: WholeNumberParamSchema(1, 2_147_483_647),
});

export const PriceAlertCustomerParamsSchema = z.object({ customerId: IdParamSchema });
export const PriceAlertParamsSchema = z.object({
  customerId: IdParamSchema,
  alertId: IdParamSchema,
});

export const PriceAlertStatusSchema = z.enum(['ACTIVE', 'EXPIRED']);
export type PriceAlertStatus = z.infer<typeof PriceAlertStatusSchema>;

export const PriceAlertListQuerySchema = z.object({
  page: WholeNumberParamSchema(0, 10_000).default(0),
  size: WholeNumberParamSchema(1, 100).default(20),
  /** The contract's row id. */
  contract: IdParamSchema.optional(),
  status: PriceAlertStatusSchema.optional(),
});
export type PriceAlertListQuery = z.input<typeof PriceAlertListQuerySchema>;

export const PriceAlertRecipientSchema = z.object({ id: z.number().int(), name: z.string() });

export const PriceAlertSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  contract: z.number().int(),
  contractId: ContractIdSchema.or(z.string()),
  commodity: z.enum(['Power', 'Gas']),
  part: PriceAlertPartSchema,
  yearOfSupply: z.number().int(),
  maturity: MaturityChoiceSchema,
  market: PriceAlertMarketSchema,
  direction: PriceAlertDirectionSchema,
  /** EUR/MWh, the threshold as set (up to 4 decimals). */
  price: DecimalStringSchema,
  recipients: z.array(PriceAlertRecipientSchema),
  expiresOn: z.string(),
  status: PriceAlertStatusSchema,
  /** Whether the last price the alert saw met it (null: none seen yet since it was set). */
  met: z.boolean().nullable(),
  /** When it last fired and at which price (EUR/MWh), if ever since it was set. */
  lastFiredAt: z.iso.datetime().nullable(),
  lastFiredPrice: DecimalStringSchema.nullable(),
  createdAt: z.iso.datetime(),
});
export type PriceAlertView = z.infer<typeof PriceAlertSchema>;

export const PriceAlertPageSchema = PageSchema(PriceAlertSchema);
export type PriceAlertPage = z.infer<typeof PriceAlertPageSchema>;

/** What the form chooses from, and whether the caller may change the customer's alerts. */
export const PriceAlertOptionsSchema = z.object({
  mayManage: z.boolean(),
  contracts: z.array(
    z.object({
      id: z.number().int(),
      contractId: z.string(),
      commodity: z.enum(['Power', 'Gas']),
      yearsOfSupply: z.array(z.number().int()),
    }),
  ),
  recipients: z.array(PriceAlertRecipientSchema),
});
export type PriceAlertOptions = z.infer<typeof PriceAlertOptionsSchema>;
