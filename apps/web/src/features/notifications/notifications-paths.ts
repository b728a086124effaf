/** The notifications screen under both of the spec's names (section 2), and announcements. */
export const NOTIFICATIONS_PATHS_WEB = {
  notifications: '/notifications',
  notificaties: '/notificaties',
  /** The administrator's announcements (admin area). */
  announcements: '/announcements',
} as const;
