import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { E2E_IDP_ISSUER } from '../playwright.config';

/** The development identity provider's demo identities (npm run idp) and their password. */
const IDP_PASSWORD = 'Klik-idp-2026';

async function signInAtProvider(page: Page, login: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${E2E_IDP_ISSUER}/interaction/`));
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Password').fill(IDP_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('single sign-on through a real OpenID Connect provider', () => {
  test('a customer user signs in at the provider and lands on dashboard', async ({
    page,
    loginPage,
  }) => {
    await loginPage.open();
    await page.getByRole('link', { name: 'Inloggen met single sign-on' }).click();
    // loginoauth sends the browser on at once, with the code flow's parameters.
    await page.waitForURL((url) => url.href.startsWith(E2E_IDP_ISSUER));
    await signInAtProvider(page, 'eva');

    // The demo customer links its users by verified e-mail: eva is the demo user `customer`.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('screen-dashboard')).toBeVisible();
    await expect(page.getByTestId('shell-user-name')).toHaveText(/Eva Jansen/);
  });

  test('an identity without a Klik user comes back to the login message', async ({ page }) => {
    await page.goto('/loginoauth');
    await signInAtProvider(page, 'stranger');
    await expect(page).toHaveURL(/\/sso\?/);
    await expect(page.getByTestId('sso-error')).toHaveText(
      /Ongeldige gebruikersnaam of wachtwoord/,
    );
    await page.getByRole('link', { name: 'Terug naar inloggen' }).click();
    await expect(page.getByTestId('login-form')).toBeVisible();
  });

  test('the address the provider sent back to does not sign in a second time', async ({ page }) => {
    let returned: string | null = null;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url().includes('/sso?code=')) returned = frame.url();
    });
    await page.goto('/loginoauth');
    await signInAtProvider(page, 'eva');
    await expect(page.getByTestId('screen-dashboard')).toBeVisible();
    expect(returned).not.toBeNull();

    // Opened again in another tab: the sign-in it belonged to is spent, and the screen says to
    // start again (SSO_STATE_INVALID), not that the product is unavailable.
    const other = await page.context().newPage();
    await other.goto(returned ?? '/sso');
    await expect(other.getByTestId('sso-error')).toHaveText(/Begin opnieuw/);
    await other.close();
  });
});
