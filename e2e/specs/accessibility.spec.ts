import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';

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
 * The administrator's screens with their status badges (GELUKT, Actief, …), at a laptop's and a
 * phone's width: axe with every rule it runs by default, colour contrast among them.
 */
const ADMIN_SCREENS = [
  { path: '/admindashboard', screen: 'screen-admindashboard', loaded: 'recent-events' },
  { path: '/audit', screen: 'screen-audit', loaded: 'audit-count' },
  { path: '/manageusers', screen: 'screen-manageusers', loaded: 'users-count' },
  { path: '/managecustomers', screen: 'screen-managecustomers', loaded: 'customers-count' },
] as const;

/** Opens a screen the way the menu's links do: a reload per screen is slow on a busy machine. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

for (const { width, height } of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test.describe(`the admin screens at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('have no axe violations, colour contrast included', async ({ page, loginPage }) => {
      // Four screens, each scanned: more than the default 60 s on a busy machine.
      test.setTimeout(120_000);
      await page.goto('/login');
      await expect(page.getByTestId('login-form')).toBeVisible({ timeout: 30_000 });
      await loginPage.signIn('admin');
      await expect(page.getByTestId('screen-admindashboard')).toBeVisible({ timeout: 30_000 });
      for (const { path, screen, loaded } of ADMIN_SCREENS) {
        if (path !== '/admindashboard') await navigateInApp(page, path);
        await expect(page.getByTestId(screen)).toBeVisible();
        await expect(page.getByTestId(loaded)).toBeVisible({ timeout: 20_000 });
        await expect(page.locator('main .mantine-Loader')).toHaveCount(0);
        const results = await new AxeBuilder({ page })
          .options({ rules: { 'color-contrast': { enabled: true } } })
          .analyze();
        const violations = results.violations.map(({ id, nodes }) => ({
          id,
          nodes: nodes.map((node) => node.target.join(' ')),
        }));
        expect.soft(violations, `axe on ${path}`).toEqual([]);
      }
    });
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
