/** REST paths of spec section 7, relative to backendUrl. One place, used by server and web. */
export const REST = {
  login: '/rest/authentication/login',
  loginOAuth2: '/rest/authentication/loginOAuth2',
  loginAs: '/rest/authentication/loginAs',
  logout: '/rest/authentication/logout',
  liftLoginThrottle: '/rest/authentication/admin/liftLoginThrottle',
  /** The signed-in user changes their password (also the one an administrator set). */
  changePassword: '/rest/authentication/changePassword',
  setLocale: (locale: string) =>
    `/rest/authentication/admin/setLocale/${encodeURIComponent(locale)}`,
  setLocalePattern: '/rest/authentication/admin/setLocale/:locale',
  availableLocales: '/rest/locale/available',
  tradingStatus: '/rest/tradingstatus',
} as const;

/** Served next to the SPA, never under /rest. */
export const ENV_PATH = '/env.json';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
