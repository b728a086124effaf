/** The web addresses of the administrative screens (spec section 2). */
export const ADMIN_WEB_PATHS = {
  manageUsers: '/manageusers',
  editUsers: '/editusers',
  newUser: '/editusers/new',
  editUser: (userId: number) => `/editusers/${userId}`,
  addViewOnlyUser: '/addviewonlyuser',
  addAccountManager: '/addaccountmanager',
  csu: '/csu',
  audit: '/audit',
  /** Not a screen of the spec: the notification e-mails (docs/notifications.md). */
  mailOutbox: '/mailoutbox',
  consultants: '/editconsultant',
  newConsultant: '/editconsultant/new',
  editConsultant: (userId: number) => `/editconsultant/${userId}`,
  manageCustomers: '/managecustomers',
  editCustomer: (customerId: number) => `/editcustomer/${customerId}`,
  /** The click desk of the clicks feature (features do not import each other). */
  clickOverview: '/clickoverview',
} as const;
