import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { DashboardPage } from '../support/dashboard-page';

/** Axe with colour contrast, as the accessibility spec scans every screen. */
async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'color-contrast': { enabled: true } } })
    .analyze();
  expect(
    results.violations.map(({ id, nodes }) => `${id}: ${nodes.map((n) => n.target).join(', ')}`),
  ).toEqual([]);
}

/** Elements beyond a phone's edge, outside the tables' own scrolling regions (phone-layout.spec). */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const widerThanScreen = Array.from(document.querySelectorAll('body *'))
      .filter(
        (element) =>
          // A table scrolls in its own region; the charts' hidden tables are never seen.
          !element.closest('.klik-table-scroll, .klik-visually-hidden') &&
          element.getBoundingClientRect().right > root.clientWidth + 1,
      )
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    return { extra: root.scrollWidth - root.clientWidth, widerThanScreen };
  });
}

test('the customer sees how strategies would have done, changes the tranches, downloads the CSV', async ({
  page,
  loginPage,
}) => {
  test.setTimeout(120_000);
  await loginPage.open();
  await loginPage.signIn('customer');
  await new DashboardPage(page).loaded();

  await page.getByRole('link', { name: 'Strategie' }).first().click();
  await expect(page).toHaveURL(/\/strategy$/);
  await expect(page.getByTestId('screen-strategy')).toBeVisible();

  // The demo contract year replayed on the demo's price history: the actual clicks beside the
  // strategies, each with its total cost in euros, and the attribution against the reference.
  const strategies = page.getByTestId('backtest-strategies');
  await expect(strategies).toBeVisible({ timeout: 30_000 });
  const equal = page.getByTestId('backtest-strategy-EQUAL_TRANCHES');
  await expect(equal).toContainText('Elke maand een gelijk deel');
  await expect(equal).toContainText('€');
  await expect(page.getByTestId('backtest-strategy-ACTUAL')).toBeVisible();
  await expect(page.getByTestId('backtest-window')).toContainText('Klikvenster van');
  await expect(page.getByTestId('backtest-chart')).toBeVisible();
  const attribution = page
    .getByTestId('backtest-attribution')
    .or(page.getByTestId('backtest-attribution-none'));
  await expect(attribution).toBeVisible();
  await expectNoAxeViolations(page);

  // Quarterly tranches: the address bar keeps the choice and the figures follow it.
  await page.getByRole('combobox', { name: 'Tranches' }).click();
  await page.getByRole('option', { name: 'Per kwartaal' }).click();
  await expect(page).toHaveURL(/schedule=QUARTERLY/);
  await expect(equal).toContainText('Elk kwartaal een gelijk deel', { timeout: 30_000 });

  // The replay as a file, with the parameters on screen.
  const [download, request] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForRequest(/\/rest\/backtest\/\d+\/export\?/),
    page.getByTestId('backtest-export-csv').click(),
  ]);
  expect(request.url()).toContain('trancheSchedule=QUARTERLY');
  expect(request.url()).toContain('format=csv&locale=nl');
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
  expect(csv).toMatch(/Gelijke tranches/);
  expect(csv).toMatch(/Verklaring van het verschil/);

  // On a phone the screen still passes axe, and only the tables scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(strategies).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await sidewaysOverflow(page)).toEqual({ extra: 0, widerThanScreen: [] });
});
