import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../support/fixtures';
import { DashboardPage } from '../support/dashboard-page';
import { PortalApi, uniqueName } from '../support/portal-api';
import { PurchasePage } from '../support/purchase-page';
import { MARGIN_PATHS, PURCHASE_PATHS, pathTo } from '@klik/api';

/*
 * managecontract end to end: an admin creates a contract for the demo customer on the screen and
 * prices it by a margin scenario, the customer sees it on the dashboard and clicks it at the
 * scenario's price; leaving the form with unsaved changes asks whether to save them.
 */

const CUSTOMER = 'Bakkerij Van der Meer B.V.';

interface QuotePart {
  name: string;
  marketPrice: string;
  markUp: string;
  transactionFee: string;
  clickPrice: string;
  marginScenario?: { scenarioId: number; version: number } | null;
}

function contractIdOf(now = Date.now()): string {
  return `KL-E2E${now.toString(36).toUpperCase()}`;
}

test("an admin creates a contract and prices it by a scenario; the customer sees it on the dashboard and clicks it at the scenario's price", async ({
  page,
  loginPage,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const contractId = contractIdOf();
  await loginPage.open();
  await loginPage.signIn('admin');
  await page
    .getByRole('navigation', { name: 'Hoofdmenu' })
    .getByRole('link', { name: 'Contracten', exact: true })
    .click();
  await expect(page.getByTestId('screen-managecontract')).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByTestId('new-contract').click();

  await expect(page.getByTestId('screen-managecontract-new')).toBeVisible();
  const customer = page.getByTestId('field-customer');
  await customer.click();
  await customer.fill('Bakkerij');
  await page.getByRole('option', { name: CUSTOMER }).click();
  await page.getByTestId('field-contractId').fill(contractId);
  await page.getByTestId('field-product').fill('Gas TTF e2e');
  await page.getByTestId('volume-2027-Gas-volume').fill('1200');
  await page.getByTestId('field-markUp-Gas').fill('2');
  await page.getByTestId('field-fee-Gas').fill('0.25');
  const dashboards = page.getByTestId('field-dashboards').getByRole('checkbox');
  await expect(dashboards.first()).toBeVisible();
  await dashboards.first().check();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByTestId('save-contract').click();
  await expect(page.getByTestId('contract-created')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(contractId);

  // A margin scenario prices the new contract instead of its own mark-up and fee.
  const admin = await PortalApi.signIn(playwright, baseURL ?? '', 'admin');
  const { data: found } = await admin.call<{ data: { id: number; contractId: string }[] }>(
    'GET',
    `${MARGIN_PATHS.contracts}?search=${encodeURIComponent(contractId)}`,
  );
  const contract = found.find((candidate) => candidate.contractId === contractId);
  expect(contract, 'the new contract can be given a scenario').toBeDefined();
  const scenario = await admin.call<{ current: { scenarioId: number } }>(
    'POST',
    MARGIN_PATHS.scenarios,
    {
      name: uniqueName('E2E contract '),
      validFrom: '2026-01-01',
      validUntil: null,
      lines: ['YEAR', 'QUARTER', 'MONTH'].map((maturityType) => ({
        commodity: 'Gas',
        part: 'Gas',
        maturityType,
        minVolume: null,
        markUp: '3.5',
        transactionFee: '0.4',
      })),
    },
  );
  await admin.call(
    'PUT',
    pathTo(MARGIN_PATHS.assignments, { scenarioId: scenario.current.scenarioId }),
    {
      customerIds: [],
      contractIds: [contract?.id],
    },
  );
  await admin.dispose();

  // The customer: the new contract is on the first dashboard and can be clicked now.
  await loginPage.open();
  await loginPage.signIn('customer');
  const dashboard = new DashboardPage(page);
  const purchase = new PurchasePage(page);
  await dashboard.loaded();
  await expect(page.getByTestId(`contract-${contractId}`)).toBeVisible();
  const quarters = (await purchase.clickableQuarters(2027)).filter(
    (quarter) => quarter.contractId === contractId,
  );
  expect(
    quarters,
    'a clickable quarter of the new contract (e2e clock in the window?)',
  ).not.toEqual([]);
  await quarters[0]!.link.click();
  const quoted = page.waitForResponse((response) => response.url().endsWith(PURCHASE_PATHS.quote));
  await purchase.configurePercentage('25');
  const part = ((await (await quoted).json()) as { parts: QuotePart[] }).parts[0]!;
  // The scenario's mark-up and fee, not the contract's own (2 and 0.25), and the quote says which.
  expect(part).toMatchObject({
    markUp: '3.5',
    transactionFee: '0.4',
    marginScenario: { scenarioId: scenario.current.scenarioId, version: 1 },
  });
  expect(Number(part.clickPrice)).toBeCloseTo(
    Number(part.marketPrice) + Number(part.markUp) + Number(part.transactionFee),
    6,
  );
  await purchase.acceptTermsIfAsked();
  await purchase.confirmButton().click();
  await expect(purchase.result()).toBeVisible();
});

test('leaving the contract with unsaved changes asks to save them: stay, back, discard', async ({
  page,
  loginPage,
}) => {
  await loginPage.open();
  await loginPage.signIn('admin');
  await expect(page).toHaveURL(/\/admindashboard$/);
  await page.goto('/managecontract');
  await page.getByTestId('contracts-table').getByRole('link').first().click();
  const product = page.getByTestId('field-product');
  await expect(product).toBeVisible();
  const at = page.url();
  await product.fill(`${await product.inputValue()} gewijzigd`);

  const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });
  await menu.getByRole('link', { name: 'Klanten' }).click();
  const guard = page.getByRole('dialog', { name: 'Wijzigingen niet opgeslagen' });
  await expect(guard).toContainText('Wilt u de wijzigingen opslaan?');
  const findings = (await new AxeBuilder({ page }).analyze()).violations;
  expect(findings.map((finding) => `${finding.id}: ${finding.nodes[0]?.html}`)).toEqual([]);
  await guard.getByRole('button', { name: 'Blijven' }).click();
  await expect(guard).toBeHidden();
  expect(page.url()).toBe(at);
  await expect(product).toHaveValue(/gewijzigd$/);

  // The browser's back button asks too.
  await page.goBack();
  await expect(guard).toBeVisible();
  await guard.getByRole('button', { name: 'Niet opslaan' }).click();
  await expect(page).toHaveURL(/\/managecontract$/);
});
