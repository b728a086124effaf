import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { DashboardPage } from '../support/dashboard-page';
import { PurchasePage } from '../support/purchase-page';

// The customer's main screens as stored references (e2e/screenshots), at a laptop's and a phone's
// width, on a portal of their own that holds the demo seed as seeded (playwright.config.ts: the
// project 'visual'). A layout that breaks - a column pushed off the screen, a header that grows,
// a chart that no longer draws - changes far more than the tolerance allows. Regenerate the
// references after an intended change of layout:
//   cd e2e && npx playwright test --project visual --update-snapshots
// What moves with the clock (a quote's countdown, a price's age, times) is masked.

const WIDTHS = [
  { name: 'laptop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;

function volatile(page: Page): Locator[] {
  return [
    page.getByTestId('quote-countdown'),
    page.locator('[data-volatile]'),
    page.locator('time'),
  ];
}

async function settled(page: Page): Promise<void> {
  // Nothing still loading: no spinner with a status role, no busy region.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  await expect(
    page.getByRole('status').filter({ has: page.locator('.mantine-Loader-root') }),
  ).toHaveCount(0);
}

async function matchesReference(page: Page, name: string): Promise<void> {
  await settled(page);
  await expect(page).toHaveScreenshot(`${name}.png`, {
    fullPage: true,
    mask: volatile(page),
    timeout: 30_000,
  });
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
}

for (const { name, width, height } of WIDTHS) {
  test(`the customer's dashboard, click flow, overview and results look as stored at ${width} px`, async ({
    page,
    loginPage,
  }) => {
    // Four screens, each drawn until stable and scanned with axe, on a busy machine.
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height });
    const dashboard = new DashboardPage(page);
    const purchase = new PurchasePage(page);
    await loginPage.open();
    await loginPage.signIn('customer');
    await dashboard.loaded();
    await matchesReference(page, `${name}-dashboard`);

    const [quarter] = await purchase.clickableQuarters(2027);
    expect(quarter, 'the demo customer has a clickable quarter in 2027').toBeTruthy();
    await quarter!.link.click();
    await expect(page.getByTestId('screen-startpurchase')).toBeVisible();
    await matchesReference(page, `${name}-startpurchase`);
    await purchase.configurePercentage('25');
    await matchesReference(page, `${name}-confirmpurchase`);

    await page.goto('/clickoverview');
    await expect(page.getByTestId('click-table')).toBeVisible({ timeout: 30_000 });
    await matchesReference(page, `${name}-clickoverview`);

    await page.goto('/resultaten');
    await expect(page.getByTestId('screen-resultaten')).toBeVisible({ timeout: 30_000 });
    await matchesReference(page, `${name}-resultaten`);
  });
}
