import { z } from 'zod';
import { DISABLE_CLICK_REASONS, MATURITIES } from '@klik/domain';
import { decimalString, IdParamSchema } from './bounded.schemas';
import { MarketProductSchema } from './market.schemas';

/**
 * Paths of the positions (spec section 7): a customer's or a dashboard's contracts, one contract,
 * and their summaries (the two summary paths are ours, docs/positions.md).
 */
export const POSITION_PATHS = {
  customerContractData: '/rest/contractData/:customerId',
  dashboardContractData: '/rest/dashboardContractData/:dashboardId',
  contractData: '/rest/contractData/contract/:customerId/:contractId',
  customerSummary: '/rest/contractSummary/:customerId',
  dashboardSummary: '/rest/dashboardContractSummary/:dashboardId',
} as const;

/** A decimal travels as a string so no binary float ever touches a volume or a price. */
export const DecimalStringSchema = decimalString(
  z.string().regex(/^-?\d+(\.\d+)?$/, 'a decimal number as a string'),
  'Percentages carry at most 4 decimals (PERCENTAGE_DECIMALS).',
);

export const CommoditySchema = z.enum(['Power', 'Gas']);
export const ClickTypeSchema = z.enum(['ALL', 'YEAR', 'QUARTER', 'MONTH']).nullable();
export const MarketOptionSchema = z.enum(['OTC_ONLY', 'PRE_EOD', 'PRE_EOD_AND_OVERNIGHT']);
export const MaturitySchema = z.enum(MATURITIES);
export const ContractPartNameSchema = z.enum(['Gas', 'Peak', 'OffPeak']);
export const DisableClickReasonSchema = z.enum(DISABLE_CLICK_REASONS);

/** An OTC offer for one contract part (spec section 3: offerPart with marketPrice). */
export const OfferPartSchema = z.object({
  marketPrice: DecimalStringSchema.nullable(),
  /** Market price + mark-up + transaction fees, EUR/MWh; null without a market price. */
  clickPrice: DecimalStringSchema.nullable(),
  quotedAt: z.iso.datetime().nullable(),
});

/** An ICE Endex offer for one contract part: the last known ICE price, fixed later at EOD or overnight. */
export const IceOfferPartSchema = OfferPartSchema;

export const ContractPartSchema = z.object({
  name: ContractPartNameSchema,
  clickedVolume: DecimalStringSchema,
  totalVolume: DecimalStringSchema,
  volumeNotClicked: DecimalStringSchema,
  weightedAvgClickPrice: DecimalStringSchema.nullable(),
  offerPart: OfferPartSchema.nullable(),
  iceOfferPart: IceOfferPartSchema.nullable(),
});

export const StatusSchema = z.object({
  maturity: MaturitySchema,
  yearOfSupply: z.number().int(),
  clickable: z.boolean(),
  disableClickReason: DisableClickReasonSchema.nullable(),
  clickedPercentage: DecimalStringSchema,
  autoclickPercentage: DecimalStringSchema,
  contractParts: z.array(ContractPartSchema),
});

export const StatusPerContractSchema = z.object({
  yearStatuses: z.array(StatusSchema),
  quarterStatuses: z.array(StatusSchema),
  monthStatuses: z.array(StatusSchema),
});

export const ClickSchema = z.object({
  contractId: z.string(),
  maturity: MaturitySchema,
  yearOfSupply: z.number().int(),
  inProgress: z.boolean(),
  date: z.iso.datetime(),
});

export const ContractDataSchema = z.object({
  contractId: z.string(),
  customerId: z.number().int().positive(),
  commodity: CommoditySchema,
  product: z.string(),
  clickType: ClickTypeSchema,
  clickOption: MarketOptionSchema,
  yearsOfSupply: z.array(z.number().int()),
  runOut: z.boolean(),
  /**
   * The market product whose price moves each part's offers (the pricing IDs of the contract's
   * product, docs/margins.md): what a priceUpdate of that product changes on screen.
   */
  marketProducts: z.object({
    Gas: MarketProductSchema.optional(),
    Peak: MarketProductSchema.optional(),
    OffPeak: MarketProductSchema.optional(),
  }),
  clicks: z.array(ClickSchema),
  statusPerContract: StatusPerContractSchema,
});

export const ContractDataListSchema = z.array(ContractDataSchema);

/** Per-contract summary (spec section 3); the percentages per year are strings keyed by year. */
export const ContractSummarySchema = z.object({
  contractId: z.string(),
  commodity: CommoditySchema,
  product: z.string(),
  clickType: ClickTypeSchema,
  clickOption: MarketOptionSchema,
  yearsOfSupply: z.array(z.number().int()),
  clickPercentagePerYear: z.record(z.string(), DecimalStringSchema),
  manualClickPercentagePerYear: z.record(z.string(), DecimalStringSchema),
  autoClickPercentagePerYear: z.record(z.string(), DecimalStringSchema),
  runout: z.boolean(),
  lastUpdatedDate: z.iso.datetime().nullable(),
});
export const ContractSummaryListSchema = z.array(ContractSummarySchema);

/** A contract id as customers know it, e.g. KL-270001. */
export const ContractIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{2,39}$/, 'a contract id');

export const CustomerParamsSchema = z.object({ customerId: IdParamSchema });
export const DashboardParamsSchema = z.object({ dashboardId: IdParamSchema });
export const ContractParamsSchema = z.object({
  customerId: IdParamSchema,
  contractId: ContractIdSchema,
});

export type ContractData = z.infer<typeof ContractDataSchema>;
export type ContractPart = z.infer<typeof ContractPartSchema>;
export type Status = z.infer<typeof StatusSchema>;
export type ContractSummary = z.infer<typeof ContractSummarySchema>;
export type Click = z.infer<typeof ClickSchema>;
