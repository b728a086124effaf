import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../support/fixtures';
import { DashboardPage } from '../support/dashboard-page';
import { PortalApi } from '../support/portal-api';
import { PurchasePage } from '../support/purchase-page';
import { serverNow } from '../support/server-clock';
import { totpCode } from '../support/totp';
import { ADMIN_PATHS, pathTo } from '@klik/api';

const CUSTOMER = 'Metaalbewerking Jansen & Zonen B.V.';

interface CustomerSettings {
  id: number;
  name: string;
  requireSms: boolean;
  requireApproval: boolean;
  version: number;
}

/** The administrator lets the customer's users confirm clicks with an authenticator app. */
async function allowTotp(api: PortalApi): Promise<void> {
  const list = await api.call<{ data: CustomerSettings[] }>(
    'GET',
    `/rest/admin/customers?q=${encodeURIComponent('Metaalbewerking')}`,
  );
  const found = list.data.find((customer) => customer.name === CUSTOMER);
  expect(found, 'the demo customer that requires SMS').toBeTruthy();
  const current = await api.call<CustomerSettings>(
    'GET',
    pathTo(ADMIN_PATHS.customer, { customerId: found!.id }),
  );
  await api.call('PUT', pathTo(ADMIN_PATHS.customer, { customerId: current.id }), {
    version: current.version,
    name: current.name,
    requireSms: current.requireSms,
    requireApproval: current.requireApproval,
    allowTotp: true,
    clickLimits: [],
  });
}

test('a consultant sets up an authenticator app on myinfo and confirms a click with its code instead of an SMS code', async ({
  page,
  loginPage,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const admin = await PortalApi.signIn(playwright, baseURL!, 'admin');
  await allowTotp(admin);
  await admin.dispose();

  await loginPage.open();
  await loginPage.signIn('consultant');
  const dashboard = new DashboardPage(page);
  await dashboard.loaded();
  await page.goto('/myinfo');
  await page.getByRole('button', { name: 'Authenticator-app instellen' }).click();
  await expect(page.getByAltText('QR-code voor uw authenticator-app')).toBeVisible();
  const panel = new AxeBuilder({ page }).include('section[aria-labelledby="totp-title"]');
  expect((await panel.analyze()).violations).toEqual([]);
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Code uit de app').fill(totpCode(secret, await serverNow(page.request)));
  await page.getByRole('button', { name: 'App inschakelen' }).click();
  await expect(page.getByText('Uw authenticator-app is ingeschakeld.')).toBeVisible();
  await expect(page.getByTestId('totp-status')).toHaveText('Uw authenticator-app staat aan.');

  await page.goto('/dashboard');
  await dashboard.loaded();
  await dashboard.live();
  const purchase = new PurchasePage(page);
  const load = dashboard.contractDataResponse();
  await purchase.selectCustomer(CUSTOMER);
  await load;
  await dashboard.loaded();
  // Well above the smallest click even after earlier specs clicked part of the quarter.
  const quarter = await purchase.startFirstQuarter(2027, '30');
  expect(quarter, 'a clickable quarter inside the e2e trading window').toBeTruthy();
  await page.getByTestId('use-totp').click();
  await expect(page.getByTestId('sms-send')).toHaveCount(0);
  // The code that switched the app on is spent; the next step's code is one the app shows soon
  // and the server already accepts (one step of drift either way).
  const next = new Date((await serverNow(page.request)).getTime() + 30_000);
  await page.getByTestId('totp-code').fill(totpCode(secret, next));
  await purchase.confirmButton().click();
  await expect(purchase.result()).toHaveAttribute('data-status', /IN_PROGRESS|COMPLETED/);
});
