import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../support/fixtures';
import { DashboardPage } from '../support/dashboard-page';

test('a budget with its bandwidth chart, and a hedge corridor shown on the dashboard', async ({
  page,
  loginPage,
}) => {
  test.setTimeout(90_000);
  await loginPage.open();
  await loginPage.signIn('customer');
  await new DashboardPage(page).loaded();

  await page.getByRole('link', { name: 'Budget' }).first().click();
  await expect(page).toHaveURL(/\/budget$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Budget' })).toBeVisible();
  await expect(page.getByTestId('budget-standing')).toBeVisible();
  // The demo offers price every year: the expected price of the year is known.
  await expect(page.getByTestId('budget-expected')).toContainText('/MWh');

  const form = page.getByTestId('budget-form');
  await form.getByTestId('budget-price').fill('80');
  await form.getByTestId('budget-lower').fill('60');
  await form.getByTestId('budget-upper').fill('100,5');
  await form.getByTestId('budget-save').click();
  await expect(page.getByTestId('budget-saved')).toBeVisible();
  await expect(page.getByTestId('budget-zone')).toBeVisible();
  const chart = page.getByRole('figure', { name: 'Verwachte prijs tegen de bandbreedte' });
  await expect(chart).toBeVisible();
  await expect(chart.locator('svg').first()).toBeVisible();
  // The text alternative names the bounds and has today's expected price.
  const table = chart.locator('table');
  await expect(table.locator('caption')).toContainText('bandbreedte € 60,00/MWh tot € 100,50/MWh');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // The corridor: the suggested points for a year ahead, then the dashboard shows where it is.
  await page.getByRole('link', { name: 'Afdekbeleid' }).first().click();
  await expect(page).toHaveURL(/\/hedgepolicy$/);
  const edit = page.locator('[data-testid^="hedge-edit-"]').first();
  const key = ((await edit.getAttribute('data-testid')) ?? '').replace('hedge-edit-', '');
  await edit.click();
  await page.getByTestId('hedge-save').click();
  await expect(page.getByTestId('hedge-saved')).toBeVisible();
  await expect(page.getByTestId(`hedge-position-${key}`)).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  const panel = page.getByTestId('hedge-panel');
  await expect(panel.getByTestId(`hedge-panel-${key}`)).toBeVisible();

  // Leave nothing behind for the specs after this one.
  await page.goto('/hedgepolicy');
  await page.getByTestId(`hedge-edit-${key}`).click();
  await page.getByTestId('hedge-delete').click();
  await expect(page.getByTestId(`hedge-edit-${key}`)).toHaveText('Beleid instellen');
  await page.goto('/budget');
  await page.getByTestId('budget-delete').click();
  await expect(page.getByTestId('budget-none')).toBeVisible();
});
