/** The web addresses of the people screens (spec section 2). */
export const ADMIN_WEB_PATHS = {
  manageUsers: '/manageusers',
  editUsers: '/editusers',
  newUser: '/editusers/new',
  editUser: (userId: number) => `/editusers/${userId}`,
  addViewOnlyUser: '/addviewonlyuser',
  addAccountManager: '/addaccountmanager',
  csu: '/csu',
  manageCustomers: '/managecustomers',
  editCustomer: (customerId: number) => `/editcustomer/${customerId}`,
} as const;
