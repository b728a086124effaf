import AxeBuilder from '@axe-core/playwright';
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
