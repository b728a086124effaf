import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../support/fixtures';
import { DashboardPage } from '../support/dashboard-page';
import { LoginPage } from '../support/login-page';
import { PortalApi, uniqueName } from '../support/portal-api';
import { ADMIN_PATHS, AUTH_PATHS } from '@klik/api';

test('myinfo: a user ends the session they left open on another computer, which is signed out at once', async ({
  page,
  loginPage,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(60_000);
  // A user of this journey's own: the demo accounts' sessions belong to other specs.
  const admin = await PortalApi.signIn(playwright, baseURL ?? '', 'admin');
  const username = uniqueName('thuiswerker');
  const customers = await admin.call<{ data: { id: number }[] }>(
    'GET',
    `${ADMIN_PATHS.customers}?q=Tuinbouw`,
  );
  await admin.call('POST', ADMIN_PATHS.users, {
    username,
    name: 'Thea Thuiswerker',
    email: `${username}@example.test`,
    role: 'customer',
    customers: [{ customerId: customers.data[0]?.id, readOnly: false, clickAuthorized: true }],
    initialPassword: 'Eerste-2026!',
  });
  await admin.dispose();
  const first = await PortalApi.signIn(playwright, baseURL ?? '', username, 'Eerste-2026!');
  await first.call('POST', AUTH_PATHS.changePassword, {
    currentPassword: 'Eerste-2026!',
    newPassword: 'Thuis-Werk-2026',
  });
  await first.signOut();

  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    const otherLogin = new LoginPage(otherPage);
    await otherLogin.open();
    await otherLogin.signIn(username, 'Thuis-Werk-2026');
    const otherDashboard = new DashboardPage(otherPage);
    await otherDashboard.loaded();
    await otherDashboard.live();

    await loginPage.open();
    await loginPage.signIn(username, 'Thuis-Werk-2026');
    await new DashboardPage(page).loaded();
    await page.goto('/myinfo');
    const sessions = page.getByTestId('own-sessions');
    await expect(sessions.getByRole('row')).toHaveCount(3);
    await expect(sessions).toContainText('Deze sessie');
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    await sessions.getByRole('button', { name: /^Sessie beëindigen/ }).click();
    await page.getByTestId('confirm-end-session').click();
    await expect(page.getByTestId('session-ended-notice')).toBeVisible();
    await expect(sessions.getByRole('row')).toHaveCount(2);

    await expect(otherPage).toHaveURL(/\/login/);
    await expect(otherPage.getByTestId('session-ended')).toBeVisible();
  } finally {
    await other.close();
  }
});
