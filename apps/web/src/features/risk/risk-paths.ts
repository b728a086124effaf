/** The risk screen (docs/risk.md). */
export const RISK_WEB_PATH = '/risk';
