/** The hedge policy screen (docs/budgets.md). */
export const HEDGE_POLICIES_WEB_PATH = '/hedgepolicy';
