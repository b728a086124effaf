import { defineModule } from '../../kernel/modules';

/**
 * Strategies replayed on price history (docs/backtest.md): the daily price history, its import
 * and coverage (history.*), and the replay of a contract year (backtest.*).
 */
export const backtestModule = defineModule('backtest', ['auth'], async () => {});
