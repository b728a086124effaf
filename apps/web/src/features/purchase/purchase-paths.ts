/** The purchase flow's screens (spec section 2). */
export const PURCHASE_PATHS_WEB = {
  start: '/startpurchase',
  configure: '/configurepurchase',
  confirm: '/confirmpurchase',
  /** Where the click shows afterwards (the clicks screens). */
  clickOverview: '/clickoverview',
  startAt: (contractId: string, year: number, maturity: string) =>
    `/startpurchase/${encodeURIComponent(contractId)}/${year}/${maturity}`,
} as const;
