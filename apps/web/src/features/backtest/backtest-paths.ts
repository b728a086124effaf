/** The strategy screen: hedge policies replayed on price history (issue 31, docs/backtest.md). */
export const BACKTEST_WEB_PATH = '/strategy';
/** The administrators' price history import, with what history is kept (docs/backtest.md). */
export const PRICE_HISTORY_WEB_PATH = '/pricehistory';
