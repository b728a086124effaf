import { BACKTEST_PATHS } from '@klik/api';
import type { RouteCase } from '../admin/permission-cases';

/** The price history import (history.routes.ts): a dry run of an empty body answers 200. */
export const HISTORY_ROUTE_CASES: RouteCase[] = [
  {
    action: 'priceHistory.import',
    method: 'POST',
    route: BACKTEST_PATHS.historyImport,
    ok: 200,
    subjectless: true,
    request: async () => ({ url: `${BACKTEST_PATHS.historyImport}?dryRun=true` }),
  },
];
