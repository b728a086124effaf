/** The strategy screen: hedge policies replayed on price history (issue 31, docs/backtest.md). */
export const BACKTEST_WEB_PATH = '/strategy';
