import { z } from 'zod';
import { IdParamSchema, YearOfSupplyParamSchema, YearOfSupplySchema } from './bounded.schemas';
import {
  CommoditySchema,
  ContractIdSchema,
  ContractPartNameSchema,
  DecimalStringSchema,
  MaturitySchema,
} from './positions.schemas';

/*
 * What the open volume may cost (docs/risk.md): mark-to-market, the distribution of the final
 * cost (Monte Carlo, seeded), cost-at-risk and stress scenarios, per contract year and for the
 * customer's whole book. Money is EUR with 2 decimals, prices EUR/MWh with 4, volumes MWh as
 * stored, probabilities and shares percent with 2 decimals: all plain decimal strings.
 */

export const RISK_PATHS = {
  /** The figures of one customer (?dashboardId= for one dashboard's): every contract year, the book, the method. */
  customer: '/rest/risk/:customerId',
  /** The same figures as a file: ?format=csv|xlsx&locale=nl|en. */
  export: '/rest/risk/:customerId/export',
  /** A year's figures now and after a click that is being prepared (preview and confirm step). */
  clickEffect: '/rest/risk/:customerId/clickEffect',
} as const;

export const RiskParamsSchema = z.object({ customerId: IdParamSchema });
export type RiskParams = z.infer<typeof RiskParamsSchema>;

/** Without a dashboard: every contract of the customer; with one: that dashboard's contracts. */
export const RiskQuerySchema = z.object({ dashboardId: IdParamSchema.optional() });
export type RiskQuery = z.infer<typeof RiskQuerySchema>;

export const RiskExportQuerySchema = z.object({
  format: z.enum(['csv', 'xlsx']).default('csv'),
  locale: z.enum(['nl', 'en']).optional(),
});
export type RiskExportQuery = z.infer<typeof RiskExportQuerySchema>;

/** The named shocks (docs/risk.md): relative moves of the market price of the open volume. */
export const StressScenarioIdSchema = z.enum(['PLUS_50', 'PLUS_100', 'MINUS_30', 'CRISIS_2021_22']);
export type StressScenarioId = z.infer<typeof StressScenarioIdSchema>;

export const StressResultSchema = z.object({
  scenario: StressScenarioIdSchema,
  /** EUR: fixed cost + open volume at the shocked market price plus its mark-up and fees. */
  totalCost: DecimalStringSchema,
  /** EUR/MWh over the whole volume of the year (or book); null without volume. */
  averagePrice: DecimalStringSchema.nullable(),
});
export type StressResult = z.infer<typeof StressResultSchema>;

/** The distribution of the final total cost when the open volume is fixed at future prices. */
export const CostDistributionSchema = z.object({
  /** EUR: fixed cost + open volume at today's click price (the dashboard's expected total cost). */
  expectedCost: DecimalStringSchema,
  mean: DecimalStringSchema,
  p5: DecimalStringSchema,
  p50: DecimalStringSchema,
  p95: DecimalStringSchema,
  /** EUR: P95 minus the expected cost; 0 when nothing is open. */
  costAtRisk: DecimalStringSchema,
  /** EUR/MWh: the average price of the year at P95. Null without volume. */
  averagePriceP95: DecimalStringSchema.nullable(),
  /**
   * Percent (2 decimals): the share of paths whose final average price ends above the budget's
   * upper band; null where no budget exists for every contract of the year.
   */
  probabilityAboveBand: DecimalStringSchema.nullable(),
  /** EUR/MWh: the volume-weighted upper band of the budgets; null without budgets. */
  upperBand: DecimalStringSchema.nullable(),
  /** The P5..P95 cost at the quantiles 5, 10, 25, 50, 75, 90, 95 (the fan chart). */
  quantiles: z.array(z.object({ quantile: z.number().int(), cost: DecimalStringSchema })),
  stress: z.array(StressResultSchema),
});
export type CostDistribution = z.infer<typeof CostDistributionSchema>;

/** One part of a contract year, marked to today's market. */
export const MarkToMarketPartSchema = z.object({
  contractId: ContractIdSchema,
  yearOfSupply: z.number().int(),
  part: ContractPartNameSchema,
  clickedVolume: DecimalStringSchema,
  /** EUR/MWh: the volume-weighted click price of what is clicked; null with nothing clicked. */
  averageClickPrice: DecimalStringSchema.nullable(),
  /** EUR/MWh: today's click price of the part (market + mark-up + fees); null without a price. */
  todayClickPrice: DecimalStringSchema.nullable(),
  /** EUR: clicked volume x (today's click price - its click price); positive = the clicks gained. */
  result: DecimalStringSchema.nullable(),
  /** EUR/MWh: today's click price - the average click price. */
  resultPerMwh: DecimalStringSchema.nullable(),
  openVolume: DecimalStringSchema,
  /** EUR: the open volume at today's click price; null without a price. */
  openValue: DecimalStringSchema.nullable(),
});
export type MarkToMarketPart = z.infer<typeof MarkToMarketPartSchema>;

export const RiskYearSchema = z.object({
  commodity: CommoditySchema,
  yearOfSupply: z.number().int(),
  contractIds: z.array(ContractIdSchema),
  totalVolume: DecimalStringSchema,
  openVolume: DecimalStringSchema,
  fixedCost: DecimalStringSchema,
  /** Null when an open part has no price: then no distribution either. */
  distribution: CostDistributionSchema.nullable(),
  /** Days from now to the last click deadline of the year's open volume (the horizon). */
  horizonDays: z.number().int().nullable(),
  markToMarket: z.array(MarkToMarketPartSchema),
});
export type RiskYear = z.infer<typeof RiskYearSchema>;

/** The price model as applied: what was estimated, from how much history, and what fell back. */
export const RiskMethodSchema = z.object({
  paths: z.number().int(),
  seed: z.number().int(),
  /** Trading days of history the volatilities and correlations are estimated from. */
  windowDays: z.number().int(),
  volatilities: z.array(
    z.object({
      product: z.string(),
      /** Percent per year, 2 decimals. */
      annualVolatility: DecimalStringSchema,
      /** Daily returns the estimate rests on; below the minimum the configured fallback is used. */
      observations: z.number().int(),
      fallback: z.boolean(),
    }),
  ),
  correlations: z.array(
    z.object({
      a: z.string(),
      b: z.string(),
      correlation: DecimalStringSchema,
      fallback: z.boolean(),
    }),
  ),
});
export type RiskMethod = z.infer<typeof RiskMethodSchema>;

export const CustomerRiskSchema = z.object({
  customerId: z.number().int(),
  /** The instant of the prices the figures rest on. */
  asOf: z.iso.datetime(),
  years: z.array(RiskYearSchema),
  /** Every year together: one distribution of the whole book's final cost. */
  book: CostDistributionSchema.nullable(),
  method: RiskMethodSchema,
});
export type CustomerRisk = z.infer<typeof CustomerRiskSchema>;

/** A click being prepared: the same fields the preview takes (volumes per part in MWh). */
export const ClickEffectBodySchema = z.object({
  contractId: ContractIdSchema,
  /** A JSON number as in every other body; the digits as a string are taken too. */
  yearOfSupply: z.union([YearOfSupplySchema, YearOfSupplyParamSchema]),
  maturity: MaturitySchema,
  parts: z
    .array(z.object({ name: ContractPartNameSchema, volume: DecimalStringSchema }))
    .min(1)
    .max(3),
});
export type ClickEffectBody = z.infer<typeof ClickEffectBodySchema>;

export const ClickEffectSchema = z.object({
  commodity: CommoditySchema,
  yearOfSupply: z.number().int(),
  before: CostDistributionSchema.nullable(),
  /** The year with the click's volume fixed at today's click price. */
  after: CostDistributionSchema.nullable(),
});
export type ClickEffect = z.infer<typeof ClickEffectSchema>;
