import { z } from 'zod';
import { isDecimalString, isProfileValid, MAX_DEADLINE_TRADING_DAYS, partsOf } from '@klik/domain';
import { PageQuerySchema, PageSchema, SearchParamSchema, SortParamSchema } from './admin.schemas';
import {
  decimalString,
  IdParamSchema,
  IdSchema,
  TextSchema,
  YearOfSupplySchema,
} from './bounded.schemas';
import {
  ClickTypeSchema,
  CommoditySchema,
  ContractPartNameSchema,
  DecimalStringSchema,
  MarketOptionSchema,
} from './positions.schemas';

/** REST paths of managecontract. */
export const CONTRACT_PATHS = {
  contracts: '/rest/admin/contracts',
  contract: '/rest/admin/contracts/:id',
  /** The bulk import (docs/contracts-import.md); ?dryRun=true only checks. */
  import: '/rest/admin/contracts/import',
} as const;

/** A contract's internal id in a path (the Contract-ID may change; the id does not). */
export const AdminContractParamsSchema = z.object({ id: IdParamSchema });

/*
 * Contracts in the administrative area (managecontract) and in the import (docs/contracts.md).
 * The same input schema serves the screen, the import's rows and the REST import, so a contract
 * is valid in one place. Field errors are codes (FIELD_ERROR_CODES) the web shows at the field.
 */

/** A decimal with at most `decimals` places, not negative, within `maxInteger` integer digits. */
function NonNegativeDecimalSchema(
  maxInteger: number,
  decimals: number,
  codes: { required: string; invalid: string },
) {
  const pattern = new RegExp(`^\\d{1,${maxInteger}}(\\.\\d{1,${decimals}})?$`);
  return decimalString(
    TextSchema(maxInteger + decimals + 1, codes)
      .trim()
      .min(1, { error: codes.required })
      .regex(pattern, { error: codes.invalid }),
    `At most ${decimals} decimals, not negative.`,
  );
}

/** MWh with at most 3 decimals (the ledger's NUMERIC(18,3)). */
export const MwhInputSchema = NonNegativeDecimalSchema(15, 3, {
  required: 'VOLUME_REQUIRED',
  invalid: 'VOLUME_INVALID',
});

/** EUR/MWh with at most 4 decimals (NUMERIC(12,4)): mark-ups and transaction fees. */
export const UnitPriceInputSchema = NonNegativeDecimalSchema(8, 4, {
  required: 'PRICE_REQUIRED',
  invalid: 'PRICE_INVALID',
});

/** EUR with at most 2 decimals (NUMERIC(14,2)): the lump sum. */
export const AmountInputSchema = NonNegativeDecimalSchema(12, 2, {
  required: 'AMOUNT_REQUIRED',
  invalid: 'AMOUNT_INVALID',
});

/** A share in percent, 0 to 100 with at most 2 decimals. */
export const ShareInputSchema = NonNegativeDecimalSchema(3, 2, {
  required: 'PERCENTAGE_REQUIRED',
  invalid: 'PERCENTAGE_INVALID',
}).refine((value) => Number(value) <= 100, { error: 'PERCENTAGE_INVALID' });

export const ContractIdInputSchema = TextSchema(40, {
  required: 'CONTRACT_ID_REQUIRED',
  invalid: 'CONTRACT_ID_INVALID',
})
  .trim()
  .min(1, { error: 'CONTRACT_ID_REQUIRED' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{2,39}$/, { error: 'CONTRACT_ID_INVALID' });

export const ProductInputSchema = TextSchema(100, {
  required: 'PRODUCT_REQUIRED',
  invalid: 'PRODUCT_INVALID',
})
  .trim()
  .min(1, { error: 'PRODUCT_REQUIRED' });

/** 12 shares in percent, January first, summing to exactly 100. */
export const MonthlyProfileSchema = z
  .array(ShareInputSchema)
  .length(12, { error: 'PROFILE_SUM_INVALID' })
  // Shares that are not decimals are already refused one by one; the sum is asked of valid ones.
  .refine((shares) => !shares.every(isDecimalString) || isProfileValid(shares), {
    error: 'PROFILE_SUM_INVALID',
  });

/** A part's contracted volume for one year of supply and how it is spread over the months. */
export const ContractVolumeInputSchema = z.object({
  yearOfSupply: YearOfSupplySchema,
  part: ContractPartNameSchema,
  /** MWh for the whole year. */
  volume: MwhInputSchema,
  /** null: flat (the same volume every month, to the kWh). */
  profile: MonthlyProfileSchema.nullable(),
});
export type ContractVolumeInput = z.infer<typeof ContractVolumeInputSchema>;

/** A part's mark-up and transaction fee, EUR/MWh, added to the market price of a click. */
export const ContractPricingInputSchema = z.object({
  part: ContractPartNameSchema,
  markUp: UnitPriceInputSchema,
  transactionFee: UnitPriceInputSchema,
});
export type ContractPricingInput = z.infer<typeof ContractPricingInputSchema>;

export const ContractClickLimitsInputSchema = z
  .object({
    /** null: no limit. */
    maxClicksPerYear: z.number().int().min(1).max(10_000).nullable(),
    /** The smallest click per part, percent of the position's total volume. */
    minClickPercentage: ShareInputSchema,
    /** The largest click per part, percent of the position's total volume. */
    maxClickPercentage: ShareInputSchema,
  })
  .refine((limits) => Number(limits.minClickPercentage) <= Number(limits.maxClickPercentage), {
    error: 'CLICK_SHARE_RANGE_INVALID',
    path: ['maxClickPercentage'],
  });
export type ContractClickLimitsInput = z.infer<typeof ContractClickLimitsInputSchema>;

const DeadlineDaysSchema = z
  .number({ error: 'DEADLINE_DAYS_INVALID' })
  .int({ error: 'DEADLINE_DAYS_INVALID' })
  .min(1, { error: 'DEADLINE_DAYS_INVALID' })
  .max(MAX_DEADLINE_TRADING_DAYS, { error: 'DEADLINE_DAYS_INVALID' });

/**
 * Per period type the Nth trading day before delivery starts is the last day to click it
 * (1: the last trading day before delivery, the portal's default).
 */
export const DeadlineRuleSchema = z.object({
  YEAR: DeadlineDaysSchema,
  QUARTER: DeadlineDaysSchema,
  MONTH: DeadlineDaysSchema,
});
export type DeadlineRuleInput = z.infer<typeof DeadlineRuleSchema>;

const ContractFieldsSchema = z.object({
  customerId: IdSchema,
  contractId: ContractIdInputSchema,
  commodity: CommoditySchema,
  product: ProductInputSchema,
  clickType: ClickTypeSchema,
  marketOption: MarketOptionSchema,
  /** Every part of every year of supply, once: the years of supply are the years named here. */
  volumes: z.array(ContractVolumeInputSchema).min(1, { error: 'YEARS_REQUIRED' }).max(60),
  /** Each of the commodity's parts once (partsOf). */
  pricing: z.array(ContractPricingInputSchema).min(1).max(2),
  /**
   * The margin scenario whose mark-ups and fees price this contract's clicks instead of pricing
   * (managemargins); null or absent: none.
   */
  marginScenarioId: IdSchema.nullable().optional(),
  lumpSum: AmountInputSchema,
  /** A remainder below 1% of a part is added to the click that leaves it (spec section 9). */
  runOut: z.boolean(),
  clickLimits: ContractClickLimitsInputSchema,
  deadlineRule: DeadlineRuleSchema,
  /** null: as the customer says (customers.require_sms). */
  requireSms: z.boolean().nullable(),
  /** Four-eyes; null: as the customer says (customers.require_approval). */
  requireApproval: z.boolean().nullable(),
  /** The customer's dashboards the contract appears on. */
  dashboardIds: z.array(IdSchema).max(50),
});

/**
 * A contract as the back office writes it. The parts named in volumes and pricing must be the
 * commodity's parts (PARTS_INVALID), each year and part once (YEAR_DUPLICATE).
 */
export const ContractInputSchema = ContractFieldsSchema.superRefine((input, ctx) => {
  const parts: readonly string[] = partsOf(input.commodity);
  input.volumes.forEach((volume, index) => {
    if (!parts.includes(volume.part)) {
      ctx.addIssue({ code: 'custom', message: 'PARTS_INVALID', path: ['volumes', index, 'part'] });
    }
    const first = input.volumes.findIndex(
      (other) => other.yearOfSupply === volume.yearOfSupply && other.part === volume.part,
    );
    if (first !== index) {
      ctx.addIssue({
        code: 'custom',
        message: 'YEAR_DUPLICATE',
        path: ['volumes', index, 'yearOfSupply'],
      });
    }
  });
  const years = new Set(input.volumes.map((volume) => volume.yearOfSupply));
  for (const year of years) {
    for (const part of parts) {
      if (!input.volumes.some((v) => v.yearOfSupply === year && v.part === part)) {
        ctx.addIssue({ code: 'custom', message: 'PARTS_INVALID', path: ['volumes'] });
      }
    }
  }
  const priced: readonly string[] = input.pricing.map((p) => p.part);
  if (priced.length !== parts.length || parts.some((part) => !priced.includes(part))) {
    ctx.addIssue({ code: 'custom', message: 'PARTS_INVALID', path: ['pricing'] });
  }
  if (new Set(input.dashboardIds).size !== input.dashboardIds.length) {
    ctx.addIssue({ code: 'custom', message: 'duplicate dashboard', path: ['dashboardIds'] });
  }
});
export type ContractInput = z.infer<typeof ContractInputSchema>;

/** POST contracts. */
export const CreateContractBodySchema = ContractInputSchema;
export type CreateContractBody = ContractInput;

/**
 * PUT contracts/{id}: the whole contract on the revision read; a newer revision answers 409
 * VERSION_CONFLICT with details.currentVersion. Clicks do not raise the revision.
 */
export const UpdateContractBodySchema = z.object({
  version: z.number().int().min(1).max(2_147_483_647),
  contract: ContractInputSchema,
});
export type UpdateContractBody = z.infer<typeof UpdateContractBodySchema>;

/** A part's volume for one year as stored, with what is already clicked of it. */
export const ContractVolumeSchema = z.object({
  yearOfSupply: z.number().int(),
  part: ContractPartNameSchema,
  volume: DecimalStringSchema,
  profile: z.array(DecimalStringSchema).length(12).nullable(),
  /** MWh clicked (completed and reserved) per month, January first: the floor of each month. */
  clickedByMonth: z.array(DecimalStringSchema).length(12),
});
export type ContractVolume = z.infer<typeof ContractVolumeSchema>;

/** A contract in the managecontract list. */
export const ContractListItemSchema = z.object({
  id: z.number().int(),
  contractId: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  commodity: CommoditySchema,
  product: z.string(),
  clickType: ClickTypeSchema,
  marketOption: MarketOptionSchema,
  yearsOfSupply: z.array(z.number().int()),
  /** MWh over every year and part. */
  contractedVolume: DecimalStringSchema,
  updatedAt: z.iso.datetime(),
  version: z.number().int(),
});
export type ContractListItem = z.infer<typeof ContractListItemSchema>;

/** The contract as the server keeps it: the input's fields as stored plus what clicks pin. */
export const ContractDetailSchema = ContractListItemSchema.extend({
  volumes: z.array(ContractVolumeSchema),
  pricing: z.array(
    z.object({
      part: ContractPartNameSchema,
      markUp: DecimalStringSchema,
      transactionFee: DecimalStringSchema,
    }),
  ),
  marginScenarioId: z.number().int().nullable().optional(),
  lumpSum: DecimalStringSchema,
  runOut: z.boolean(),
  clickLimits: z.object({
    maxClicksPerYear: z.number().int().nullable(),
    minClickPercentage: DecimalStringSchema,
    maxClickPercentage: DecimalStringSchema,
  }),
  deadlineRule: DeadlineRuleSchema,
  requireSms: z.boolean().nullable(),
  requireApproval: z.boolean().nullable(),
  dashboardIds: z.array(z.number().int()),
  /** Years of supply with any click (also pending or ended): they cannot be removed. */
  clickYears: z.array(z.number().int()),
  /** Whether the contract has clicks: its customer and commodity are then fixed. */
  hasClicks: z.boolean(),
});
export type ContractDetail = z.infer<typeof ContractDetailSchema>;

export const CONTRACT_SORT_FIELDS = ['contractId', 'customer', 'updatedAt'] as const;

/** GET contracts: q matches the Contract-ID, product or customer name. */
export const ContractListQuerySchema = PageQuerySchema.extend({
  q: SearchParamSchema.optional(),
  customerId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .refine((id) => id <= 2_147_483_647)
    .optional(),
  commodity: CommoditySchema.optional(),
  sort: SortParamSchema(CONTRACT_SORT_FIELDS).default('contractId'),
});
export type ContractListQuery = z.infer<typeof ContractListQuerySchema>;

export const ContractListSchema = PageSchema(ContractListItemSchema);
export type ContractList = z.infer<typeof ContractListSchema>;

/** Details of 422 VOLUME_BELOW_CLICKED: the first month whose new volume is below its clicks. */
export const VolumeBelowClickedDetailsSchema = z.object({
  yearOfSupply: z.number().int(),
  part: ContractPartNameSchema,
  month: z.number().int(),
  clickedVolume: DecimalStringSchema,
  totalVolume: DecimalStringSchema,
});
