import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { DashboardPage } from '../support/dashboard-page';
import type { LoginPage } from '../support/login-page';
import { Shell } from '../support/shell';

async function noSidewaysScrolling(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

async function signInAsCustomer(page: Page, loginPage: LoginPage) {
  const dashboard = new DashboardPage(page);
  await loginPage.open();
  await loginPage.signIn('customer');
  await dashboard.loaded();
  return { dashboard, shell: new Shell(page) };
}

test.describe('the shell on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a compact header whose burger opens the grouped menu, whose link navigates, without axe findings', async ({
    page,
    loginPage,
  }) => {
    // A sign-in, the dashboard and three axe runs on a busy machine.
    test.setTimeout(120_000);
    const { dashboard, shell } = await signInAsCustomer(page, loginPage);

    const header = await shell.header().boundingBox();
    expect(header?.height).toBeLessThanOrEqual(56);
    await noSidewaysScrolling(page);
    // The sidebar is not shown on a phone: the menu is behind the burger.
    await expect(shell.menu()).toHaveCount(0);
    await expect(dashboard.customerSelect()).toBeVisible();
    // The dashboard's own content is scanned at 390 px in positions.spec.ts: here the shell.
    expect((await new AxeBuilder({ page }).include('header').analyze()).violations).toEqual([]);

    await shell.burger().click();
    const drawer = shell.drawer();
    await expect(drawer).toBeVisible();
    const menu = drawer.getByRole('navigation', { name: 'Hoofdmenu' });
    await expect(menu.getByRole('list', { name: 'Posities' })).toBeVisible();
    await expect(menu.getByRole('list', { name: 'Klikken' })).toBeVisible();
    expect(
      (await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations,
    ).toEqual([]);

    await menu.getByRole('link', { name: 'Klikoverzicht' }).click();
    await expect(page).toHaveURL(/\/clickoverview$/);
    await expect(page.getByTestId('screen-clickoverview')).toBeVisible();
    await expect(drawer).toHaveCount(0);
    await noSidewaysScrolling(page);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
});

test.describe('the shell on a laptop', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the grouped menu beside the content and the selectors in a compact header', async ({
    page,
    loginPage,
  }) => {
    const { dashboard, shell } = await signInAsCustomer(page, loginPage);

    const header = await shell.header().boundingBox();
    expect(header?.height).toBeLessThanOrEqual(56);
    await expect(shell.burger()).toBeHidden();
    await expect(shell.header().locator(dashboard.customerSelect())).toBeVisible();
    await expect(shell.header().locator(dashboard.dashboardSelect())).toBeVisible();
    await expect(shell.menu().getByRole('list', { name: 'Klikken' })).toBeVisible();
    await noSidewaysScrolling(page);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
});
