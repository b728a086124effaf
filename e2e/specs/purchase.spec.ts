import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../support/fixtures';
import { DashboardPage } from '../support/dashboard-page';
import { PurchasePage } from '../support/purchase-page';
import { Shell } from '../support/shell';
import { PURCHASE_PATHS } from '@klik/api';

// The e2e portal runs with CLOCK_START inside the trading window, so these positions must be clickable.
const WINDOW_CLOSED =
  'no clickable quarter: is the e2e portal clock (CLOCK_START) inside the window?';

test.describe('the click', () => {
  test('the demo customer clicks 25% of a quarter, sees it in the overview and as DC_31, then completed', async ({
    page,
    loginPage,
    clickDesk,
  }) => {
    test.setTimeout(90_000);
    const dashboard = new DashboardPage(page);
    const purchase = new PurchasePage(page);
    await loginPage.open();
    await loginPage.signIn('customer');
    await dashboard.loaded();
    const [quarter] = await purchase.clickableQuarters(2027);
    expect(quarter, WINDOW_CLOSED).toBeTruthy();
    const { contractId, year, maturity, link } = quarter!;
    const position = `${contractId}-${year}-${maturity}`;
    const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });

    await link.click();
    await expect(page).toHaveURL(new RegExp(`/startpurchase/${contractId}/${year}/${maturity}$`));
    await expect(page.getByRole('radio', { name: new RegExp(`^${maturity} ·`) })).toBeChecked();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    const noAxeFindings = async () => {
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    };
    await purchase.configurePercentage('25', noAxeFindings);
    await noAxeFindings();
    await purchase.acceptTermsIfAsked();
    // The desk would complete the click a few seconds after it is made: held, it stays in progress
    // for as long as this test looks at it, however slow the machine.
    await clickDesk.hold();
    await purchase.confirmButton().click();
    await expect(purchase.result()).toBeVisible();
    await expect(purchase.result()).toHaveAttribute('data-status', 'IN_PROGRESS');
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    // Until the click desk completes it, the position and every overlapping one are DC_31.
    await menu.getByRole('link', { name: 'Dashboard' }).click();
    await dashboard.loaded();
    await page.getByTestId(`year-tab-${contractId}-${year}`).click();
    await expect(page.getByTestId(`reason-${position}`)).toHaveAttribute('data-reason', 'DC_31');
    await expect(page.getByTestId(`reason-${contractId}-${year}-Y`)).toHaveAttribute(
      'data-reason',
      'DC_31',
    );

    await menu.getByRole('link', { name: 'Klikoverzicht' }).click();
    const row = page
      .locator(`[data-testid^="click-row-"][data-contract="${contractId}"]`)
      .and(page.locator(`[data-period="${maturity}-${year}"]`))
      .first();
    await expect(row).toHaveAttribute('data-status', 'IN_PROGRESS');
    // Released, the desk completes it (after CLICK_COMPLETION_DELAY_SECONDS); the overview follows live.
    await clickDesk.release();
    await expect(row).toHaveAttribute('data-status', 'COMPLETED', { timeout: 30_000 });
    await expect(row.getByText('Uitgevoerd')).toBeVisible();

    // Completed: the position is no longer pending (it can be clicked again for the rest).
    await menu.getByRole('link', { name: 'Dashboard' }).click();
    await dashboard.loaded();
    await page.getByTestId(`year-tab-${contractId}-${year}`).click();
    await expect(page.getByTestId(`position-${position}`)).toBeVisible();
    await expect(
      page.getByTestId(`position-${position}`).locator('[data-reason="DC_31"]'),
    ).toHaveCount(0);
  });

  test('a customer that requires SMS: the code sent to the phone confirms the click', async ({
    page,
    loginPage,
  }) => {
    test.setTimeout(60_000);
    const dashboard = new DashboardPage(page);
    const purchase = new PurchasePage(page);
    await loginPage.open();
    await loginPage.signIn('consultant');
    await dashboard.loaded();
    await dashboard.live();
    const load = dashboard.contractDataResponse();
    await purchase.selectCustomer('Metaalbewerking Jansen & Zonen B.V.');
    await load;
    await dashboard.loaded();
    const quarter = await purchase.startFirstQuarter(2027, '25');
    expect(quarter, WINDOW_CLOSED).toBeTruthy();

    await expect(purchase.confirmButton()).toBeDisabled();
    await page.getByTestId('sms-send').click();
    await expect(page.getByTestId('sms-sent')).toContainText('671');
    const code = await purchase.lastSmsCode();
    await page.getByTestId('sms-code').fill(code === '000000' ? '111111' : '000000');
    await purchase.confirmButton().click();
    await expect(page.getByTestId('confirm-failed')).toContainText(
      'Ongeldige sms-code. Pogingen over: 2.',
    );
    await page.getByTestId('sms-code').fill(code);
    await purchase.confirmButton().click();
    await expect(purchase.result()).toHaveAttribute('data-status', /IN_PROGRESS|COMPLETED/);
  });

  test('four-eyes: the click waits for a second user, who rejects it, and the creator reads why', async ({
    page,
    loginPage,
  }) => {
    test.setTimeout(90_000);
    const customer = 'Tuinbouwbedrijf De Groene Kas B.V.';
    const dashboard = new DashboardPage(page);
    const purchase = new PurchasePage(page);
    await loginPage.open();
    await loginPage.signIn('customer');
    await dashboard.loaded();
    await dashboard.live();
    const load = dashboard.contractDataResponse();
    await purchase.selectCustomer(customer);
    await load;
    await dashboard.loaded();
    const quarter = await purchase.startFirstQuarter(2027, '25');
    expect(quarter, WINDOW_CLOSED).toBeTruthy();
    const { contractId, year, maturity } = quarter!;
    await expect(page.getByTestId('approval-note')).toBeVisible();
    await purchase.confirmButton().click();
    await expect(purchase.result()).toHaveAttribute('data-status', 'PENDING_APPROVAL');
    await expect(page.getByTestId('purchase-result-message')).toContainText(
      'wacht op goedkeuring door een tweede gebruiker',
    );
    const rowOf = () =>
      page
        .locator(`[data-testid^="click-row-"][data-contract="${contractId}"]`)
        .and(page.locator(`[data-period="${maturity}-${year}"]`))
        .first();

    // A second user of the customer rejects it, after confirming.
    await new Shell(page).signOut();
    await loginPage.signIn('consultant');
    await dashboard.loaded();
    await purchase.selectCustomer(customer);
    await page.goto('/clickoverview?status=PENDING_APPROVAL');
    await expect(page.getByTestId('awaiting-approval')).toBeVisible();
    await rowOf()
      .getByRole('button', { name: /^Afwijzen/ })
      .click();
    await page.getByRole('dialog').getByTestId('decision-confirm').click();
    await page.goto('/clickoverview');
    await expect(rowOf()).toHaveAttribute('data-status', 'REJECTED');

    // The creator sees the rejection and the message.
    await new Shell(page).signOut();
    await loginPage.signIn('customer');
    await dashboard.loaded();
    await purchase.selectCustomer(customer);
    await page.goto('/clickoverview?status=REJECTED');
    await expect(rowOf()).toContainText(
      'Deze transactie is afgewezen. Neem contact met ons op als u vragen heeft.',
    );
  });

  test('an expired quote shows time expired and blocks the confirmation', async ({
    page,
    loginPage,
  }) => {
    // The browser's clock jumps past the quote's 5 minutes; the server's stays where it is.
    await page.clock.install();
    const dashboard = new DashboardPage(page);
    const purchase = new PurchasePage(page);
    await loginPage.open();
    await loginPage.signIn('customer');
    await dashboard.loaded();
    const quarters = await purchase.clickableQuarters(2027);
    expect(quarters.length, WINDOW_CLOSED).toBeGreaterThan(0);
    await quarters[quarters.length - 1]!.link.click();
    await purchase.configurePercentage('10');
    await page.clock.fastForward('05:01');
    const expired = page.getByTestId('quote-expired');
    await expect(expired).toBeVisible();
    await expect(expired).toContainText('De tijd is verstreken');
    await expect(purchase.confirmButton()).toBeDisabled();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    // A new price starts a new 5 minutes.
    await page.getByTestId('new-price').click();
    await expect(expired).toHaveCount(0);
    await expect(page.getByTestId('quote-countdown-clock')).toHaveText(/^[45]:\d\d$/);
    await purchase.leaveFlow();
  });

  test('a viewer cannot start a click: no click on the dashboard, none on the start screen, and the server refuses', async ({
    page,
    loginPage,
  }) => {
    const dashboard = new DashboardPage(page);
    await loginPage.open();
    await loginPage.signIn('viewer');
    await dashboard.loaded();
    await expect(dashboard.clickLinks()).toHaveCount(0);

    await page.goto('/startpurchase/KL-270001/2027/Q1');
    await expect(page.getByTestId('start-read-only')).toBeVisible();
    const maturities = page.getByTestId('start-maturities');
    await expect(maturities.getByRole('radio')).toHaveCount(17);
    await expect(maturities.getByRole('radio', { disabled: false })).toHaveCount(0);
    await expect(maturities.getByText('Gebruiker is niet bevoegd om te klikken')).toHaveCount(17);
    await expect(page.getByTestId('start-next')).toBeDisabled();

    // Asking the server directly changes nothing: the session may not click (DC_34).
    const answer = await page.evaluate(async (quotePath) => {
      const session = JSON.parse(sessionStorage.getItem('session') ?? '{}') as { token: string };
      const customer = JSON.parse(sessionStorage.getItem('selectedCustomer') ?? '{}') as {
        id: number;
      };
      const xsrf = /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const response = await fetch(quotePath, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${session.token}`,
          'content-type': 'application/json',
          'x-xsrf-token': decodeURIComponent(xsrf),
        },
        body: JSON.stringify({
          customerId: customer.id,
          contractId: 'KL-270001',
          yearOfSupply: 2027,
          maturity: 'Q1',
          market: 'OTC',
          percentage: '25',
        }),
      });
      return { status: response.status, body: (await response.json()) as { code: string } };
    }, PURCHASE_PATHS.quote);
    expect(answer).toEqual({ status: 403, body: expect.objectContaining({ code: 'DC_34' }) });
  });

  // One screen a test: an axe scan of a whole table screen takes seconds on a busy machine.
  for (const [name, screen] of [
    ['Klikoverzicht', 'screen-clickoverview'],
    ['Klikteller', 'screen-clickcounter'],
    ['Resultaten', 'screen-resultaten'],
  ] as const) {
    test(`${name} is reached from the menu by keyboard, without axe findings`, async ({
      page,
      loginPage,
    }) => {
      const dashboard = new DashboardPage(page);
      await loginPage.open();
      await loginPage.signIn('customer');
      await dashboard.loaded();
      await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId(screen)).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    });
  }

  test("the click overview exports the demo customer's clicks as CSV", async ({
    page,
    loginPage,
  }) => {
    const dashboard = new DashboardPage(page);
    await loginPage.open();
    await loginPage.signIn('customer');
    await dashboard.loaded();
    await page
      .getByRole('navigation', { name: 'Hoofdmenu' })
      .getByRole('link', { name: 'Klikoverzicht' })
      .click();
    // The demo customer has completed clicks: the overview lists them and exports them.
    await expect(page.getByTestId('click-table')).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    expect((await download).suggestedFilename()).toMatch(
      /^klik-clicks-\d+-\d{4}-\d{2}-\d{2}\.csv$/,
    );
  });
});
