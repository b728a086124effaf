import {
  HISTORY_IMPORT_MAX_ISSUES,
  type HistoryCoverage,
  type HistoryImportIssue,
  type HistoryImportReport,
} from '@klik/api';
import type { Db } from '../../db/database';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { actorOf, writeAudit } from '../../kernel/audit/audit-log';
import { parseHistoryCsv } from './history-import.parser';
import {
  countHistoryChanges,
  findCoverage,
  lockHistoryForImport,
  upsertHistory,
  type HistoryCounts,
  type HistoryRow,
} from './history.repository';

/*
 * The price history (docs/backtest.md, "Price history"): the import of settlement prices, all or
 * nothing, and what history is kept. Who may call is the routes' guard (priceHistory.import for
 * the import, any session for the coverage).
 */

export interface HistoryDeps {
  db: Db;
  now: () => Date;
}

export class HistoryService {
  constructor(private readonly deps: HistoryDeps) {}

  /** Checks the file and, unless a dry run or refused for an issue, writes it in one transaction. */
  async importCsv(
    auth: AuthContext,
    bytes: Uint8Array,
    dryRun: boolean,
    ip: string,
  ): Promise<HistoryImportReport> {
    const parsed = parseHistoryCsv(bytes);
    const report = (counts: HistoryCounts, imported: boolean): HistoryImportReport => ({
      dryRun,
      imported,
      rowCount: parsed.rowCount,
      ...counts,
      issues: listed(parsed.issues),
      issueCount: parsed.issues.length,
    });
    // What the file would do, also beside its issues, so one dry run shows both.
    if (dryRun || parsed.issues.length > 0) {
      return report(await countHistoryChanges(this.deps.db, parsed.rows, 'IMPORT'), false);
    }
    const at = this.deps.now();
    const counts = await this.deps.db.transaction().execute(async (trx) => {
      await lockHistoryForImport(trx);
      const planned = await countHistoryChanges(trx, parsed.rows, 'IMPORT');
      await upsertHistory(trx, parsed.rows, 'IMPORT', at);
      await writeAudit(trx, {
        at,
        ...actorOf(auth),
        action: 'importPriceHistory',
        outcome: 'success',
        subject: `price_history:${parsed.rows.length}`,
        details: { rows: parsed.rowCount, ...planned, ...spanOf(parsed.rows) },
        ip,
      });
      return planned;
    });
    return report(counts, true);
  }

  coverage(): Promise<HistoryCoverage> {
    return findCoverage(this.deps.db);
  }
}

function listed(issues: readonly HistoryImportIssue[]): HistoryImportIssue[] {
  return [...issues]
    .sort((a, b) => (a.row ?? 0) - (b.row ?? 0))
    .slice(0, HISTORY_IMPORT_MAX_ISSUES);
}

/** For the audit entry: the first and last day and the products the file held. */
function spanOf(rows: readonly HistoryRow[]) {
  let from: string | null = null;
  let to: string | null = null;
  const products = new Set<string>();
  for (const row of rows) {
    if (from === null || row.day < from) from = row.day;
    if (to === null || row.day > to) to = row.day;
    products.add(row.product);
  }
  return { from, to, products: [...products].sort() };
}
