import { budgetStanding, expectedYearPrice, fromDec, toDec, type Budget } from '@klik/domain';
import type { BudgetDetail, BudgetInput, BudgetStanding, BudgetYear } from '@klik/api';
import type { Db } from '../../db/database';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { assertMaySee } from '../../kernel/access/customer-access';
import { evaluateBudget } from './budget-evaluation';
import {
  deleteBudget,
  findBudgets,
  findHistory,
  upsertBudget,
  type BudgetRow,
} from './budgets.repository';
import type { ContractYear } from './year-figures';
import { customerYearOf, YearPlans, type PlanYear } from './year-plans';

function budgetOf(row: BudgetRow): Budget {
  return {
    budgetPrice: fromDec(toDec(row.budgetPrice)),
    lowerBound: fromDec(toDec(row.lowerBound)),
    upperBound: fromDec(toDec(row.upperBound)),
  };
}

/** Where a year stands now; with a budget, against it. */
export function standingOf(year: ContractYear, budget: Budget | null): BudgetStanding {
  const expected = expectedYearPrice(year.parts);
  const against =
    budget && expected.expectedPrice !== null
      ? budgetStanding(budget, expected.expectedPrice)
      : null;
  return {
    ...expected,
    zone: against?.zone ?? null,
    deviation: against?.deviation ?? null,
    parts: year.parts.map((part) => {
      const fixed = toDec(part.clickedVolume);
      const open = toDec(part.totalVolume).minus(fixed);
      return {
        name: part.name,
        totalVolume: part.totalVolume,
        fixedVolume: part.clickedVolume,
        fixedAveragePrice: fixed.gt(0)
          ? fromDec(toDec(part.clickedCost).div(fixed).toDecimalPlaces(4))
          : null,
        openVolume: open.isNegative() ? '0' : fromDec(open),
        clickPrice: part.clickPrice,
      };
    }),
  };
}

function yearView(year: ContractYear, row: BudgetRow | undefined): BudgetYear {
  const budget = row ? budgetOf(row) : null;
  return {
    contractId: year.head.contractId,
    commodity: year.head.commodity,
    product: year.head.product,
    yearOfSupply: year.yearOfSupply,
    budget: budget && row ? { ...budget, updatedAt: row.updatedAt.toISOString() } : null,
    standing: standingOf(year, budget),
  };
}

/** The budget calls (docs/budgets.md): read by whoever sees the customer, set by its own side. */
export class BudgetsService {
  readonly #plans: YearPlans;

  constructor(private readonly deps: { db: Db; now: () => Date }) {
    this.#plans = new YearPlans(deps, { set: 'budget.set', delete: 'budget.delete' });
  }

  async list(auth: AuthContext, customerId: number): Promise<BudgetYear[]> {
    const years = await this.#plans.list(auth, customerId, this.deps.now(), findBudgets);
    return years.map(({ year, plan }) => yearView(year, plan));
  }

  async detail(auth: AuthContext, target: PlanYear): Promise<BudgetDetail> {
    await assertMaySee(this.deps.db, auth, target.customerId);
    return this.#detail(target);
  }

  async set(
    auth: AuthContext,
    target: PlanYear,
    input: BudgetInput,
    ip: string,
  ): Promise<BudgetDetail> {
    const budget: Budget = {
      budgetPrice: fromDec(toDec(input.budgetPrice)),
      lowerBound: fromDec(toDec(input.lowerBound)),
      upperBound: fromDec(toDec(input.upperBound)),
    };
    const { year, at, saved } = await this.#plans.set(auth, target, ip, {
      value: budget,
      save: (trx, contractRowId, savedAt) =>
        upsertBudget(trx, {
          contractRowId,
          yearOfSupply: target.yearOfSupply,
          ...budget,
          at: savedAt,
        }),
    });
    // The zone as it stands now, without a notification: the user sees it on the screen.
    await evaluateBudget(this.deps.db, saved, year, at, { silent: true });
    return this.#detail(target);
  }

  async remove(auth: AuthContext, target: PlanYear, ip: string): Promise<void> {
    await this.#plans.remove(auth, target, ip, deleteBudget, budgetOf);
  }

  async #detail(target: PlanYear) {
    const { db, now } = this.deps;
    const year = await customerYearOf(db, target, now());
    const [row] = (await findBudgets(db, [year.head.id])).filter(
      (budget) => budget.yearOfSupply === target.yearOfSupply,
    );
    return {
      ...yearView(year, row),
      history: row ? await findHistory(db, row.id) : [],
    };
  }
}
