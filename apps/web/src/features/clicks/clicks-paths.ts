/** The click history screens (spec section 2). */
export const CLICKS_PATHS_WEB = {
  overview: '/clickoverview',
  counter: '/clickcounter',
  results: '/resultaten',
} as const;
