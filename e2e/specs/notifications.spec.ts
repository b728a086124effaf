import AxeBuilder from '@axe-core/playwright';
import type { Locator } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { DashboardPage } from '../support/dashboard-page';
import { PurchasePage } from '../support/purchase-page';

const WINDOW_CLOSED =
  'no clickable quarter: is the e2e portal clock (CLOCK_START) inside the window?';

async function unreadOf(bell: Locator): Promise<number> {
  return Number(await bell.getAttribute('data-unread'));
}

test("a click's notification arrives live, is opened, marked read and follows the language", async ({
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
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toBeVisible();
  // The count the bell asked the server for once the header appeared.
  await expect(bell).toHaveAttribute('data-unread', /^\d+$/);
  const before = await unreadOf(bell);

  // The last clickable quarter, as the confirmation spec (whose click is completed by then): the
  // purchase spec clicks the first one.
  const quarter = (await purchase.clickableQuarters(2027)).at(-1);
  expect(quarter, WINDOW_CLOSED).toBeTruthy();
  const { contractId, year, maturity, link } = quarter!;
  await link.click();
  await purchase.configurePercentage('10');
  await purchase.acceptTermsIfAsked();
  // Held, the click stays in progress: exactly one new notification (CLICK_CREATED) for this test.
  await clickDesk.hold();
  await purchase.confirmButton().click();
  await expect(purchase.result()).toBeVisible();

  // No reload: the server's notificationUpdate raises the count in the header.
  await expect.poll(() => unreadOf(bell)).toBeGreaterThan(before);
  await expect(bell).toHaveAccessibleName(`Meldingen, ${before + 1} ongelezen`);

  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  const dutch = `Uw klik op ${maturity} ${year} van contract ${contractId} is geplaatst en in behandeling.`;
  const item = page.getByRole('article').filter({ hasText: dutch }).first();
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(item.getByText('Nieuw')).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // Opened: the click overview of that contract, where the click is in progress.
  await item.getByRole('button', { name: 'Klik bekijken' }).click();
  await expect(page).toHaveURL(new RegExp(`/clickoverview\\?contractId=${contractId}$`));
  await expect(
    page
      .locator(`[data-testid^="click-row-"][data-contract="${contractId}"]`)
      .and(page.locator(`[data-period="${maturity}-${year}"]`))
      .first(),
  ).toHaveAttribute('data-status', 'IN_PROGRESS');
  await page.goBack();

  // Marked read: no longer emphasised, and the bell counts one less.
  await item.getByRole('button', { name: `Markeer als gelezen: ${dutch}` }).click();
  await expect(item).toHaveAttribute('data-read', 'true');
  await expect(bell).toHaveAttribute('data-unread', String(before));

  // In English the list says the same in English, without asking anyone again.
  await page.getByTestId('locale-en').click();
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(
    page
      .getByRole('article')
      .filter({
        hasText: `Your click on ${maturity} ${year} of contract ${contractId} has been placed and is in progress.`,
      })
      .first(),
  ).toBeVisible();
  await clickDesk.release();
});
