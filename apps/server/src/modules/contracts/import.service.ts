import {
  CONTRACT_IMPORT_ISSUE_CODES,
  CONTRACT_IMPORT_MAX_ISSUES,
  type ContractImportIssue,
  type ContractImportReport,
} from '@klik/api';
import type { Db } from '../../db/database';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { writeAudit } from '../../kernel/audit/audit-log';
import { readImportTable } from './import.parser';
import { planImport, type ImportPlan } from './import.plan';
import { enqueueClickUpdates, loadStoredState, writeContracts } from './import.repository';
import { parseImportRows } from './import.rows';
import { LOCK_KEYS } from '../../kernel/jobs/lock-keys';
import { lockForTransaction } from '../../kernel/jobs/transaction-lock';

/*
 * The import of contracts and volumes (docs/contracts-import.md). A dry run plans and answers;
 * the import plans again inside its transaction, on rows locked against a concurrent edit, and
 * writes only when the whole file is free of issues: any issue and nothing changes.
 */

export interface ContractImportDeps {
  db: Db;
  now: () => Date;
  /** Publishes the committed clickUpdates (never throws). */
  flushEvents: () => Promise<void>;
}

const KNOWN_CODES: ReadonlySet<string> = new Set(CONTRACT_IMPORT_ISSUE_CODES);

export class ContractImportService {
  constructor(private readonly deps: ContractImportDeps) {}

  async run(
    auth: AuthContext,
    bytes: Buffer,
    dryRun: boolean,
    ip: string,
  ): Promise<ContractImportReport> {
    const read = await readImportTable(bytes);
    if (!read.ok) return reportOf(dryRun, null, 0, { contracts: [], issues: [read.issue] });
    const { table } = read;
    const parsed = parseImportRows(table);
    const contractIds = [...new Set(parsed.rows.map((row) => row.contract.contractId))];
    const customerIds = [...new Set(parsed.rows.flatMap((row) => row.contract.customerId ?? []))];
    const plan = async (db: Db): Promise<ImportPlan> => {
      const stored = await loadStoredState(db, contractIds, customerIds);
      const planned = planImport(parsed.rows, parsed.contractColumns, stored, KNOWN_CODES);
      return { contracts: planned.contracts, issues: [...parsed.issues, ...planned.issues] };
    };
    if (dryRun) return reportOf(true, table.format, table.rows.length, await plan(this.deps.db));

    const at = this.deps.now();
    const result = await this.deps.db.transaction().execute(async (trx) => {
      await sqlLock(trx);
      const planned = await plan(trx);
      if (planned.issues.length > 0) return { planned, imported: false };
      const toWrite = planned.contracts.filter((contract) => contract.line.action !== 'unchanged');
      await writeContracts(trx, toWrite);
      const changed = toWrite.filter((contract) => contract.line.action === 'change');
      await enqueueClickUpdates(
        trx,
        changed.map((contract) => contract.line),
      );
      await writeAudit(trx, {
        at,
        actor: { id: auth.user.id, username: auth.user.username },
        impersonator: auth.impersonator,
        action: 'importContracts',
        outcome: 'success',
        subject: `contracts:${toWrite.length}`,
        details: auditDetails(table.format, table.rows.length, planned),
        ip,
        customerIds: toWrite.map((contract) => contract.line.customerId),
      });
      return { planned, imported: true };
    });
    if (result.imported) await this.deps.flushEvents();
    return {
      ...reportOf(false, table.format, table.rows.length, result.planned),
      imported: result.imported,
    };
  }
}

async function sqlLock(trx: Db): Promise<void> {
  await lockForTransaction(trx, LOCK_KEYS.contractImport);
}

function auditDetails(format: string, rowCount: number, plan: ImportPlan): Record<string, unknown> {
  const count = (action: string) =>
    plan.contracts.filter((contract) => contract.line.action === action).length;
  return {
    format,
    rows: rowCount,
    created: count('create'),
    changed: count('change'),
    unchanged: count('unchanged'),
    // Per contract what it was and what changed, so any contract's history can be followed.
    contracts: plan.contracts
      .filter((contract) => contract.line.action !== 'unchanged')
      .map((contract) => ({
        contractId: contract.line.contractId,
        action: contract.line.action,
        changedFields: contract.line.changedFields,
        before: contract.before && {
          customerId: contract.before.customerId,
          product: contract.before.product,
          markUp: contract.before.markUp,
          transactionFee: contract.before.transactionFee,
          offPeakMarkUp: contract.before.offPeakMarkUp,
          offPeakTransactionFee: contract.before.offPeakTransactionFee,
          maxClickPercentage: contract.before.maxClickPercentage,
          lumpSum: contract.before.lumpSum,
          years: [...new Set(contract.before.months.map((month) => month.yearOfSupply))],
        },
      })),
  };
}

function reportOf(
  dryRun: boolean,
  format: ContractImportReport['format'],
  rowCount: number,
  plan: Pick<ImportPlan, 'contracts' | 'issues'>,
): ContractImportReport {
  const issues: ContractImportIssue[] = [...plan.issues].sort(
    (a, b) => (a.row ?? 0) - (b.row ?? 0),
  );
  const count = (action: string) =>
    plan.contracts.filter((contract) => contract.line.action === action).length;
  return {
    dryRun,
    imported: false,
    format,
    rowCount,
    created: count('create'),
    changed: count('change'),
    unchanged: count('unchanged'),
    contracts: plan.contracts.map((contract) => contract.line),
    issues: issues.slice(0, CONTRACT_IMPORT_MAX_ISSUES),
    issueCount: issues.length,
  };
}
