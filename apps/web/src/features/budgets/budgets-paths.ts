/** The budget screen (docs/budgets.md). */
export const BUDGETS_WEB_PATH = '/budget';
