import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { PurchasePage } from '../support/purchase-page';

test.describe('accessibility', () => {
  test('the login screen has no axe violations', async ({ page, loginPage }) => {
    await loginPage.open();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  });

  test('the login screen works with the keyboard alone', async ({ page, loginPage }) => {
    await loginPage.open();
    await page.getByLabel(/Gebruikersnaam/).focus();
    await page.keyboard.type('customer');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Klik-demo-2026');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('screen-dashboard')).toBeVisible();
  });
});

/**
 * Every screen of every role, at a laptop's and a phone's width: axe with every rule it runs by
 * default, colour contrast among them. One sign-in per role; the screens are opened the way the
 * menu's links open them. Screens that need a record open the demo seed's first.
 */
const SCREENS_BY_ROLE = {
  customer: [
    '/dashboard',
    '/dashboard/gas',
    '/clickoverview',
    '/clickcounter',
    '/resultaten',
    '/notificaties',
    '/myinfo',
    '/deadlines',
    '/budget',
    '/hedgepolicy',
    '/risk',
    '/strategy',
    '/pricealerts',
    '/standingorders',
    '/help',
    '/editusers',
    '/addviewonlyuser',
    '/integrations',
    '/startpurchase',
  ],
  admin: [
    '/admindashboard',
    '/monitordashboard',
    '/audit',
    '/manageusers',
    '/editusers/new',
    '/addaccountmanager',
    '/csu',
    '/mailoutbox',
    '/managemargins',
    '/editconsultant',
    '/editconsultant/new',
    '/managecustomers',
    '/editcustomer/1',
    '/managecontract',
    '/managecontract/new',
    '/managecontract/import',
    '/pricehistory',
    '/monitorprices',
    '/announcements',
    '/integrations',
  ],
  tpi: ['/overview', '/consultantdashboard'],
} as const;

/** A quarter of the demo customer that is clickable at the portal's clock (CLOCK_START). */
const CLICKABLE_QUARTER = '/startpurchase/KL-270001/2027/Q1';

/** Opens a screen the way the menu's links do: a reload per screen is slow on a busy machine. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** Soft: one run names every screen with a violation, not only the first. */
async function expectNoAxeViolations(page: Page, screen: string) {
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 20_000 });
  // A loading line stands for the screen it loads: scan the loaded screen.
  await expect(page.locator('main .mantine-Loader, main .mantine-Skeleton')).toHaveCount(0, {
    timeout: 20_000,
  });
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'color-contrast': { enabled: true } } })
    .analyze();
  const violations = results.violations.map(({ id, nodes }) => ({
    id,
    // The element's start names it where a generated class does not.
    nodes: nodes
      .slice(0, 5)
      .map((node) => `${node.target.join(' ')}: ${node.html.slice(0, 100)} ${node.failureSummary}`),
  }));
  expect.soft(violations, `axe on ${screen}`).toEqual([]);
}

for (const { width, height } of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test.describe(`every screen at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('the screens before sign-in have no axe violations', async ({ page }) => {
      for (const path of ['/login', '/forgotpassword', '/resetpassword?token=unknown']) {
        await page.goto(path);
        await expectNoAxeViolations(page, path);
      }
    });

    for (const [role, screens] of Object.entries(SCREENS_BY_ROLE)) {
      test(`the ${role}'s screens have no axe violations`, async ({ page, loginPage }) => {
        // Up to twenty screens, each scanned: more than the default 60 s on a busy machine.
        test.setTimeout(240_000);
        await page.goto('/login');
        await expect(page.getByTestId('login-form')).toBeVisible({ timeout: 30_000 });
        await loginPage.signIn(role);
        await expect(page.locator('main h1').first()).toBeVisible({ timeout: 30_000 });
        for (const path of screens) {
          await navigateInApp(page, path);
          await expectNoAxeViolations(page, path);
        }
        await navigateInApp(page, '/no-such-screen');
        await expect(page.getByTestId('screen-notfound')).toBeVisible();
        await expectNoAxeViolations(page, 'not found');
        if (role !== 'customer') return;
        // The click flow up to the confirm step, where the quote stands.
        await navigateInApp(page, CLICKABLE_QUARTER);
        await expect(page.getByTestId('screen-startpurchase')).toBeVisible();
        await expectNoAxeViolations(page, 'startpurchase (quarter)');
        await page.getByTestId('start-next').click();
        await expect(page.getByTestId('screen-configurepurchase')).toBeVisible();
        await page.getByTestId('share-percentage').fill('25');
        await expect(page.getByTestId('preview-summary')).not.toHaveText(/–/);
        await expectNoAxeViolations(page, 'configurepurchase');
        await page.getByTestId('configure-next').click();
        await expect(page.getByTestId('quote-countdown')).toBeVisible();
        await expectNoAxeViolations(page, 'confirmpurchase');
        await new PurchasePage(page).leaveFlow();
      });
    }
  });
}

test.describe('the audit log on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('does not scroll sideways; its table scrolls in its own region', async ({
    page,
    loginPage,
  }) => {
    await page.goto(`/login?returnUrl=${encodeURIComponent('/audit')}`);
    await expect(page.getByTestId('login-form')).toBeVisible({ timeout: 30_000 });
    await loginPage.signIn('admin');
    await expect(page.getByTestId('audit-table')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('main .mantine-Loader')).toHaveCount(0);
    const measured = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      // What sticks out, named in the failure: what lies in a scrolling region scrolls there,
      // unless it is positioned out of it.
      stickingOut: Array.from(document.querySelectorAll('body *'))
        .filter((element) => {
          if (element.getBoundingClientRect().right <= window.innerWidth + 1) return false;
          const positioned = ['absolute', 'fixed'].includes(getComputedStyle(element).position);
          return positioned || !element.closest('.klik-table-scroll');
        })
        .slice(0, 5)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
    }));
    expect(
      measured.scrollWidth,
      `the page is no wider than the screen; sticking out: ${measured.stickingOut.join(', ')}`,
    ).toBeLessThanOrEqual(measured.innerWidth);
    const region = page.getByRole('region', { name: 'Audit log' });
    const box = await region.boundingBox();
    expect(box!.x + box!.width, 'the table region ends on the screen').toBeLessThanOrEqual(390);
  });
});
