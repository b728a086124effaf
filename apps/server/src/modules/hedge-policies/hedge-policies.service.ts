import { amsterdamDate, yearOf } from '@klik/domain';
import type { HedgePolicyInput, HedgeYear } from '@klik/api';
import type { Db } from '../../db/database';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { YearPlans, type PlanYear } from '../budgets/year-plans';
import { hedgeYearOf, normalisedPoints } from './hedge-figures';
import { deletePolicy, findPolicies, upsertPolicy } from './hedge-policies.repository';

/** The hedge policy calls (docs/budgets.md): the same readers and writers as the budget. */
export class HedgePoliciesService {
  readonly #plans: YearPlans;

  constructor(private readonly deps: { db: Db; now: () => Date }) {
    this.#plans = new YearPlans(deps, { set: 'hedgePolicy.set', delete: 'hedgePolicy.delete' });
  }

  /** Every year of supply from this one on, with its policy and position today. */
  async list(auth: AuthContext, customerId: number): Promise<HedgeYear[]> {
    const at = this.deps.now();
    const today = amsterdamDate(at);
    const years = await this.#plans.list(auth, customerId, at, findPolicies);
    return years
      .filter(({ year }) => year.yearOfSupply >= yearOf(today))
      .map(({ year, plan }) => hedgeYearOf(year, plan?.points ?? null, today));
  }

  async set(
    auth: AuthContext,
    target: PlanYear,
    input: HedgePolicyInput,
    ip: string,
  ): Promise<HedgeYear> {
    const points = normalisedPoints(input.points);
    const { year, at } = await this.#plans.set(auth, target, ip, {
      value: { points },
      save: (trx, contractRowId, savedAt) =>
        upsertPolicy(trx, {
          contractRowId,
          yearOfSupply: target.yearOfSupply,
          points,
          at: savedAt,
        }),
    });
    return hedgeYearOf(year, points, amsterdamDate(at));
  }

  async remove(auth: AuthContext, target: PlanYear, ip: string): Promise<void> {
    await this.#plans.remove(auth, target, ip, deletePolicy, (removed) => ({
      points: removed.points,
    }));
  }
}
