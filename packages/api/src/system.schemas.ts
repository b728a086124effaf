/** Paths of the system module that the web or the tests use. */
export const SYSTEM_PATHS = {
  /** The web's settings; served next to the SPA, never under /rest. */
  env: '/env.json',
  /** Development and tests only (CLOCK_TEST_CONTROL): reads and moves the portal's clock. */
  devClock: '/rest/dev/clock',
} as const;
