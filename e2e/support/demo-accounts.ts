/** The demo seed's accounts (README) and the screen each lands on after signing in. */
export const DEMO_PASSWORD = 'Klik-demo-2026';

export const DEMO_ACCOUNTS = [
  { username: 'admin', home: 'admindashboard' },
  { username: 'accountmanager', home: 'admindashboard' },
  { username: 'consultant', home: 'dashboard' },
  { username: 'tpi', home: 'overview' },
  { username: 'customer', home: 'dashboard' },
  { username: 'viewer', home: 'dashboard' },
  { username: 'zuivel', home: 'dashboard' },
] as const;
