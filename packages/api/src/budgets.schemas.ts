import { z } from 'zod';
import { budgetProblem, isDecimalString } from '@klik/domain';
import { DaySchema, YearOfSupplyParamSchema } from './bounded.schemas';
import { UnitPriceInputSchema } from './contracts.schemas';
import {
  CommoditySchema,
  ContractIdSchema,
  DecimalStringSchema,
  ContractPartNameSchema,
} from './positions.schemas';
import { IdParamSchema } from './bounded.schemas';

/*
 * The customer's budget per contract and year of supply, with its bandwidth (docs/budgets.md).
 * Prices are EUR/MWh as plain decimals with at most 4 decimals.
 */

export const BUDGET_PATHS = {
  budgets: '/rest/budgets/:customerId',
  budget: '/rest/budgets/:customerId/:contractId/:yearOfSupply',
} as const;

export const BudgetYearParamsSchema = z.object({
  customerId: IdParamSchema,
  contractId: ContractIdSchema,
  yearOfSupply: YearOfSupplyParamSchema,
});
export type BudgetYearParams = z.infer<typeof BudgetYearParamsSchema>;

/** A budget price with its bounds; the bounds may come from percentages (the screen computes them). */
export const BudgetInputSchema = z
  .object({
    budgetPrice: UnitPriceInputSchema,
    lowerBound: UnitPriceInputSchema,
    upperBound: UnitPriceInputSchema,
  })
  .superRefine((budget, context) => {
    // Values that are not decimals are already refused one by one.
    if (![budget.budgetPrice, budget.lowerBound, budget.upperBound].every(isDecimalString)) return;
    const problem = budgetProblem(budget);
    if (problem === 'PRICE_NOT_POSITIVE') {
      context.addIssue({
        code: 'custom',
        message: 'BUDGET_PRICE_INVALID',
        path: [Number(budget.budgetPrice) > 0 ? 'lowerBound' : 'budgetPrice'],
      });
    } else if (problem === 'BOUNDS_INVALID') {
      context.addIssue({
        code: 'custom',
        message: 'BUDGET_BOUNDS_INVALID',
        path: [
          Number(budget.lowerBound) > Number(budget.budgetPrice) ? 'lowerBound' : 'upperBound',
        ],
      });
    }
  });
export type BudgetInput = z.infer<typeof BudgetInputSchema>;

export const BudgetZoneSchema = z.enum(['BELOW_LOWER', 'WITHIN', 'ABOVE_UPPER']);

export const BudgetSchema = z.object({
  budgetPrice: DecimalStringSchema,
  lowerBound: DecimalStringSchema,
  upperBound: DecimalStringSchema,
  updatedAt: z.iso.datetime(),
});
export type BudgetView = z.infer<typeof BudgetSchema>;

/** One part's figures in a year: what is fixed and at what, what is open and today's price. */
export const BudgetPartSchema = z.object({
  name: ContractPartNameSchema,
  totalVolume: DecimalStringSchema,
  fixedVolume: DecimalStringSchema,
  fixedAveragePrice: DecimalStringSchema.nullable(),
  openVolume: DecimalStringSchema,
  /** Today's click price of the year (market + mark-up + fee); null without a market price. */
  clickPrice: DecimalStringSchema.nullable(),
});

/**
 * Where a year stands. Volumes MWh (3 decimals), prices EUR/MWh (4 decimals, half-up). The
 * expected price is null when open volume has no market price today; then zone is null too.
 */
export const BudgetStandingSchema = z.object({
  fixedVolume: DecimalStringSchema,
  fixedAveragePrice: DecimalStringSchema.nullable(),
  openVolume: DecimalStringSchema,
  openAveragePrice: DecimalStringSchema.nullable(),
  expectedPrice: DecimalStringSchema.nullable(),
  zone: BudgetZoneSchema.nullable(),
  /** expectedPrice - budgetPrice, EUR/MWh; null without a budget or an expected price. */
  deviation: DecimalStringSchema.nullable(),
  parts: z.array(BudgetPartSchema),
});
export type BudgetStanding = z.infer<typeof BudgetStandingSchema>;

/** A contract's year of supply with its budget (if set) and its standing now. */
export const BudgetYearSchema = z.object({
  contractId: z.string(),
  commodity: CommoditySchema,
  product: z.string(),
  yearOfSupply: z.number().int(),
  budget: BudgetSchema.nullable(),
  standing: BudgetStandingSchema,
});
export type BudgetYear = z.infer<typeof BudgetYearSchema>;

export const BudgetYearListSchema = z.array(BudgetYearSchema);

/** The expected price on a day (the last value of that Amsterdam day). */
export const BudgetHistoryPointSchema = z.object({
  day: DaySchema,
  expectedPrice: DecimalStringSchema,
});
export type BudgetHistoryPoint = z.infer<typeof BudgetHistoryPointSchema>;

/** One year with its chart: the expected price by day, oldest first. */
export const BudgetDetailSchema = BudgetYearSchema.extend({
  history: z.array(BudgetHistoryPointSchema),
});
export type BudgetDetail = z.infer<typeof BudgetDetailSchema>;
