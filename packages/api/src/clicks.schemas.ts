import { z } from 'zod';
import { DaySchema, YearOfSupplyParamSchema } from './bounded.schemas';
import {
  ContractIdSchema,
  ContractPartNameSchema,
  DecimalStringSchema,
  MaturitySchema,
} from './positions.schemas';
import { PricePointSchema } from './market.schemas';
import { ClickDetailSchema, ClickStatusSchema } from './purchase.schemas';

/** Filters of the click overview and its export; every one optional. Dates are Amsterdam days. */
export const ClickFilterQuerySchema = z.object({
  contractId: ContractIdSchema.optional(),
  year: YearOfSupplyParamSchema.optional(),
  maturity: MaturitySchema.optional(),
  status: ClickStatusSchema.optional(),
  /** First day (inclusive) the click was made, YYYY-MM-DD. */
  from: DaySchema.optional(),
  /** Last day (inclusive) the click was made, YYYY-MM-DD. */
  to: DaySchema.optional(),
});
export type ClickFilterQuery = z.infer<typeof ClickFilterQuerySchema>;

export const ClickExportQuerySchema = ClickFilterQuerySchema.extend({
  format: z.enum(['csv', 'xlsx']),
});
export type ClickExportQuery = z.infer<typeof ClickExportQuerySchema>;

export const ClickListSchema = z.object({ data: z.array(ClickDetailSchema) });
export type ClickList = z.infer<typeof ClickListSchema>;

/** Clicks used and left per contract and year, for contracts that limit them. */
export const ClickCounterEntrySchema = z.object({
  contractId: z.string(),
  product: z.string(),
  yearOfSupply: z.number().int(),
  maxClicks: z.number().int(),
  used: z.number().int(),
  left: z.number().int(),
});
export const ClickCounterSchema = z.object({ data: z.array(ClickCounterEntrySchema) });
export type ClickCounter = z.infer<typeof ClickCounterSchema>;

export const ResultPartSchema = z.object({
  name: ContractPartNameSchema,
  totalVolume: DecimalStringSchema,
  /** Completed clicks only. */
  fixedVolume: DecimalStringSchema,
  /** Percent of totalVolume, exact (round once for display). */
  fixedPercentage: DecimalStringSchema,
  /** Volume-weighted average click price of the completed clicks, EUR/MWh, 4 decimals. */
  weightedAvgClickPrice: DecimalStringSchema.nullable(),
  /** Each completed click of this part: when and at which click price. */
  fixes: z.array(
    z.object({
      clickId: z.number().int(),
      at: z.iso.datetime(),
      maturity: MaturitySchema,
      volume: DecimalStringSchema,
      price: DecimalStringSchema,
    }),
  ),
  /** The OTC market price of the year product over the same time, for the chart. */
  market: z.array(PricePointSchema),
});

export const ResultEntrySchema = z.object({
  contractId: z.string(),
  commodity: z.enum(['Power', 'Gas']),
  product: z.string(),
  yearOfSupply: z.number().int(),
  /** Percent of the year's total volume over all parts, exact. */
  fixedPercentage: DecimalStringSchema,
  parts: z.array(ResultPartSchema),
});
export const ResultsSchema = z.object({ data: z.array(ResultEntrySchema) });
export type Results = z.infer<typeof ResultsSchema>;

/** REST paths of the click history, counter and results (docs/purchase.md). */
export const CLICK_PATHS = {
  list: '/rest/clicks/:customerId',
  export: '/rest/clicks/:customerId/export',
  counter: '/rest/clickcounter/:customerId',
  results: '/rest/results/:customerId',
} as const;
