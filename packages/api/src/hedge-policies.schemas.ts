import { z } from 'zod';
import { hedgePolicyProblem, isDecimalString } from '@klik/domain';
import { DaySchema, IdParamSchema, YearOfSupplyParamSchema } from './bounded.schemas';
import { ShareInputSchema } from './contracts.schemas';
import { CommoditySchema, ContractIdSchema, DecimalStringSchema } from './positions.schemas';

/*
 * A hedge policy (corridor) per contract and year of supply: from each point's date on, at least
 * minShare percent of the year's volume fixed, and at most maxShare (docs/budgets.md).
 */

export const HEDGE_POLICY_PATHS = {
  policies: '/rest/hedgepolicies/:customerId',
  policy: '/rest/hedgepolicies/:customerId/:contractId/:yearOfSupply',
} as const;

export const HedgePolicyParamsSchema = z.object({
  customerId: IdParamSchema,
  contractId: ContractIdSchema,
  yearOfSupply: YearOfSupplyParamSchema,
});

/** At most this many points: a policy is a few thresholds, not a schedule per day. */
export const MAX_HEDGE_POINTS = 24;

export const HedgePointInputSchema = z.object({
  date: DaySchema,
  minShare: ShareInputSchema,
  /** null: no maximum. */
  maxShare: ShareInputSchema.nullable(),
});

export const HedgePolicyInputSchema = z
  .object({
    points: z.array(HedgePointInputSchema).max(MAX_HEDGE_POINTS, { error: 'HEDGE_POINTS_INVALID' }),
  })
  .superRefine((policy, context) => {
    const shares = policy.points.flatMap((point) => [point.minShare, point.maxShare ?? '0']);
    if (!shares.every(isDecimalString)) return;
    const problem = hedgePolicyProblem(policy.points);
    if (problem === null) return;
    const message =
      problem === 'POINTS_REQUIRED' || problem === 'DATES_NOT_INCREASING'
        ? 'HEDGE_POINTS_INVALID'
        : 'HEDGE_SHARES_INVALID';
    context.addIssue({ code: 'custom', message, path: ['points'] });
  });
export type HedgePolicyInput = z.infer<typeof HedgePolicyInputSchema>;

export const HedgePointSchema = z.object({
  date: DaySchema,
  minShare: DecimalStringSchema,
  maxShare: DecimalStringSchema.nullable(),
});
export type HedgePointView = z.infer<typeof HedgePointSchema>;

export const HedgePositionSchema = z.enum(['ON', 'BEHIND', 'AHEAD']);
export type HedgePositionView = z.infer<typeof HedgePositionSchema>;

/** A contract's year with its policy (if any) and where its fixed share stands today. */
export const HedgeYearSchema = z.object({
  contractId: z.string(),
  commodity: CommoditySchema,
  product: z.string(),
  yearOfSupply: z.number().int(),
  totalVolume: DecimalStringSchema,
  fixedVolume: DecimalStringSchema,
  /** Fixed volume in percent of the year's volume, 2 decimals half-up. */
  fixedShare: DecimalStringSchema,
  points: z.array(HedgePointSchema).nullable(),
  /** The corridor today; null without a policy. */
  corridor: z.object({ min: DecimalStringSchema, max: DecimalStringSchema }).nullable(),
  position: HedgePositionSchema.nullable(),
  /** The next point to come, if any. */
  nextPoint: HedgePointSchema.nullable(),
});
export type HedgeYear = z.infer<typeof HedgeYearSchema>;

export const HedgeYearListSchema = z.array(HedgeYearSchema);
