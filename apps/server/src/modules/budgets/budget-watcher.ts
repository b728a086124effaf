import type { Db } from '../../db/database';
import { marketProductsOfContracts } from '../../kernel/pricing/margin-pricing';
import type { PriceWatcher, WatchedPrice } from '../market/price-watch';
import { contractHeads } from '../positions/positions.service';
import { evaluateBudget } from './budget-evaluation';
import { findBudgets, findBudgetsOfYears } from './budgets.repository';
import { findCustomerContract } from './budgets.repository';
import { readContractYears } from './year-figures';
import { LOCK_KEYS } from '../../kernel/jobs/lock-keys';

/**
 * Re-evaluates the budgets whose year is priced by a year price that entered the portal: the
 * budgets of that year of supply on contracts with a part on that market product (pricing IDs).
 * It reads the figures as they are now (the offers the prices moved, the clicks so far); a click
 * is evaluated when it is made (clicked), and a batch handed again finds the zones already
 * stored and tells nobody twice (docs/budgets.md).
 */
export class BudgetWatcher implements PriceWatcher {
  readonly name = 'budgets';
  readonly lockKey = LOCK_KEYS.budgetWatch;

  constructor(
    private readonly deps: {
      db: Db;
      flushEvents: () => Promise<void>;
      log: { error: (details: object, message: string) => void };
    },
  ) {}

  async handle(prices: readonly WatchedPrice[], now: Date): Promise<void> {
    const { db } = this.deps;
    // Only year prices move the year's click price (year-figures.ts).
    const moved = new Set(
      prices.filter((p) => p.maturity === 'Y').map((p) => `${p.product}/${p.yearOfSupply}`),
    );
    if (moved.size === 0) return;
    const years = [...new Set([...moved].map((key) => Number(key.split('/')[1])))];
    const budgets = await findBudgetsOfYears(db, years);
    if (budgets.length === 0) return;
    const heads = await contractHeads(db, [...new Set(budgets.map((b) => b.contractRowId))]);
    const productsOf = await marketProductsOfContracts(db, heads);
    const byId = new Map(heads.map((head) => [head.id, head]));
    const affected = budgets.filter((budget) => {
      const head = byId.get(budget.contractRowId);
      return (
        head !== undefined &&
        Object.values(productsOf(head)).some((product) =>
          moved.has(`${product}/${budget.yearOfSupply}`),
        )
      );
    });
    if (affected.length === 0) return;
    const figures = await readContractYears(
      db,
      [...new Set(affected.map((b) => b.contractRowId))],
      now,
      years,
    );
    const yearOf = new Map(figures.map((year) => [`${year.head.id}/${year.yearOfSupply}`, year]));
    let told = 0;
    for (const budget of affected) {
      const year = yearOf.get(`${budget.contractRowId}/${budget.yearOfSupply}`);
      if (!year) continue;
      if (await evaluateBudget(db, budget.id, year, now, { silent: false })) told += 1;
    }
    if (told > 0) await this.deps.flushEvents();
  }

  /**
   * A click changed a contract's fixed part (bus event clickUpdate, after its commit): its
   * budgets are evaluated at once instead of at the next year price. Any instance may do it; the
   * row lock and the stored zone keep it to one notification per crossing. Never throws.
   */
  async clicked(customerId: number, contractId: string, now: Date): Promise<void> {
    const { db } = this.deps;
    try {
      const contract = await findCustomerContract(db, customerId, contractId);
      if (contract === undefined) return;
      const budgets = await findBudgets(db, [contract]);
      if (budgets.length === 0) return;
      const figures = await readContractYears(
        db,
        [contract],
        now,
        budgets.map((budget) => budget.yearOfSupply),
      );
      let told = 0;
      for (const budget of budgets) {
        const year = figures.find((candidate) => candidate.yearOfSupply === budget.yearOfSupply);
        if (year && (await evaluateBudget(db, budget.id, year, now, { silent: false }))) told += 1;
      }
      if (told > 0) await this.deps.flushEvents();
    } catch (error) {
      this.deps.log.error({ err: error, contractId }, 'budget not evaluated after a click');
    }
  }
}
