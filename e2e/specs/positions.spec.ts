import AxeBuilder from '@axe-core/playwright';
import { DISABLE_CLICK_REASON_TEXTS } from '@klik/domain';
import { test, expect } from '../support/fixtures';
import { DashboardPage, dashboardIdOf } from '../support/dashboard-page';

const DUTCH_REASONS = Object.values(DISABLE_CLICK_REASON_TEXTS).map((texts) => texts.nl);

test.describe('positions on the dashboard', () => {
  test('the demo customer switches customer and dashboard and sees the grid each time', async ({
    page,
    loginPage,
  }) => {
    const dashboard = new DashboardPage(page);
    await loginPage.open();
    const firstLoad = dashboard.contractDataResponse();
    await loginPage.signIn('customer');
    const firstDashboard = dashboardIdOf(await firstLoad);
    await dashboard.loaded();
    await expect(dashboard.dashboardSelect()).toHaveValue(String(firstDashboard));
    await expect(dashboard.contracts().first()).toBeVisible();
    await expect(dashboard.grids().first()).toBeVisible();
    // One row per maturity: maturity, share clicked, per part open volume and price, action.
    const headers = dashboard.grids().first().getByRole('columnheader');
    await expect(headers.first()).toHaveText('Looptijd');
    await expect(headers.last()).toHaveText('Klikken');
    await expect(dashboard.grids().first().getByRole('rowheader')).toHaveCount(17);
    // Settled: the first connection's catch-up fetch is not taken for the next dashboard's.
    await dashboard.live();

    // Another dashboard of the same customer.
    const dashboards = await dashboard.optionValues(dashboard.dashboardSelect());
    expect(dashboards.length).toBeGreaterThan(1);
    const otherDashboard = dashboards.find((id) => id !== String(firstDashboard))!;
    const secondLoad = dashboard.contractDataResponse();
    await dashboard.dashboardSelect().selectOption(otherDashboard);
    expect(dashboardIdOf(await secondLoad)).toBe(Number(otherDashboard));
    await dashboard.loaded();
    await expect(dashboard.dashboardSelect()).toHaveValue(otherDashboard);

    // Another customer: its first dashboard is selected and loaded.
    const customers = await dashboard.optionValues(dashboard.customerSelect());
    expect(customers.length).toBeGreaterThan(1);
    const current = await dashboard.customerSelect().inputValue();
    const thirdLoad = dashboard.contractDataResponse();
    await dashboard.customerSelect().selectOption(customers.find((id) => id !== current)!);
    const thirdDashboard = dashboardIdOf(await thirdLoad);
    await dashboard.loaded();
    await expect(dashboard.dashboardSelect()).toHaveValue(String(thirdDashboard));
    const [firstOfCustomer] = await dashboard.optionValues(dashboard.dashboardSelect());
    expect(firstOfCustomer).toBe(String(thirdDashboard));
    await expect(dashboard.grids().first()).toBeVisible();
  });

  test('the commodity filter shows only power or only gas, and works with the keyboard', async ({
    page,
    loginPage,
  }) => {
    const dashboard = new DashboardPage(page);
    await loginPage.open();
    await loginPage.signIn('customer');
    await dashboard.loaded();
    const power = await dashboard.contracts().and(page.locator('[data-commodity="Power"]')).count();
    const gas = await dashboard.contracts().and(page.locator('[data-commodity="Gas"]')).count();
    expect(power + gas).toBeGreaterThan(0);
    await expect(dashboard.contracts()).toHaveCount(power + gas);

    await dashboard.filter().getByRole('link', { name: 'Stroom' }).click();
    await expect(page).toHaveURL(/\/dashboard\/power$/);
    await expect(dashboard.contracts()).toHaveCount(power);
    await expect(page.locator('article[data-commodity="Gas"]')).toHaveCount(0);

    await dashboard.filter().getByRole('link', { name: 'Gas' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/gas$/);
    await expect(dashboard.contracts()).toHaveCount(gas);
    await expect(page.locator('article[data-commodity="Power"]')).toHaveCount(0);
    await expect(dashboard.filter().getByRole('link', { name: 'Gas' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await page.goto('/dashboard/water');
    await expect(page.getByTestId('dashboard-notfound')).toBeVisible();
  });

  test('each contract shows its summary and its charts with a name', async ({
    page,
    loginPage,
  }) => {
    const dashboard = new DashboardPage(page);
    await loginPage.open();
    await loginPage.signIn('customer');
    await dashboard.loaded();
    const contract = dashboard.contracts().first();
    await expect(contract.locator('[data-testid^="summary-"]').first()).toBeVisible();
    const month = contract.getByRole('figure', { name: /Vastgezet en open volume per maand/ });
    await expect(month).toBeVisible();
    await expect(month.locator('svg.recharts-surface')).toBeVisible();
    const curve = contract.getByRole('figure', { name: /Forward curve/ });
    await expect(curve).toBeVisible();
  });

  test('a maturity that cannot be clicked shows its reason as text', async ({
    page,
    loginPage,
  }) => {
    const dashboard = new DashboardPage(page);
    await loginPage.open();
    await loginPage.signIn('customer');
    await dashboard.loaded();
    const reason = dashboard.reasons().first();
    await expect(reason).toBeVisible();
    expect(DUTCH_REASONS).toContain((await reason.textContent())?.trim());
    // Whatever is clickable leads to the start-purchase screen of that maturity.
    for (const link of await dashboard.clickLinks().all()) {
      await expect(link).toHaveAttribute(
        'href',
        /^\/startpurchase\/[A-Za-z0-9_-]+\/\d{4}\/(Y|Q[1-4]|M([1-9]|1[0-2]))$/,
      );
    }
  });

  test('a read-only user sees the positions and can click nothing', async ({ page, loginPage }) => {
    const dashboard = new DashboardPage(page);
    await loginPage.open();
    await loginPage.signIn('viewer');
    await dashboard.loaded();
    await expect(dashboard.grids().first()).toBeVisible();
    await expect(dashboard.clickLinks()).toHaveCount(0);
    await expect(dashboard.reasons().first()).toHaveText('Gebruiker is niet bevoegd om te klikken');
  });

  test('the market switch shows the ICE Endex prices and the choice stays after a reload', async ({
    page,
    loginPage,
  }) => {
    // A sign-in, the whole dashboard and (for the switch) a reload: slow on a busy machine.
    test.slow();
    const dashboard = new DashboardPage(page);
    await loginPage.open();
    await loginPage.signIn('customer');
    await dashboard.loaded();
    const grid = dashboard
      .grids()
      .filter({ has: page.getByRole('radiogroup') })
      .first();
    const gridId = (await grid.getAttribute('data-testid'))!.replace(/^grid-/, '');
    const part = await grid
      .locator('[data-testid^="otc-click-price-"]')
      .first()
      .getAttribute('data-testid');
    const partSuffix = part!.replace(/^otc-click-price-/, '');
    expect(partSuffix.startsWith(gridId)).toBe(true);
    await expect(grid).toHaveAttribute('data-market', 'OTC');

    await dashboard.marketSwitch(grid).getByRole('radio', { name: 'OTC' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(
      dashboard.marketSwitch(grid).getByRole('radio', { name: 'ICE Endex' }),
    ).toBeChecked();
    await expect(page.getByTestId(`ice-click-price-${partSuffix}`)).toHaveText(/€|geen prijs/);
    await expect(page.getByTestId(`otc-click-price-${partSuffix}`)).toHaveCount(0);

    await page.reload();
    await dashboard.loaded();
    await expect(page.getByTestId(`grid-${gridId}`)).toHaveAttribute('data-market', 'ICE');
  });

  test('a muted maturity says what the user can do on keyboard focus', async ({
    page,
    loginPage,
  }) => {
    // A sign-in and the whole dashboard: slow on a busy machine.
    test.slow();
    const dashboard = new DashboardPage(page);
    await loginPage.open();
    await loginPage.signIn('viewer');
    await dashboard.loaded();
    const info = dashboard
      .grids()
      .first()
      .getByRole('button', { name: /^Wat kunt u doen bij / })
      .first();
    // Reached by the keyboard (a tooltip opens on keyboard focus, not on a focus by script).
    await info.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(info).toBeFocused();
    await expect(page.getByRole('tooltip')).toHaveText(
      'Vraag uw beheerder of accountmanager om klikrechten.',
    );
  });

  test('on a phone every maturity is a card and nothing scrolls sideways', async ({
    page,
    loginPage,
  }) => {
    // A sign-in and the whole dashboard as cards: slow on a busy machine.
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    const dashboard = new DashboardPage(page);
    await loginPage.open();
    await loginPage.signIn('customer');
    await dashboard.loaded();
    const grid = dashboard.grids().first();
    await expect(grid.getByRole('listitem')).toHaveCount(17);
    await expect(grid.getByRole('table')).toHaveCount(0);
    const box = await grid.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await grid.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`the dashboard has no axe violations at ${viewport.width}px`, async ({
      page,
      loginPage,
    }) => {
      // Every contract's grid, charts and the plan's panels: a large page for axe on a busy machine.
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      const dashboard = new DashboardPage(page);
      await loginPage.open();
      await loginPage.signIn('customer');
      await dashboard.loaded();
      await expect(dashboard.grids().first()).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations).toEqual([]);
    });
  }
});
