import { expect, test, type Page } from '@playwright/test';
import {
  apiRequestCount,
  closeBrowsers,
  liveInstances,
  signedInBrowser,
  type Browsing,
} from '../support/cluster';
import { DashboardPage } from '../support/dashboard-page';
import { PurchasePage } from '../support/purchase-page';

// The demo customer whose clicks wait for a second user's approval (seed-demo-purchase.ts).
const FOUR_EYES_CUSTOMER = 'Tuinbouwbedrijf De Groene Kas B.V.';

/** Counts full page loads from now on: a screen that follows events live has none. */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

async function openMenu(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name }).click();
}

function pauseSwitch(monitor: Page) {
  return monitor.getByRole('switch', { name: 'Klikken pauzeren' });
}

/** The admin pauses or resumes clicking on the monitor screen, confirming the question. */
async function switchPause(monitor: Page, paused: boolean): Promise<void> {
  await expect(pauseSwitch(monitor)).toBeChecked({ checked: !paused });
  await pauseSwitch(monitor).click({ force: true });
  await monitor
    .getByRole('dialog', { name: paused ? 'Klikken pauzeren?' : 'Klikken hervatten?' })
    .getByRole('button', { name: paused ? 'Pauzeren' : 'Hervatten' })
    .click();
  await expect(pauseSwitch(monitor)).toBeChecked({ checked: paused });
}

test('four-eyes click and pause across instances: each browser sees the others live', async ({
  browser,
}) => {
  const instances = await liveInstances();
  expect(instances.length, 'instances running').toBeGreaterThan(1);
  const before = await Promise.all(instances.map(apiRequestCount));
  const browsings: Browsing[] = [];
  // The resume reaches an open screen at most once a minute after the pause (spec section 4):
  // the browsers' clocks are moved past that minute instead of waiting it out.
  const customer = await signedInBrowser(browser, 'customer', { fakeClock: true });
  browsings.push(customer);
  const approver = await signedInBrowser(browser, 'consultant', { fakeClock: true });
  browsings.push(approver);
  const admin = await signedInBrowser(browser, 'admin');
  browsings.push(admin);

  try {
    // The customer picks a quarter of the four-eyes customer.
    const customerDashboard = new DashboardPage(customer.page);
    const purchase = new PurchasePage(customer.page);
    await customerDashboard.loaded();
    await customerDashboard.live();
    const load = customerDashboard.contractDataResponse();
    await purchase.selectCustomer(FOUR_EYES_CUSTOMER);
    await load;
    await customerDashboard.loaded();

    // The approver watches that customer's clicks.
    const approverDashboard = new DashboardPage(approver.page);
    await approverDashboard.loaded();
    await new PurchasePage(approver.page).selectCustomer(FOUR_EYES_CUSTOMER);
    await openMenu(approver.page, 'Klikoverzicht');
    await expect(approver.page.getByTestId('screen-clickoverview')).toBeVisible();
    await approverDashboard.live();
    const approverLoads = countLoads(approver.page);

    const quarter = await purchase.startFirstQuarter(2027, '25');
    expect(quarter, 'a clickable quarter (CLOCK_START inside the window)').toBeTruthy();
    const { contractId, year, maturity } = quarter!;
    const position = `${contractId}-${year}-${maturity}`;
    await expect(customer.page.getByTestId('approval-note')).toBeVisible();
    await purchase.confirmButton().click();
    await expect(purchase.result()).toHaveAttribute('data-status', 'PENDING_APPROVAL');

    // The customer's dashboard: the quarter waits (DC_31).
    await openMenu(customer.page, 'Dashboard');
    await customerDashboard.loaded();
    await customerDashboard.live();
    await customer.page.getByTestId(`year-tab-${contractId}-${year}`).click();
    await expect(customer.page.getByTestId(`reason-${position}`)).toHaveAttribute(
      'data-reason',
      'DC_31',
    );
    const customerLoads = countLoads(customer.page);

    // The approver's overview shows the click without a reload, and the approver approves it.
    const row = approver.page
      .locator(`[data-testid^="click-row-"][data-contract="${contractId}"]`)
      .and(approver.page.locator(`[data-period="${maturity}-${year}"]`))
      .first();
    await expect(row).toHaveAttribute('data-status', 'PENDING_APPROVAL');
    await row.getByRole('button', { name: /^Goedkeuren/ }).click();
    await approver.page.getByRole('dialog').getByTestId('decision-confirm').click();
    // The click desk completes it a few seconds after the approval, on whichever instance leads it.
    await expect(row).toHaveAttribute('data-status', 'COMPLETED', { timeout: 30_000 });
    expect(approverLoads(), 'reloads of the approver').toBe(0);

    // The customer's dashboard follows: the quarter no longer waits.
    await expect(
      customer.page.getByTestId(`position-${position}`).locator('[data-reason="DC_31"]'),
    ).toHaveCount(0, { timeout: 30_000 });
    expect(customerLoads(), 'reloads of the customer').toBe(0);

    // An admin pauses: every open dashboard shows it.
    await openMenu(approver.page, 'Dashboard');
    await approverDashboard.loaded();
    await approverDashboard.live();
    await openMenu(admin.page, 'Monitor');
    await expect(admin.page.getByTestId('screen-monitordashboard')).toBeVisible();
    await switchPause(admin.page, true);
    for (const { page } of [customer, approver]) {
      await expect(page.getByTestId('pause-banner')).toContainText('Klikken is gepauzeerd');
      await expect(new DashboardPage(page).clickLinks()).toHaveCount(0);
    }

    // Resumed: every dashboard takes it (within the minute) and offers clicks again.
    await switchPause(admin.page, false);
    for (const { page } of [customer, approver]) {
      await page.clock.fastForward(60_000);
      await expect(page.getByTestId('pause-banner')).toHaveCount(0);
      await expect(new DashboardPage(page).clickLinks().first()).toBeVisible();
    }
    expect(customerLoads(), 'reloads of the customer').toBe(0);

    // The browsers' requests were answered by more than one instance (round robin, no stickiness).
    const after = await Promise.all(instances.map(apiRequestCount));
    const serving = instances.filter((_, index) => after[index]! > before[index]!);
    expect(serving.length, 'instances that answered the browsers').toBeGreaterThan(1);
  } finally {
    // Clicking open again for the specs after this one, whatever happened above.
    if (
      await pauseSwitch(admin.page)
        .isChecked()
        .catch(() => false)
    ) {
      await switchPause(admin.page, false);
    }
    await closeBrowsers(browsings);
  }
});
