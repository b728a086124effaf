import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { DashboardPage } from '../support/dashboard-page';
import { LoginPage } from '../support/login-page';
import { pushPrices } from '../support/market-feed';
import { serverNow } from '../support/server-clock';

/** Marks the page; a reload would lose the mark. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __notReloaded?: boolean }).__notReloaded = true;
  });
}

async function stillTheSamePage(page: Page): Promise<boolean> {
  return page.evaluate(
    () => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true,
  );
}

/** A second signed-in browser whose page errors fail the test like the first one's. */
async function signedInPage(browser: Browser, username: string, errors: string[]) {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const loginPage = new LoginPage(page);
  await loginPage.open();
  await loginPage.signIn(username);
  return { context, page };
}

test.describe('live market', () => {
  test('a price pushed through the ingest endpoint appears on an open dashboard without a reload', async ({
    page,
    loginPage,
    request,
  }) => {
    const dashboard = new DashboardPage(page);
    await loginPage.open();
    await loginPage.signIn('customer');
    await dashboard.loaded();

    // The first contract's first year of supply, its whole-year position, first part.
    const contract = dashboard.contracts().first();
    const contractId = (await contract.getAttribute('data-testid'))!.replace(/^contract-/, '');
    const commodity = await contract.getAttribute('data-commodity');
    const gridId = await contract
      .locator('[data-testid^="grid-"]')
      .first()
      .getAttribute('data-testid');
    const year = Number(gridId!.split('-').at(-1));
    const part = commodity === 'Gas' ? 'Gas' : 'Peak';
    const otcPrice = page.getByTestId(`otc-price-${contractId}-${year}-Y-${part}`);
    const otcClickPrice = page.getByTestId(`otc-click-price-${contractId}-${year}-Y-${part}`);
    await expect(otcPrice).toHaveText(/€/);
    await expect(otcPrice).not.toContainText('123,46');
    await dashboard.live();
    await markPage(page);
    const reloads: string[] = [];
    page.on('request', (request) => {
      if (/\/rest\/dashboardContractData\//.test(request.url())) reloads.push(request.url());
    });

    await pushPrices([
      {
        product: part === 'Gas' ? 'TTF_GAS' : 'NL_POWER_PEAK',
        yearOfSupply: year,
        maturity: 'Y',
        market: 'OTC',
        price: '123.4567',
        at: (await serverNow(request)).toISOString(),
      },
    ]);

    await expect(otcPrice).toHaveText(/123,46/);
    // The click price moved with it: market price plus the contract's mark-up and fees.
    await expect(otcClickPrice).not.toHaveText(/€ 123,46/);
    const clickPrice = Number(
      (await otcClickPrice.textContent())!.replace(/[^\d,]/g, '').replace(',', '.'),
    );
    expect(clickPrice).toBeGreaterThan(123.45);
    expect(clickPrice).toBeLessThan(133.46);
    expect(await stillTheSamePage(page)).toBe(true);
    expect(reloads).toEqual([]);
  });

  test("an admin pauses and the customer's open dashboard shows the pause banner and DC_35 without a reload", async ({
    page,
    loginPage,
    browser,
  }) => {
    // Two browsers and an axe scan of the whole dashboard take longer than one screen.
    test.slow();
    const dashboard = new DashboardPage(page);
    await loginPage.open();
    await loginPage.signIn('customer');
    await dashboard.loaded();
    await expect(page.getByTestId('pause-banner')).toHaveCount(0);
    await expect(dashboard.reasons().first()).toBeVisible();
    await dashboard.live();
    await markPage(page);

    const adminErrors: string[] = [];
    const admin = await signedInPage(browser, 'admin', adminErrors);
    const pauseSwitch = admin.page.getByRole('switch', { name: 'Klikken pauzeren' });
    try {
      await expect(admin.page.getByTestId('screen-admindashboard')).toBeVisible();
      await admin.page
        .getByRole('navigation', { name: 'Hoofdmenu' })
        .getByRole('link', { name: 'Monitor' })
        .click();
      await expect(admin.page.getByTestId('screen-monitordashboard')).toBeVisible();
      await expect(admin.page.getByTestId('session-count')).toContainText(/\d+ sessies? verbonden/);
      await expect(pauseSwitch).not.toBeChecked();
      await pauseSwitch.click({ force: true });
      const dialog = admin.page.getByRole('dialog', { name: 'Klikken pauzeren?' });
      await dialog.getByRole('button', { name: 'Pauzeren' }).click();
      await expect(pauseSwitch).toBeChecked();

      const banner = page.getByTestId('pause-banner');
      await expect(banner).toBeVisible();
      await expect(banner).toContainText('Klikken is gepauzeerd');
      await expect(dashboard.clickLinks()).toHaveCount(0);
      const reasons = await dashboard
        .reasons()
        .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-reason')));
      expect(reasons.length).toBeGreaterThan(0);
      expect(new Set(reasons)).toEqual(new Set(['DC_35']));
      await expect(dashboard.reasons().first()).toHaveText('Klikken is gepauzeerd');
      expect(await stillTheSamePage(page)).toBe(true);
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    } finally {
      // Resume, so every other test finds clicking open again.
      if (await pauseSwitch.isChecked()) {
        await pauseSwitch.click({ force: true });
        await admin.page
          .getByRole('dialog', { name: 'Klikken hervatten?' })
          .getByRole('button', { name: 'Hervatten' })
          .click();
        await expect(pauseSwitch).not.toBeChecked();
      }
      await admin.context.close();
    }
    expect(adminErrors, 'errors logged by the admin page').toEqual([]);
  });

  test("an admin ends the customer's session and the customer's browser signs out, saying why", async ({
    page,
    loginPage,
    browser,
  }) => {
    // Every earlier spec that signed in as the customer left a session to end here, one by one.
    test.setTimeout(90_000);
    const dashboard = new DashboardPage(page);
    await loginPage.open();
    await loginPage.signIn('customer');
    await dashboard.loaded();
    await dashboard.live();

    const adminErrors: string[] = [];
    const admin = await signedInPage(browser, 'admin', adminErrors);
    try {
      await expect(admin.page.getByTestId('screen-admindashboard')).toBeVisible();
      await admin.page.goto('/monitordashboard');
      // Earlier tests may have left sessions of the same user; end every one of them.
      const customerRows = admin.page
        .locator('[data-testid^="session-"]')
        .filter({ hasText: 'Eva Jansen' });
      await expect(customerRows.first()).toBeVisible();
      while ((await customerRows.count()) > 0) {
        const before = await customerRows.count();
        await customerRows
          .first()
          .getByRole('button', { name: 'Beëindig de sessie van Eva Jansen' })
          .click();
        await admin.page
          .getByRole('dialog', { name: 'Deze sessie beëindigen?' })
          .getByRole('button', { name: 'Sessie beëindigen' })
          .click();
        await expect(customerRows).toHaveCount(before - 1);
      }
    } finally {
      await admin.context.close();
    }

    await expect(page).toHaveURL(/\/login\?returnUrl=%2Fdashboard/);
    await expect(page.getByTestId('session-ended')).toHaveText(
      'Uw sessie is beëindigd door een beheerder. Log opnieuw in om verder te gaan.',
    );
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    expect(adminErrors, 'errors logged by the admin page').toEqual([]);
  });

  test('the monitor screens have no axe violations and work with the keyboard', async ({
    page,
    loginPage,
  }) => {
    await loginPage.open();
    await loginPage.signIn('admin');
    await expect(page.getByTestId('screen-admindashboard')).toBeVisible();
    await page.goto('/monitordashboard');
    await expect(page.getByTestId('active-sessions')).toBeVisible();
    await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'open');
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    // The pause switch opens its confirmation from the keyboard, and Escape leaves it unchanged.
    const pauseSwitch = page.getByRole('switch', { name: 'Klikken pauzeren' });
    await pauseSwitch.focus();
    await page.keyboard.press('Space');
    const dialog = page.getByRole('dialog', { name: 'Klikken pauzeren?' });
    await expect(dialog).toBeVisible();
    // Colours are checked once the dialog has faded in, not halfway.
    await expect(dialog).toHaveCSS('opacity', '1');
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(pauseSwitch).not.toBeChecked();

    await page.goto('/monitorprices');
    await expect(page.getByTestId('feed-health')).toHaveAttribute('data-source', 'none');
    await expect(page.locator('[data-testid^="board-row-"]').first()).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    // Products are tabs reachable with the arrow keys.
    await page.getByRole('tab', { selected: true }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { selected: true })).toBeFocused();
  });
});
