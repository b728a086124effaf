import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { DashboardPage } from '../support/dashboard-page';
import { PurchasePage } from '../support/purchase-page';

const ZUIVEL = 'Zuivelfabriek Friesland Noord B.V.';

async function noAxeFindings(page: Page): Promise<void> {
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
}

test.describe('the TPI cockpit', () => {
  test('tpi sees every customer with figures, acts for one on consultantdashboard, clicks and returns', async ({
    page,
    loginPage,
  }) => {
    test.setTimeout(90_000);
    await loginPage.open();
    await loginPage.signIn('tpi');
    await expect(page).toHaveURL(/\/overview$/);
    const table = page.getByTestId('tpi-table');
    const zuivelRow = table.getByRole('row').filter({ hasText: ZUIVEL });
    const status = zuivelRow.locator('[data-testid^="tpi-status-"]');
    await expect(status).toHaveAttribute('data-status', '2');
    // Every customer of tpi loads (status 2) with its figures.
    await expect(table.locator('[data-testid^="tpi-status-"][data-status="2"]')).toHaveCount(3);
    await expect(zuivelRow.locator('[data-testid^="tpi-lowest-"]')).toHaveText(/%$/);
    // The overview as it opens, no row expanded and no menu or dialog open: the status badges and
    // the "Inloggen als…" buttons against their background.
    await noAxeFindings(page);
    await zuivelRow.locator('[data-testid^="tpi-expand-"]').click();
    const lines = page.locator('[data-testid^="tpi-line-"]');
    await expect(lines.first()).toBeVisible();
    await expect(lines.first().getByTestId('tpi-clicked')).toHaveText(/%$/);
    await noAxeFindings(page);

    // Sign in as the customer's user: consultantdashboard under the consultant's banner.
    await zuivelRow.locator('[data-testid^="tpi-login-as-"]').first().click();
    await page.getByTestId('tpi-login-as-user-zuivel').click();
    await expect(page).toHaveURL(/\/consultantdashboard$/);
    const banner = page.getByTestId('consultant-banner');
    await expect(banner).toContainText('Joost Mulder werkt namens');
    await expect(banner).toContainText(ZUIVEL);
    await expect(banner).toContainText('Marieke Hoekstra');
    const dashboard = new DashboardPage(page);
    await dashboard.loaded();
    await noAxeFindings(page);

    // A click there goes through the customer's own rules.
    const purchase = new PurchasePage(page);
    // Well above the smallest click even after earlier specs clicked part of the quarter.
    const quarter = await purchase.startFirstQuarter(2027, '30');
    expect(quarter, 'no clickable quarter: is the e2e clock inside the window?').toBeTruthy();
    await purchase.confirmButton().click();
    await expect(purchase.result()).toBeVisible();

    // Back to the overview: the consultant's own session again, the data loaded anew.
    await page.getByTestId('consultant-back').click();
    await expect(page).toHaveURL(/\/overview$/);
    await expect(page.getByTestId('consultant-banner')).toHaveCount(0);
    await expect(
      page.getByTestId('tpi-table').locator('[data-testid^="tpi-status-"][data-status="2"]'),
    ).toHaveCount(3);
  });
});
