import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../support/fixtures';
import { DashboardPage } from '../support/dashboard-page';
import { pushPrices } from '../support/market-feed';
import { PortalApi } from '../support/portal-api';
import { serverNow } from '../support/server-clock';
import { MARKET_PATHS } from '@klik/api';

interface BoardEntry {
  product: string;
  yearOfSupply: number;
  maturity: string;
  market: string;
  price: string | null;
}

/**
 * A limit order placed on its screen executes by itself once a pushed price meets it, and the
 * click appears without a reload. It clicks 10% of the OTC M11 of the demo customer's last gas
 * year, which no other journey clicks, and puts that price back afterwards.
 */
test('a limit order clicks by itself when a pushed price meets it', async ({
  page,
  loginPage,
  playwright,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const dashboard = new DashboardPage(page);
  await loginPage.open();
  await loginPage.signIn('customer');
  await dashboard.loaded();

  await page.getByRole('link', { name: 'Staande orders' }).first().click();
  await expect(page).toHaveURL(/\/standingorders$/);
  await expect(page.getByRole('heading', { name: 'Staande orders', level: 1 })).toBeVisible();

  // The first gas contract and its last year of supply.
  const contract = page.getByTestId('standing-order-contract');
  const options = await contract.locator('option').evaluateAll((nodes) =>
    nodes.map((node) => ({
      value: (node as HTMLOptionElement).value,
      label: node.textContent ?? '',
    })),
  );
  const gas = options.find((option) => /gas/i.test(option.label)) ?? options[0];
  expect(gas).toBeDefined();
  const contractId = gas?.value ?? '';
  await contract.selectOption(contractId);
  const years = await page
    .getByTestId('standing-order-year')
    .locator('option')
    .evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
  const year = years.at(-1) ?? '';
  await page.getByTestId('standing-order-year').selectOption(year);
  await page.getByTestId('standing-order-maturity').selectOption('M11');
  await page.getByTestId('standing-order-percentage').fill('10');

  // Checked on the screen before anything is sent.
  await page.getByTestId('standing-order-limit').fill('0');
  await page.getByTestId('standing-order-place').click();
  await expect(page.getByTestId('standing-order-problem')).toContainText('groter dan 0');

  await page.getByTestId('standing-order-limit').fill('10');
  const terms = page.getByTestId('standing-order-terms');
  if (await terms.isVisible()) await terms.check();
  await page.getByTestId('standing-order-place').click();
  await expect(page.getByTestId('standing-order-placed')).toBeVisible();
  const row = page
    .locator('tr')
    .filter({ hasText: `${contractId} M11 ${year}` })
    .first();
  await expect(row).toContainText('Actief');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // The price now, to put back afterwards.
  const admin = await PortalApi.signIn(playwright, baseURL ?? '', 'admin');
  const board = await admin.call<BoardEntry[]>('GET', MARKET_PATHS.board);
  const before = board.find(
    (entry) =>
      entry.product === 'TTF_GAS' &&
      entry.yearOfSupply === Number(year) &&
      entry.maturity === 'M11' &&
      entry.market === 'OTC',
  )?.price;
  const price = async (value: string) =>
    pushPrices([
      {
        product: 'TTF_GAS',
        yearOfSupply: Number(year),
        maturity: 'M11',
        market: 'OTC',
        price: value,
        at: (await serverNow(request)).toISOString(),
      },
    ]);
  try {
    // Far below any limit a customer would set: the click price (plus mark-up and fee) meets 10.
    await price('1');
    // No reload: the clickUpdate of the order's click reads the orders again.
    await expect(row).toContainText('Uitgevoerd', { timeout: 20_000 });
    await expect(row).toContainText('Klik ');

    // The click is in the overview, made by the customer's own user.
    await page.getByRole('link', { name: 'Klikoverzicht' }).first().click();
    await expect(page).toHaveURL(/\/clickoverview/);
    await expect(
      page.locator('tr').filter({ hasText: contractId }).filter({ hasText: 'M11' }).first(),
    ).toBeVisible();
  } finally {
    if (before) await price(before);
    await admin.dispose();
  }
});
