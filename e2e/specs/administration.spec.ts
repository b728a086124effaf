import type { Browser, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { DashboardPage } from '../support/dashboard-page';
import { LoginPage } from '../support/login-page';
import { linkMailedTo } from '../support/mail-outbox';
import { PortalApi, uniqueName } from '../support/portal-api';
import { ADMIN_PATHS } from '@klik/api';

/** A second person at another computer: a browser context of their own. */
async function otherBrowser(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  return { page: await context.newPage(), close: () => context.close() };
}

/** A user signs in with their first password and replaces it, as the portal asks first. */
async function firstSignIn(page: Page, username: string, initial: string, chosen: string) {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(username, initial);
  await expect(page).toHaveURL(/\/changepassword/);
  await page.getByLabel(/^Huidig wachtwoord/).fill(initial);
  await page.getByLabel(/^Nieuw wachtwoord/).fill(chosen);
  await page.getByLabel(/^Herhaal het nieuwe wachtwoord/).fill(chosen);
  await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
}

test('a customer user who manages their users adds a view-only user, who reads the dashboard but cannot click', async ({
  page,
  loginPage,
  browser,
}) => {
  test.setTimeout(60_000);
  const username = uniqueName('kijker');
  await loginPage.open();
  await loginPage.signIn('customer');
  await new DashboardPage(page).loaded();

  await page
    .getByRole('navigation', { name: 'Hoofdmenu' })
    .getByRole('link', {
      name: /alleen-lezen/i,
    })
    .click();
  await expect(page.getByTestId('screen-addviewonlyuser')).toBeVisible();
  await page.getByLabel(/^Gebruikersnaam/).fill(username);
  await page.getByLabel(/^Naam/).fill('Kees Kijker');
  await page.getByLabel(/E-mailadres/).fill(`${username}@example.test`);
  await page.getByLabel(/Eerste wachtwoord/).fill('Welkom-2026!');
  await page.getByLabel('Klant toevoegen').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Toevoegen', exact: true }).click();
  await page.getByTestId('save-user').click();
  await expect(page.getByTestId('user-created')).toBeVisible();

  const viewer = await otherBrowser(browser);
  try {
    await firstSignIn(viewer.page, username, 'Welkom-2026!', 'Kijken-2026!');
    const dashboard = new DashboardPage(viewer.page);
    await dashboard.loaded();
    await expect(dashboard.contracts().first()).toBeVisible();
    await expect(dashboard.clickLinks()).toHaveCount(0);
    await expect(
      dashboard.reasons().filter({ hasText: 'niet bevoegd om te klikken' }).first(),
    ).toBeVisible();
  } finally {
    await viewer.close();
  }
});

test('deactivating a signed-in user signs their browser out at once', async ({
  page,
  loginPage,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const admin = await PortalApi.signIn(playwright, baseURL ?? '', 'admin');
  const username = uniqueName('vertrekker');
  const customers = await admin.call<{ data: { id: number }[] }>(
    'GET',
    `${ADMIN_PATHS.customers}?q=Bakkerij`,
  );
  const created = await admin.call<{ id: number }>('POST', ADMIN_PATHS.users, {
    username,
    name: 'Vera Vertrek',
    email: `${username}@example.test`,
    role: 'customer',
    customers: [{ customerId: customers.data[0]?.id, readOnly: false, clickAuthorized: true }],
    initialPassword: 'Welkom-2026!',
  });
  await admin.dispose();

  const leaver = await otherBrowser(browser);
  try {
    await firstSignIn(leaver.page, username, 'Welkom-2026!', 'Vertrek-2026!');
    const dashboard = new DashboardPage(leaver.page);
    await dashboard.loaded();
    await dashboard.live();

    await loginPage.open();
    await loginPage.signIn('admin');
    await expect(page).toHaveURL(/\/admindashboard$/);
    await page.goto(`/editusers/${created.id}`);
    await page.getByTestId('deactivate-user').click();
    await page.getByTestId('confirm-active').click();
    await expect(page.getByTestId('user-active')).toHaveText('Gedeactiveerd');

    // No reload, no click: the server ends the session and the open browser follows.
    await expect(leaver.page).toHaveURL(/\/login/);
    await expect(leaver.page.getByTestId('session-ended')).toBeVisible();
    const signInAgain = new LoginPage(leaver.page);
    await signInAgain.signIn(username, 'Vertrek-2026!');
    await expect(signInAgain.error()).toBeVisible();
  } finally {
    await leaver.close();
  }
});

test('an account manager sees the customers of their portfolio only, and no other customer opens', async ({
  page,
  loginPage,
  playwright,
  baseURL,
}) => {
  const admin = await PortalApi.signIn(playwright, baseURL ?? '', 'admin');
  const manager = await PortalApi.signIn(playwright, baseURL ?? '', 'accountmanager');
  type Customers = { data: { id: number; name: string }[]; total: number };
  const everyone = await admin.call<Customers>('GET', `${ADMIN_PATHS.customers}?size=100`);
  const portfolio = await manager.call<Customers>('GET', `${ADMIN_PATHS.customers}?size=100`);
  await admin.dispose();
  await manager.dispose();
  const portfolioIds = new Set(portfolio.data.map((customer) => customer.id));
  const foreign = everyone.data.find((customer) => !portfolioIds.has(customer.id));
  expect(foreign, 'a demo customer outside the portfolio').toBeDefined();

  await loginPage.open();
  await loginPage.signIn('accountmanager');
  await expect(page).toHaveURL(/\/admindashboard$/);
  await page
    .getByRole('navigation', { name: 'Hoofdmenu' })
    .getByRole('link', { name: 'Klanten' })
    .click();
  const table = page.getByTestId('customer-table');
  await expect(table.getByRole('row')).toHaveCount(portfolio.data.length + 1);
  for (const customer of portfolio.data) {
    await expect(table).toContainText(customer.name);
  }
  await expect(table).not.toContainText(foreign?.name ?? '');

  await page.goto(`/editcustomer/${foreign?.id}`);
  await expect(page.getByTestId('customer-error')).toBeVisible();
  await expect(page.getByTestId('screen-editcustomer')).not.toContainText(foreign?.name ?? '');
});

test('an admin creates a customer with a dashboard and invites its first user, who chooses a password and sees the dashboard; the audit log shows it all', async ({
  page,
  loginPage,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const customerName = uniqueName('Brouwerij Test ');
  const username = uniqueName('eerste');
  const email = `${username}@example.test`;
  await loginPage.open();
  await loginPage.signIn('admin');
  await expect(page).toHaveURL(/\/admindashboard$/);
  const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });

  await menu.getByRole('link', { name: 'Klanten' }).click();
  await page.getByTestId('new-customer').click();
  await page.getByLabel(/^Naam van de klant/).fill(customerName);
  await page.getByLabel('Naam dashboard 1').fill('Brouwhal');
  await page.getByTestId('create-customer').click();
  await expect(page.getByTestId('customer-created')).toBeVisible();
  const customerId = /\/editcustomer\/(\d+)/.exec(page.url())?.[1];
  expect(customerId).toBeDefined();

  await page.goto('/editusers/new');
  await page.getByLabel(/^Gebruikersnaam/).fill(username);
  await page.getByLabel(/^Naam/).fill('Eerste Brouwer');
  await page.getByLabel(/E-mailadres/).fill(email);
  await page.getByRole('combobox', { name: 'Klant toevoegen' }).fill(customerName);
  await page.getByRole('option', { name: new RegExp(customerName) }).click();
  // No initial password: the portal e-mails an invitation.
  await page.getByTestId('save-user').click();
  await expect(page.getByTestId('user-created')).toBeVisible();

  const link = await linkMailedTo(playwright, baseURL ?? '', email, '/resetpassword');
  const invitee = await browser.newContext();
  try {
    const invited = await invitee.newPage();
    await invited.goto(link);
    await expect(invited.getByText('Welkom bij Klik: kies uw wachtwoord')).toBeVisible();
    await invited.getByLabel(/^Nieuw wachtwoord(?! kiezen)/).fill('Brouwen-Met-Hop-7');
    await invited.getByLabel(/^Herhaal/).fill('Brouwen-Met-Hop-7');
    await invited.getByTestId('reset-password-submit').click();
    await expect(invited).toHaveURL(/\/login$/);
    const login = new LoginPage(invited);
    await login.signIn(username, 'Brouwen-Met-Hop-7');
    await expect(invited.getByTestId('screen-dashboard')).toBeVisible();
    await expect(new DashboardPage(invited).dashboardSelect()).toContainText('Brouwhal');
  } finally {
    await invitee.close();
  }

  await page.goto(`/audit?customerId=${customerId}`);
  const log = page.getByTestId('audit-table');
  await expect(log).toContainText('customer.create');
  await expect(log).toContainText('user.create');
  await expect(log).toContainText(username);
});
