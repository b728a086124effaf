import { budgetStanding, expectedYearPrice, fromDec, toDec, type Budget } from '@klik/domain';
import type { BudgetDetail, BudgetInput, BudgetStanding, BudgetYear } from '@klik/api';
import type { Db } from '../../db/database';
import { AppError } from '../../kernel/http/app-error';
import { writeAudit } from '../../kernel/audit/audit-log';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { evaluateBudget } from './budget-evaluation';
import {
  deleteBudget,
  findBudgets,
  findHistory,
  upsertBudget,
  type BudgetRow,
} from './budgets.repository';
import {
  contractIdsOfCustomer,
  findCustomerContract,
  readContractYears,
  type ContractYear,
} from './year-figures';
import { actorOf } from '../../kernel/audit/audit-log';
import { assertMaySee, assertMayActFor } from '../../kernel/access/customer-access';

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
  constructor(private readonly deps: { db: Db; now: () => Date }) {}

  async list(auth: AuthContext, customerId: number): Promise<BudgetYear[]> {
    const { db, now } = this.deps;
    await assertMaySee(db, auth, customerId);
    const contractIds = await contractIdsOfCustomer(db, customerId);
    const [years, budgets] = await Promise.all([
      readContractYears(db, contractIds, now()),
      findBudgets(db, contractIds),
    ]);
    return years.map((year) =>
      yearView(
        year,
        budgets.find(
          (b) => b.contractRowId === year.head.id && b.yearOfSupply === year.yearOfSupply,
        ),
      ),
    );
  }

  async detail(
    auth: AuthContext,
    customerId: number,
    contractId: string,
    yearOfSupply: number,
  ): Promise<BudgetDetail> {
    const { db } = this.deps;
    await assertMaySee(db, auth, customerId);
    return this.#detail(customerId, contractId, yearOfSupply);
  }

  async set(
    auth: AuthContext,
    customerId: number,
    contractId: string,
    yearOfSupply: number,
    input: BudgetInput,
    ip: string,
  ): Promise<BudgetDetail> {
    const { db, now } = this.deps;
    await this.#mayChange(auth, customerId, 'budget.set', ip);
    const year = await this.#year(customerId, contractId, yearOfSupply);
    const at = now();
    const budget: Budget = {
      budgetPrice: fromDec(toDec(input.budgetPrice)),
      lowerBound: fromDec(toDec(input.lowerBound)),
      upperBound: fromDec(toDec(input.upperBound)),
    };
    const id = await db.transaction().execute(async (trx) => {
      const saved = await upsertBudget(trx, {
        contractRowId: year.head.id,
        yearOfSupply,
        ...budget,
        at,
      });
      await writeAudit(trx, {
        ...actorOf(auth),
        at,
        action: 'budget.set',
        outcome: 'success',
        subject: `contract:${contractId}/${yearOfSupply}`,
        customerIds: [customerId],
        details: { contractId, yearOfSupply, ...budget },
        ip,
      });
      return saved;
    });
    // The zone as it stands now, without a notification: the user sees it on the screen.
    await evaluateBudget(db, id, year, at, { silent: true });
    return this.#detail(customerId, contractId, yearOfSupply);
  }

  async remove(
    auth: AuthContext,
    customerId: number,
    contractId: string,
    yearOfSupply: number,
    ip: string,
  ): Promise<void> {
    const { db, now } = this.deps;
    await this.#mayChange(auth, customerId, 'budget.delete', ip);
    const contract = await findCustomerContract(db, customerId, contractId);
    if (contract === undefined) throw new AppError('NOT_FOUND');
    await db.transaction().execute(async (trx) => {
      const removed = await deleteBudget(trx, contract, yearOfSupply);
      if (!removed) throw new AppError('NOT_FOUND');
      await writeAudit(trx, {
        ...actorOf(auth),
        at: now(),
        action: 'budget.delete',
        outcome: 'success',
        subject: `contract:${contractId}/${yearOfSupply}`,
        customerIds: [customerId],
        details: { contractId, yearOfSupply, ...budgetOf(removed) },
        ip,
      });
    });
  }

  async #mayChange(auth: AuthContext, customerId: number, action: string, ip: string) {
    try {
      await assertMayActFor(this.deps.db, auth, customerId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'FORBIDDEN') {
        await writeAudit(this.deps.db, {
          ...actorOf(auth),
          at: this.deps.now(),
          action,
          outcome: 'refused',
          subject: `customer:${customerId}`,
          ip,
        });
      }
      throw error;
    }
  }

  async #year(customerId: number, contractId: string, yearOfSupply: number) {
    const { db, now } = this.deps;
    const contract = await findCustomerContract(db, customerId, contractId);
    if (contract === undefined) throw new AppError('NOT_FOUND');
    const [year] = await readContractYears(db, [contract], now(), [yearOfSupply]);
    if (!year) throw new AppError('NOT_FOUND');
    return year;
  }

  async #detail(customerId: number, contractId: string, yearOfSupply: number) {
    const year = await this.#year(customerId, contractId, yearOfSupply);
    const [row] = (await findBudgets(this.deps.db, [year.head.id])).filter(
      (budget) => budget.yearOfSupply === yearOfSupply,
    );
    return {
      ...yearView(year, row),
      history: row ? await findHistory(this.deps.db, row.id) : [],
    };
  }
}
