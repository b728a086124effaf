import type { Db } from '../../db/database';
import { AppError } from '../../kernel/http/app-error';
import { actorOf, writeAudit } from '../../kernel/audit/audit-log';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { assertMaySee, assertMayActFor } from '../../kernel/access/customer-access';
import { contractIdsOfCustomer, findCustomerContract } from './budgets.repository';
import { readContractYears, type ContractYear } from './year-figures';

/*
 * The customer's plan per contract year - a budget, a hedge policy (docs/budgets.md, "Who may
 * (both)") - is read and changed the same way whatever it holds: read by whoever sees the
 * customer, changed only by the customer's own side, every change audited with the value set or
 * removed and every refused change audited too. Each kind of plan hands in its own table.
 */

/** A contract year of a customer, as the calls name it. */
export interface PlanYear {
  customerId: number;
  contractId: string;
  yearOfSupply: number;
}

/** A plan value as its table keeps it. */
interface StoredPlan {
  contractRowId: number;
  yearOfSupply: number;
}

/** A contract year the customer has, as it stands at `at`; 404 for one it does not have. */
export async function customerYearOf(db: Db, target: PlanYear, at: Date): Promise<ContractYear> {
  const contract = await findCustomerContract(db, target.customerId, target.contractId);
  if (contract === undefined) throw new AppError('NOT_FOUND');
  const [year] = await readContractYears(db, [contract], at, [target.yearOfSupply]);
  if (!year) throw new AppError('NOT_FOUND');
  return year;
}

/** The reading and writing of one kind of plan value; `actions` name its audit entries. */
export class YearPlans {
  constructor(
    private readonly deps: { db: Db; now: () => Date },
    private readonly actions: { set: string; delete: string },
  ) {}

  /** Every contract year of a customer, as it stands at `at`, with its plan value if set. */
  async list<Plan extends StoredPlan>(
    auth: AuthContext,
    customerId: number,
    at: Date,
    findPlans: (db: Db, contractIds: readonly number[]) => Promise<Plan[]>,
  ): Promise<{ year: ContractYear; plan: Plan | undefined }[]> {
    const { db } = this.deps;
    await assertMaySee(db, auth, customerId);
    const contractIds = await contractIdsOfCustomer(db, customerId);
    const [years, plans] = await Promise.all([
      readContractYears(db, contractIds, at),
      findPlans(db, contractIds),
    ]);
    return years.map((year) => ({
      year,
      plan: plans.find(
        (p) => p.contractRowId === year.head.id && p.yearOfSupply === year.yearOfSupply,
      ),
    }));
  }

  /**
   * Sets the plan value of a contract year the customer has: `save` stores it in the transaction
   * of its audit entry. Answers the year as it stands, when, and what `save` answered.
   */
  async set<Saved>(
    auth: AuthContext,
    target: PlanYear,
    ip: string,
    change: { value: object; save: (trx: Db, contractRowId: number, at: Date) => Promise<Saved> },
  ): Promise<{ year: ContractYear; at: Date; saved: Saved }> {
    const { db, now } = this.deps;
    await this.#mayChange(auth, target.customerId, this.actions.set, ip);
    const at = now();
    const year = await customerYearOf(db, target, at);
    const saved = await db.transaction().execute(async (trx) => {
      const result = await change.save(trx, year.head.id, at);
      await this.#audit(trx, auth, target, this.actions.set, change.value, at, ip);
      return result;
    });
    return { year, at, saved };
  }

  /**
   * Removes the plan value of a contract year: `remove` deletes its row and answers it, if there
   * was one (else 404); the audit entry records `audited(row)`.
   */
  async remove<Row>(
    auth: AuthContext,
    target: PlanYear,
    ip: string,
    remove: (trx: Db, contractRowId: number, yearOfSupply: number) => Promise<Row | undefined>,
    audited: (row: Row) => object,
  ): Promise<void> {
    const { db, now } = this.deps;
    await this.#mayChange(auth, target.customerId, this.actions.delete, ip);
    const contract = await findCustomerContract(db, target.customerId, target.contractId);
    if (contract === undefined) throw new AppError('NOT_FOUND');
    await db.transaction().execute(async (trx) => {
      const removed = await remove(trx, contract, target.yearOfSupply);
      if (!removed) throw new AppError('NOT_FOUND');
      await this.#audit(trx, auth, target, this.actions.delete, audited(removed), now(), ip);
    });
  }

  async #audit(
    trx: Db,
    auth: AuthContext,
    target: PlanYear,
    action: string,
    value: object,
    at: Date,
    ip: string,
  ) {
    const { customerId, contractId, yearOfSupply } = target;
    await writeAudit(trx, {
      ...actorOf(auth),
      at,
      action,
      outcome: 'success',
      subject: `contract:${contractId}/${yearOfSupply}`,
      customerIds: [customerId],
      details: { contractId, yearOfSupply, ...value },
      ip,
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
}
