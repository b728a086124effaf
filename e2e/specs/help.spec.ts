import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../support/fixtures';
import { DashboardPage } from '../support/dashboard-page';
import { PurchasePage } from '../support/purchase-page';

// The e2e portal runs with displayHelp and displayDisclaimer on (their defaults).
test.describe('help and disclaimer', () => {
  // Sign-in, the purchase steps, the lazily loaded charts and axe take a while on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test('a customer finds help from the header: clicking, markets, every DC_ reason, contact; in both languages', async ({
    page,
    loginPage,
  }) => {
    await loginPage.open();
    await expect(page.getByTestId('disclaimer')).toContainText('geen rechten worden ontleend');
    await loginPage.signIn('customer');
    await new DashboardPage(page).loaded();
    await expect(page.locator('footer').getByTestId('disclaimer')).toBeVisible();

    await page.getByTestId('help-link').click();
    await expect(page).toHaveURL(/\/help$/);
    const help = page.getByTestId('screen-help');
    await expect(help.getByRole('heading', { level: 1 })).toHaveText('Hulp');
    await expect(help).toContainText('10:00 tot 16:00');
    await expect(help).toContainText('minder dan 1%');
    await expect(help).toContainText('marktprijs plus de opslag plus de transactiekosten');
    await expect(help.locator('[data-testid^="help-reason-DC_"]')).toHaveCount(11);
    await expect(page.getByTestId('help-reason-DC_23')).toContainText(
      'Nog geen prijs beschikbaar voor deze periode',
    );
    await expect(page.getByTestId('help-contact')).toContainText('accountmanager');
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);

    await page.getByTestId('locale-en').click();
    await expect(help.getByRole('heading', { level: 1 })).toHaveText('Help');
    await expect(page.getByTestId('help-reason-DC_36')).toContainText('Click window is closed');
    await expect(page.getByTestId('disclaimer')).toContainText('no rights can be derived');
    // The choice is stored with the user: give the specs after this one their Dutch back.
    await page.getByTestId('locale-nl').click();
    await expect(help.getByRole('heading', { level: 1 })).toHaveText('Hulp');
  });

  test('the confirm step shows the disclaimer before the click becomes binding', async ({
    page,
    loginPage,
  }) => {
    const purchase = new PurchasePage(page);
    await loginPage.open();
    await loginPage.signIn('customer');
    await new DashboardPage(page).loaded();
    // Only a quote is asked; nothing is clicked, so no volume is taken from later specs.
    const quarter = await purchase.startFirstQuarter(2027, '30');
    expect(quarter, 'a clickable quarter in 2027').toBeTruthy();
    await expect(page.getByTestId('confirm-disclaimer')).toContainText(
      'Alleen een bevestigde klik is bindend',
    );
    const results = await new AxeBuilder({ page }).include('main').analyze();
    expect(results.violations).toEqual([]);
    // The quote stands until given up: a later journey of this user would find a click in progress.
    await purchase.leaveFlow();
  });

  // Where a user plans: fixed and open volume of each month of the year chosen on the card.
  test('the dashboard shows the month view of a year, axe-clean, and switches the year', async ({
    page,
    loginPage,
  }) => {
    const dashboard = new DashboardPage(page);
    await loginPage.open();
    await loginPage.signIn('customer');
    await dashboard.loaded();
    const contract = dashboard.contracts().first();
    const month = contract.getByRole('figure', {
      name: /^Vastgezet en open volume per maand in \d{4}$/,
    });
    await expect(month).toBeVisible();
    await expect(month.locator('svg.recharts-surface')).toBeVisible();
    // A header, 12 months and the year's total.
    await expect(month.getByRole('row', { includeHidden: true })).toHaveCount(14);
    const curve = contract.getByRole('figure', { name: /^Forward curve \d{4}:/ });
    await expect(curve).toBeVisible();
    const tabs = contract.locator('[data-testid^="year-tab-"]');
    if ((await tabs.count()) > 1) {
      const last = tabs.last();
      const year = (await last.getAttribute('data-testid'))?.split('-').pop() ?? '';
      await last.click();
      await expect(month.locator('figcaption')).toHaveText(
        `Vastgezet en open volume per maand in ${year}`,
      );
      await expect(curve.locator('figcaption')).toContainText(`Forward curve ${year}:`);
    }
    // The contract card holds the charts; the whole dashboard has its own scan (positions.spec).
    const results = await new AxeBuilder({ page })
      .include('article[data-testid^="contract-"]')
      .analyze();
    expect(results.violations).toEqual([]);
  });
});
