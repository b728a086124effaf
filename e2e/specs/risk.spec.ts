import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../support/fixtures';
import { DashboardPage } from '../support/dashboard-page';

/** A quarter of the demo customer that is clickable at the portal's clock (CLOCK_START). */
const CLICKABLE_QUARTER = '/startpurchase/KL-270001/2027/Q1';

test('the customer sees what the open volume may cost, and what a click changes in it', async ({
  page,
  loginPage,
}) => {
  test.setTimeout(120_000);
  await loginPage.open();
  await loginPage.signIn('customer');
  await new DashboardPage(page).loaded();
  // Each year's card gains its P95 once the risk figures arrive.
  const p95 = page.locator('dd[data-testid^="overview-p95-"]').first();
  await expect(p95).toContainText('€', { timeout: 20_000 });
  await expect(p95).toContainText('kosten-at-risk');

  await page.getByRole('link', { name: 'Risico' }).first().click();
  await expect(page).toHaveURL(/\/risk$/);
  await expect(page.getByTestId('screen-risk')).toBeVisible();
  // One row per commodity year, each with its P95 and cost-at-risk in euros.
  const years = page.locator('[data-testid^="risk-years-"]');
  await expect(years.first()).toBeVisible({ timeout: 20_000 });
  await expect(years.first()).toContainText('€');
  // The stress table names its four scenarios; the distribution has its chart with a text
  // alternative.
  await expect(page.getByTestId('risk-stress-book-CRISIS_2021_22')).toBeVisible();
  await expect(page.getByRole('figure').first()).toBeVisible();

  // The method in plain words, one click away, with the volatilities it used.
  await page.getByTestId('risk-method-open').click();
  const method = page.getByTestId('risk-method');
  await expect(method.getByTestId('risk-method-text')).toBeVisible();
  await expect(method.getByTestId('risk-method-volatilities')).toContainText('%');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(method).toBeHidden();

  // The figures as a file.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('risk-export-csv').click(),
  ]);
  const csv = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(csv).toString('utf8')).toMatch(/P95/);

  // Preparing a click: the year's P95 and cost-at-risk now and after it.
  await page.goto(CLICKABLE_QUARTER);
  await page.getByTestId('start-next').click();
  await expect(page.getByTestId('screen-configurepurchase')).toBeVisible();
  await page.getByTestId('share-percentage').fill('25');
  const effect = page.getByTestId('preview-risk-costAtRisk');
  await expect(effect).toBeVisible({ timeout: 20_000 });
  await expect(effect).toContainText('€');
});
