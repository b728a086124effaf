import { useEffect } from 'react';
import { Navigate, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { ADMIN_WEB_PATHS } from '../features/admin/admin-paths';
import { LoginScreen } from '../features/auth/screens/login-screen';
import { PATHS } from '../shared/routing/paths';
import { FullPageLoader } from '../shared/ui/full-page-loader';
import { guardLoader } from './guards/guard-loader';
import type { ShellHandle } from './layout/screen-selection';
import { RouteError, ScreenError } from './routes/route-error';
import { warmAfterLogin } from './warm-route';

/**
 * The spec's routes that have screens so far, each loaded on demand but the login screen: it is
 * the page most visits start on, so it comes with the portal's own code instead of one more
 * round of requests after it (docs/performance.md).
 */
export function createRoutes(): RouteObject[] {
  function Login() {
    useEffect(() => warmAfterLogin(routes, PATHS.dashboard), []);
    return <LoginScreen />;
  }
  const routes: RouteObject[] = [
    {
      path: '/',
      ErrorBoundary: RouteError,
      HydrateFallback: FullPageLoader,
      children: [
        {
          index: true,
          loader: () => redirect(PATHS.login),
          Component: () => <Navigate to={PATHS.login} replace />,
        },
        { path: 'login', Component: Login },
        {
          path: 'loginoauth',
          lazy: async () => ({
            Component: (await import('../features/sso/screens/login-oauth-screen'))
              .LoginOAuthScreen,
          }),
        },
        {
          path: 'sso',
          lazy: async () => ({
            Component: (await import('../features/sso/screens/sso-screen')).SsoScreen,
          }),
        },
        {
          path: 'forgotpassword',
          lazy: async () => ({
            Component: (await import('../features/password-reset/screens/forgot-password-screen'))
              .ForgotPasswordScreen,
          }),
        },
        {
          path: 'resetpassword',
          lazy: async () => ({
            Component: (await import('../features/password-reset/screens/reset-password-screen'))
              .ResetPasswordScreen,
          }),
        },
        {
          path: 'changepassword',
          loader: guardLoader('changePassword'),
          lazy: async () => ({
            Component: (await import('../features/account/screens/change-password-screen'))
              .ChangePasswordScreen,
          }),
        },
        {
          id: 'signed-in',
          loader: guardLoader('signedIn'),
          lazy: async () => ({
            Component: (await import('./layout/signed-in-shell')).SignedInShell,
          }),
          children: [
            {
              path: 'dashboard/:commodity?',
              handle: { selection: 'customerAndDashboard' } satisfies ShellHandle,
              ErrorBoundary: ScreenError,
              loader: guardLoader('regular'),
              lazy: async () => ({
                Component: (await import('./routes/dashboard-route')).DashboardRoute,
              }),
            },
            {
              path: 'admindashboard',
              ErrorBoundary: ScreenError,
              loader: guardLoader('staff'),
              lazy: async () => ({
                Component: (await import('../features/admin/screens/admin-dashboard-screen'))
                  .AdminDashboardScreen,
              }),
            },
            {
              path: 'monitordashboard',
              ErrorBoundary: ScreenError,
              loader: guardLoader('adminOnly'),
              lazy: async () => ({
                Component: (await import('../features/admin/screens/monitor-dashboard-screen'))
                  .MonitorDashboardScreen,
              }),
            },
            {
              path: 'manageusers',
              ErrorBoundary: ScreenError,
              loader: guardLoader('staff'),
              lazy: async () => ({
                Component: (await import('../features/admin/screens/manage-users-screen'))
                  .ManageUsersScreen,
              }),
            },
            {
              path: 'editusers',
              ErrorBoundary: ScreenError,
              loader: guardLoader('users'),
              lazy: async () => ({
                Component: (await import('../features/admin/screens/edit-users-screen'))
                  .EditUsersScreen,
              }),
            },
            {
              path: 'editusers/new',
              ErrorBoundary: ScreenError,
              loader: guardLoader('staff'),
              lazy: async () => ({
                Component: (await import('../features/admin/screens/user-create-screen'))
                  .NewUserScreen,
              }),
            },
            {
              path: 'editusers/:userId',
              ErrorBoundary: ScreenError,
              loader: guardLoader('users'),
              lazy: async () => ({
                Component: (await import('../features/admin/screens/user-edit-screen'))
                  .UserEditScreen,
              }),
            },
            {
              path: 'addviewonlyuser',
              ErrorBoundary: ScreenError,
              loader: guardLoader('users'),
              lazy: async () => ({
                Component: (await import('../features/admin/screens/user-create-screen'))
                  .AddViewOnlyUserScreen,
              }),
            },
            {
              path: 'addaccountmanager',
              ErrorBoundary: ScreenError,
              loader: guardLoader('adminOnly'),
              lazy: async () => ({
                Component: (await import('../features/admin/screens/user-create-screen'))
                  .AddAccountManagerScreen,
              }),
            },
            {
              path: 'csu',
              ErrorBoundary: ScreenError,
              loader: guardLoader('staff'),
              lazy: async () => ({
                Component: (await import('../features/admin/screens/csu-screen')).CsuScreen,
              }),
            },
            {
              path: 'audit',
              ErrorBoundary: ScreenError,
              loader: guardLoader('staff'),
              lazy: async () => ({
                Component: (await import('../features/admin/screens/audit-screen')).AuditScreen,
              }),
            },
            {
              path: 'mailoutbox',
              ErrorBoundary: ScreenError,
              loader: guardLoader('adminOnly'),
              lazy: async () => ({
                Component: (await import('../features/admin/screens/mail-outbox-screen'))
                  .MailOutboxScreen,
              }),
            },
            {
              path: 'managemargins',
              ErrorBoundary: ScreenError,
              loader: guardLoader('adminOnly'),
              lazy: async () => ({
                Component: (await import('../features/margins/screens/manage-margins-screen'))
                  .ManageMarginsScreen,
              }),
            },
            {
              path: 'editconsultant',
              ErrorBoundary: ScreenError,
              loader: guardLoader('adminOnly'),
              lazy: async () => ({
                Component: (await import('../features/admin/screens/consultants-screen'))
                  .ConsultantsScreen,
              }),
            },
            {
              path: 'editconsultant/new',
              ErrorBoundary: ScreenError,
              loader: guardLoader('adminOnly'),
              lazy: async () => ({
                Component: (await import('../features/admin/screens/consultant-create-screen'))
                  .ConsultantCreateScreen,
              }),
            },
            {
              path: 'editconsultant/:userId',
              ErrorBoundary: ScreenError,
              loader: guardLoader('adminOnly'),
              lazy: async () => ({
                Component: (await import('../features/admin/screens/consultant-edit-screen'))
                  .ConsultantEditScreen,
              }),
            },
            {
              path: 'managecustomers',
              ErrorBoundary: ScreenError,
              loader: guardLoader('staff'),
              lazy: async () => ({
                Component: (await import('../features/admin/screens/manage-customers-screen'))
                  .ManageCustomersScreen,
              }),
            },
            {
              // The spec's `editcustomer` without an id: the customers to choose one from, on
              // their own address (managecustomers keeps the list's query in the address bar).
              path: 'editcustomer',
              loader: (args: LoaderFunctionArgs) => {
                guardLoader('staff')(args);
                const { search, hash } = new URL(args.request.url);
                return redirect(`${ADMIN_WEB_PATHS.manageCustomers}${search}${hash}`);
              },
            },
            {
              path: 'editcustomer/:customerId',
              ErrorBoundary: ScreenError,
              loader: guardLoader('staff'),
              lazy: async () => ({
                Component: (await import('../features/admin/screens/customer-edit-screen'))
                  .CustomerEditScreen,
              }),
            },
            {
              path: 'managecontract',
              ErrorBoundary: ScreenError,
              loader: guardLoader('staff'),
              lazy: async () => ({
                Component: (await import('../features/contracts/screens/manage-contracts-screen'))
                  .ManageContractsScreen,
              }),
            },
            {
              path: 'managecontract/new',
              ErrorBoundary: ScreenError,
              loader: guardLoader('staff'),
              lazy: async () => ({
                Component: (await import('../features/contracts/screens/contract-edit-screen'))
                  .ContractCreateScreen,
              }),
            },
            {
              path: 'managecontract/:contractId',
              ErrorBoundary: ScreenError,
              loader: guardLoader('staff'),
              lazy: async () => ({
                Component: (await import('../features/contracts/screens/contract-edit-screen'))
                  .ContractEditScreen,
              }),
            },
            {
              // Importing is for admins alone (contracts.import); managecontract links here.
              path: 'managecontract/import',
              ErrorBoundary: ScreenError,
              loader: guardLoader('adminOnly'),
              lazy: async () => ({
                Component: (await import('../features/contracts/screens/contracts-import-screen'))
                  .ContractsImportScreen,
              }),
            },
            {
              // The price history for the backtest: admins alone (priceHistory.import).
              path: 'pricehistory',
              ErrorBoundary: ScreenError,
              loader: guardLoader('adminOnly'),
              lazy: async () => ({
                Component: (
                  await import('../features/backtest/screens/price-history-import-screen')
                ).PriceHistoryImportScreen,
              }),
            },
            {
              path: 'monitorprices',
              ErrorBoundary: ScreenError,
              loader: guardLoader('adminOnly'),
              lazy: async () => ({
                Component: (await import('../features/market/screens/monitor-prices-screen'))
                  .MonitorPricesScreen,
              }),
            },
            {
              // The purchase screens share one draft; leaving them clears it.
              ErrorBoundary: ScreenError,
              loader: guardLoader('regular'),
              lazy: async () => ({
                Component: (await import('../features/purchase/screens/purchase-flow-layout'))
                  .PurchaseFlowLayout,
              }),
              children: [
                ...[
                  'startpurchase',
                  'startpurchase/:contractId',
                  'startpurchase/:contractId/:year/:period',
                ].map((path) => ({
                  path,
                  handle: { selection: 'customer' } satisfies ShellHandle,
                  lazy: async () => ({
                    Component: (await import('../features/purchase/screens/start-purchase-screen'))
                      .StartPurchaseScreen,
                  }),
                })),
                {
                  path: 'configurepurchase',
                  lazy: async () => ({
                    Component: (
                      await import('../features/purchase/screens/configure-purchase-screen')
                    ).ConfigurePurchaseScreen,
                  }),
                },
                {
                  path: 'confirmpurchase',
                  lazy: async () => ({
                    Component: (
                      await import('../features/purchase/screens/confirm-purchase-screen')
                    ).ConfirmPurchaseScreen,
                  }),
                },
              ],
            },
            {
              path: 'clickoverview',
              handle: { selection: 'customer' } satisfies ShellHandle,
              ErrorBoundary: ScreenError,
              loader: guardLoader('regular'),
              lazy: async () => ({
                Component: (await import('../features/clicks/screens/click-overview-screen'))
                  .ClickOverviewScreen,
              }),
            },
            {
              path: 'standingorders',
              handle: { selection: 'customer' } satisfies ShellHandle,
              ErrorBoundary: ScreenError,
              loader: guardLoader('regular'),
              lazy: async () => ({
                Component: (
                  await import('../features/standing-orders/screens/standing-orders-screen')
                ).StandingOrdersScreen,
              }),
            },
            {
              path: 'pricealerts',
              handle: { selection: 'customer' } satisfies ShellHandle,
              ErrorBoundary: ScreenError,
              loader: guardLoader('regular'),
              lazy: async () => ({
                Component: (await import('../features/price-alerts/screens/price-alerts-screen'))
                  .PriceAlertsScreen,
              }),
            },
            {
              path: 'integrations',
              handle: { selection: 'customer' } satisfies ShellHandle,
              ErrorBoundary: ScreenError,
              loader: guardLoader('integrations'),
              lazy: async () => ({
                Component: (await import('../features/integrations/screens/integrations-screen'))
                  .IntegrationsScreen,
              }),
            },
            {
              path: 'clickcounter',
              handle: { selection: 'customer' } satisfies ShellHandle,
              ErrorBoundary: ScreenError,
              loader: guardLoader('regular'),
              lazy: async () => ({
                Component: (await import('../features/clicks/screens/click-counter-screen'))
                  .ClickCounterScreen,
              }),
            },
            {
              path: 'deadlines',
              handle: { selection: 'customer' } satisfies ShellHandle,
              ErrorBoundary: ScreenError,
              loader: guardLoader('regular'),
              lazy: async () => ({
                Component: (await import('../features/deadlines/screens/deadlines-screen'))
                  .DeadlinesScreen,
              }),
            },
            {
              path: 'budget',
              handle: { selection: 'customer' } satisfies ShellHandle,
              ErrorBoundary: ScreenError,
              loader: guardLoader('regular'),
              lazy: async () => ({
                Component: (await import('../features/budgets/screens/budget-screen')).BudgetScreen,
              }),
            },
            {
              path: 'risk',
              handle: { selection: 'customer' } satisfies ShellHandle,
              ErrorBoundary: ScreenError,
              loader: guardLoader('regular'),
              lazy: async () => ({
                Component: (await import('../features/risk/screens/risk-screen')).RiskScreen,
              }),
            },
            {
              path: 'strategy',
              handle: { selection: 'customer' } satisfies ShellHandle,
              ErrorBoundary: ScreenError,
              loader: guardLoader('regular'),
              lazy: async () => ({
                Component: (await import('../features/backtest/screens/strategy-screen'))
                  .StrategyScreen,
              }),
            },
            {
              path: 'hedgepolicy',
              handle: { selection: 'customer' } satisfies ShellHandle,
              ErrorBoundary: ScreenError,
              loader: guardLoader('regular'),
              lazy: async () => ({
                Component: (await import('../features/hedge-policies/screens/hedge-policy-screen'))
                  .HedgePolicyScreen,
              }),
            },
            {
              path: 'resultaten',
              handle: { selection: 'customer' } satisfies ShellHandle,
              ErrorBoundary: ScreenError,
              loader: guardLoader('regular'),
              lazy: async () => ({
                Component: (await import('../features/clicks/screens/results-screen'))
                  .ResultsScreen,
              }),
            },
            {
              path: 'overview',
              ErrorBoundary: ScreenError,
              loader: guardLoader('tpi'),
              lazy: async () => ({
                Component: (await import('../features/tpi/screens/overview-screen')).OverviewScreen,
              }),
            },
            {
              // The customer's dashboard as a TPI consultant sees it after login-as; the shell's
              // consultant banner names the customer and leads back to the overview.
              path: 'consultantdashboard/:commodity?',
              handle: { selection: 'customerAndDashboard' } satisfies ShellHandle,
              ErrorBoundary: ScreenError,
              loader: guardLoader('regular'),
              lazy: async () => ({
                Component: (await import('./routes/dashboard-route')).DashboardRoute,
              }),
            },
            {
              path: 'help',
              ErrorBoundary: ScreenError,
              loader: guardLoader('signedIn'),
              lazy: async () => ({
                Component: (await import('../features/help/screens/help-screen')).HelpScreen,
              }),
            },
            {
              path: 'myinfo',
              ErrorBoundary: ScreenError,
              loader: guardLoader('signedIn'),
              lazy: async () => ({
                Component: (await import('../features/account/screens/myinfo-screen')).MyInfoScreen,
              }),
            },
            // The spec names the notifications screen in Dutch and in English: one screen.
            ...['notificaties', 'notifications'].map((path) => ({
              path,
              ErrorBoundary: ScreenError,
              loader: guardLoader('signedIn'),
              lazy: async () => ({
                Component: (await import('../features/notifications/screens/notifications-screen'))
                  .NotificationsScreen,
              }),
            })),
            {
              path: 'announcements',
              ErrorBoundary: ScreenError,
              loader: guardLoader('adminOnly'),
              lazy: async () => ({
                Component: (await import('../features/notifications/screens/announcements-screen'))
                  .AnnouncementsScreen,
              }),
            },
          ],
        },
        {
          path: '*',
          lazy: async () => ({
            Component: (await import('./routes/not-found-screen')).NotFoundScreen,
          }),
        },
      ],
    },
  ];
  return routes;
}
