import { defineModule } from '../../kernel/modules';
import { backtestRoutes } from './backtest.routes';
import { BacktestService } from './backtest.service';
import { historyRoutes } from './history.routes';
import { HistoryService } from './history.service';

/**
 * Strategies replayed on price history (docs/backtest.md): the daily price history, its import
 * and coverage (history.*), and the replay of a contract year (backtest.*).
 */
export const backtestModule = defineModule('backtest', ['auth'], async (app) => {
  const { db, now } = app.deps;
  await app.register(historyRoutes, {
    history: new HistoryService({ db, now }),
    guards: app.guards,
  });
  await app.register(backtestRoutes, {
    backtest: new BacktestService({ db, now }),
    guards: app.guards,
    now,
    title: app.config.web.title,
  });
});
