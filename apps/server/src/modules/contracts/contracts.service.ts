import type {
  ContractDetail,
  ContractInput,
  ContractList,
  ContractListQuery,
  UpdateContractBody,
} from '@klik/api';
import {
  checkContractChange,
  fromDec,
  monthlyVolumes,
  toDec,
  type ContractChangeRefusal,
  type PlannedMonth,
} from '@klik/domain';
import type { Db } from '../../db/database';
import { AppError } from '../../kernel/http/app-error';
import { auditChange } from '../../kernel/audit/audit-log';
import { UNIQUE_VIOLATION, violatedConstraint } from '../../kernel/db-errors';
import { versionConflict } from '../../kernel/http/app-error';
import { scopeOf } from '../../kernel/access/admin-scope';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { enqueueEvent } from '../../kernel/events/event-outbox';
import {
  countOwnDashboards,
  findContractDetail,
  insertContract,
  ledgerOf,
  listContracts,
  lockContractRow,
  updateContract,
  volumesOf,
} from './contracts.repository';

/*
 * The contracts table belongs to this module; these are the changes other modules make to it:
 * the customer screen's click limits and dashboards (admin), the margin scenarios' assignments
 * and repricing (margins).
 */
export {
  assignMarginScenario,
  setDashboardContracts,
  touchRepricedContracts,
  updateClickLimits,
  type RepricedContracts,
} from './contracts.repository';

export interface ContractsDeps {
  db: Db;
  now: () => Date;
  /** Publishes the committed clickUpdate events right after the commit; never throws. */
  flushEvents: () => Promise<void>;
}

const normal = (value: string) => fromDec(toDec(value));

function sameProfile(a: readonly string[] | null, b: readonly string[] | null): boolean {
  if (a === null || b === null) return a === b;
  return a.every((share, index) => toDec(share).eq(toDec(b[index] as string)));
}

/**
 * The months a contract would have. A year and part whose volume and profile the form leaves as
 * they were keep their stored months to the kWh (the profile the form shows is rounded), so an
 * unrelated edit never reshapes the ledger.
 */
export function plannedMonths(
  input: ContractInput,
  stored: Parameters<typeof volumesOf>[0],
): PlannedMonth[] {
  const shown = volumesOf(stored);
  return input.volumes.flatMap(({ yearOfSupply, part, volume, profile }) => {
    const before = shown.find((v) => v.yearOfSupply === yearOfSupply && v.part === part);
    const unchanged =
      before !== undefined &&
      before.volume === normal(volume) &&
      sameProfile(before.profile, profile);
    const totals = unchanged
      ? Array.from({ length: 12 }, (_, i) => {
          const month = stored.find(
            (m) => m.yearOfSupply === yearOfSupply && m.part === part && m.month === i + 1,
          );
          return month?.totalVolume ?? '0';
        })
      : monthlyVolumes(normal(volume), profile === null ? null : profile.map(normal));
    return totals.map((totalVolume, i) => ({ yearOfSupply, part, month: i + 1, totalVolume }));
  });
}

function refusalError(refusal: ContractChangeRefusal): AppError {
  switch (refusal.code) {
    case 'CONTRACT_HAS_CLICKS':
      return new AppError('CONTRACT_HAS_CLICKS', { details: { field: refusal.field } });
    case 'YEAR_HAS_CLICKS':
      return new AppError('YEAR_HAS_CLICKS', {
        messageArgs: [refusal.yearOfSupply, refusal.part],
        details: { yearOfSupply: refusal.yearOfSupply, part: refusal.part },
      });
    case 'VOLUME_BELOW_CLICKED': {
      const { yearOfSupply, part, month, clickedVolume, totalVolume } = refusal;
      return new AppError('VOLUME_BELOW_CLICKED', {
        messageArgs: [part, yearOfSupply, month, clickedVolume],
        details: { yearOfSupply, part, month, clickedVolume, totalVolume },
      });
    }
  }
}

/** What the audit log keeps of a contract: every field the form edits, volumes per year. */
function auditOf(contract: ContractDetail) {
  const { clickYears: _years, hasClicks: _clicks, updatedAt: _at, ...rest } = contract;
  return {
    ...rest,
    volumes: contract.volumes.map(({ clickedByMonth: _clicked, ...volume }) => volume),
  };
}

/** managecontract (docs/contracts.md): list, read, create and change contracts. */
export class ContractsService {
  constructor(private readonly deps: ContractsDeps) {}

  async list(auth: AuthContext, query: ContractListQuery): Promise<ContractList> {
    const scope = await scopeOf(this.deps.db, auth, 'contracts.read');
    const { data, total } = await listContracts(this.deps.db, query, scope.customerFilter);
    return { data, page: query.page, size: query.size, total };
  }

  async get(auth: AuthContext, id: number): Promise<ContractDetail> {
    const scope = await scopeOf(this.deps.db, auth, 'contracts.read');
    const contract = await findContractDetail(this.deps.db, id);
    if (!contract) throw new AppError(scope.all ? 'NOT_FOUND' : 'FORBIDDEN');
    await scope.assertCustomer(this.deps.db, contract.customerId);
    return contract;
  }

  async #assertDashboards(input: ContractInput): Promise<void> {
    const own = await countOwnDashboards(this.deps.db, input.customerId, input.dashboardIds);
    if (own !== input.dashboardIds.length) throw new AppError('NOT_FOUND');
  }

  async create(
    auth: AuthContext,
    input: ContractInput,
    ip: string | null,
  ): Promise<ContractDetail> {
    const { db } = this.deps;
    const scope = await scopeOf(db, auth, 'contracts.create');
    await scope.assertCustomer(db, input.customerId);
    await this.#assertDashboards(input);
    const id = await uniqueContractId(() =>
      db.transaction().execute(async (trx) => {
        const contractId = await insertContract(trx, input, plannedMonths(input, []));
        const created = await findContractDetail(trx, contractId);
        await auditChange(trx, this.deps.now(), auth, {
          action: 'contract.create',
          subject: `contract:${input.contractId}`,
          customerIds: [input.customerId],
          after: created && auditOf(created),
          ip,
        });
        await announce(trx, input.contractId, [input.customerId]);
        return contractId;
      }),
    );
    await this.deps.flushEvents();
    return this.get(auth, id);
  }

  /**
   * Changes a contract on the revision read, with the contract row locked as a click's execution
   * locks it: a click sees the contract before or after the change, never a mix, and the rules
   * about clicks are checked against the clicks as they are at that moment.
   */
  async update(
    auth: AuthContext,
    id: number,
    body: UpdateContractBody,
    ip: string | null,
  ): Promise<ContractDetail> {
    const { db } = this.deps;
    const input = body.contract;
    const scope = await scopeOf(db, auth, 'contracts.edit');
    const current = await findContractDetail(db, id);
    if (!current) throw new AppError(scope.all ? 'NOT_FOUND' : 'FORBIDDEN');
    await scope.assertCustomer(db, current.customerId);
    if (input.customerId !== current.customerId) await scope.assertCustomer(db, input.customerId);
    await this.#assertDashboards(input);
    try {
      await uniqueContractId(() =>
        db.transaction().execute(async (trx) => {
          const locked = await lockContractRow(trx, id);
          if (!locked) throw new AppError('NOT_FOUND');
          if (locked.revision !== body.version) throw versionConflict(locked.revision);
          const before = await findContractDetail(trx, id);
          const ledger = await ledgerOf(trx, id);
          const months = plannedMonths(input, ledger.months);
          const refusal = checkContractChange(
            locked,
            { customerId: input.customerId, commodity: input.commodity, months },
            ledger.months,
            ledger.clickYears,
          );
          if (refusal) throw refusalError(refusal);
          await updateContract(trx, id, locked.revision, input, months);
          const after = await findContractDetail(trx, id);
          await auditChange(trx, this.deps.now(), auth, {
            action: 'contract.update',
            subject: `contract:${input.contractId}`,
            customerIds: [...new Set([locked.customerId, input.customerId])],
            before: before && auditOf(before),
            after: after && auditOf(after),
            ip,
          });
          // Both contract ids when it was renamed, so every open view of either reloads.
          await announce(
            trx,
            input.contractId,
            [...new Set([locked.customerId, input.customerId])],
            current.contractId,
          );
        }),
      );
    } catch (error) {
      if (error instanceof AppError && REFUSALS.has(error.code)) {
        await auditChange(db, this.deps.now(), auth, {
          action: 'contract.update',
          outcome: 'refused',
          subject: `contract:${current.contractId}`,
          customerIds: [current.customerId],
          details: { code: error.code, ...error.options.details },
          ip,
        });
      }
      throw error;
    }
    await this.deps.flushEvents();
    return this.get(auth, id);
  }
}

const REFUSALS = new Set(['CONTRACT_HAS_CLICKS', 'YEAR_HAS_CLICKS', 'VOLUME_BELOW_CLICKED']);

/** clickUpdate for the contract: open dashboards reload it at once (through the outbox). */
async function announce(
  trx: Db,
  contractId: string,
  customerIds: readonly number[],
  formerContractId?: string,
): Promise<void> {
  const ids = [...new Set([contractId, formerContractId ?? contractId])];
  for (const id of ids) {
    for (const customerId of customerIds) {
      await enqueueEvent(trx, 'clickUpdate', { contractId: id, customerId });
    }
  }
}

/** The database decides uniqueness, so two saves racing for one Contract-ID cannot both win. */
async function uniqueContractId<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    const constraint = violatedConstraint(error, UNIQUE_VIOLATION);
    if (constraint !== null && constraint.startsWith('contracts_contract_id')) {
      throw new AppError('CONTRACT_ID_NOT_UNIQUE');
    }
    throw error;
  }
}
