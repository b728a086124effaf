/** Paths of the realtime module: the live sessions an administrator sees and ends. */
export const REALTIME_PATHS = {
  sessions: '/rest/sessions',
  session: '/rest/sessions/:id',
} as const;
