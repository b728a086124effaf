import { amsterdamDate, yearOf } from '@klik/domain';
import type { HedgePolicyInput, HedgeYear } from '@klik/api';
import type { Db } from '../../db/database';
import { AppError } from '../../kernel/http/app-error';
import { writeAudit } from '../../kernel/audit/audit-log';
import type { AuthContext } from '../../kernel/auth/auth-context';
import {
  contractIdsOfCustomer,
  findCustomerContract,
  readContractYears,
} from '../budgets/year-figures';
import { hedgeYearOf, normalisedPoints } from './hedge-figures';
import { deletePolicy, findPolicies, upsertPolicy } from './hedge-policies.repository';
import { actorOf } from '../../kernel/audit/audit-log';
import { assertMaySee, assertMayActFor } from '../../kernel/access/customer-access';

/** The hedge policy calls (docs/budgets.md): the same readers and writers as the budget. */
export class HedgePoliciesService {
  constructor(private readonly deps: { db: Db; now: () => Date }) {}

  /** Every year of supply from this one on, with its policy and position today. */
  async list(auth: AuthContext, customerId: number): Promise<HedgeYear[]> {
    const { db, now } = this.deps;
    await assertMaySee(db, auth, customerId);
    const at = now();
    const today = amsterdamDate(at);
    const contractIds = await contractIdsOfCustomer(db, customerId);
    const [years, policies] = await Promise.all([
      readContractYears(db, contractIds, at),
      findPolicies(db, contractIds),
    ]);
    return years
      .filter((year) => year.yearOfSupply >= yearOf(today))
      .map((year) =>
        hedgeYearOf(
          year,
          policies.find(
            (p) => p.contractRowId === year.head.id && p.yearOfSupply === year.yearOfSupply,
          )?.points ?? null,
          today,
        ),
      );
  }

  async set(
    auth: AuthContext,
    customerId: number,
    contractId: string,
    yearOfSupply: number,
    input: HedgePolicyInput,
    ip: string,
  ): Promise<HedgeYear> {
    const { db, now } = this.deps;
    await this.#mayChange(auth, customerId, 'hedgePolicy.set', ip);
    const contract = await findCustomerContract(db, customerId, contractId);
    if (contract === undefined) throw new AppError('NOT_FOUND');
    const at = now();
    const [year] = await readContractYears(db, [contract], at, [yearOfSupply]);
    if (!year) throw new AppError('NOT_FOUND');
    const points = normalisedPoints(input.points);
    await db.transaction().execute(async (trx) => {
      await upsertPolicy(trx, { contractRowId: contract, yearOfSupply, points, at });
      await writeAudit(trx, {
        ...actorOf(auth),
        at,
        action: 'hedgePolicy.set',
        outcome: 'success',
        subject: `contract:${contractId}/${yearOfSupply}`,
        customerIds: [customerId],
        details: { contractId, yearOfSupply, points },
        ip,
      });
    });
    return hedgeYearOf(year, points, amsterdamDate(at));
  }

  async remove(
    auth: AuthContext,
    customerId: number,
    contractId: string,
    yearOfSupply: number,
    ip: string,
  ): Promise<void> {
    const { db, now } = this.deps;
    await this.#mayChange(auth, customerId, 'hedgePolicy.delete', ip);
    const contract = await findCustomerContract(db, customerId, contractId);
    if (contract === undefined) throw new AppError('NOT_FOUND');
    await db.transaction().execute(async (trx) => {
      const removed = await deletePolicy(trx, contract, yearOfSupply);
      if (!removed) throw new AppError('NOT_FOUND');
      await writeAudit(trx, {
        ...actorOf(auth),
        at: now(),
        action: 'hedgePolicy.delete',
        outcome: 'success',
        subject: `contract:${contractId}/${yearOfSupply}`,
        customerIds: [customerId],
        details: { contractId, yearOfSupply, points: removed.points },
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
}
