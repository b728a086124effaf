/** The screens registered so far (spec section 2); later screens add their own entries. */
export const PATHS = {
  login: '/login',
  forgotPassword: '/forgotpassword',
  /** A reset or invitation link from an e-mail: /resetpassword?token=... */
  resetPassword: '/resetpassword',
  dashboard: '/dashboard',
  adminDashboard: '/admindashboard',
  myInfo: '/myinfo',
  overview: '/overview',
  /** A TPI consultant's view of a customer's dashboard after login-as (spec section 2). */
  consultantDashboard: '/consultantdashboard',
  monitorDashboard: '/monitordashboard',
  monitorPrices: '/monitorprices',
  /** A user with an initial password changes it here before anything else. */
  changePassword: '/changepassword',
} as const;

export const RETURN_URL_PARAM = 'returnUrl';
