import { test, expect } from '../support/fixtures';
import { DEMO_ACCOUNTS } from '../support/demo-accounts';
import { Shell } from '../support/shell';
import { AUTH_PATHS, pathTo } from '@klik/api';

test.describe('signing in', () => {
  for (const account of DEMO_ACCOUNTS) {
    test(`${account.username} lands on ${account.home}`, async ({ page, loginPage }) => {
      await loginPage.open();
      await loginPage.signIn(account.username);

      await expect(page).toHaveURL(new RegExp(`/${account.home}$`));
      await expect(page.getByTestId(`screen-${account.home}`)).toBeVisible();
      await expect(page.getByTestId('shell-user-name')).not.toBeEmpty();
    });
  }

  test('a wrong password shows the Dutch message, also after switching: it follows the environment locale', async ({
    page,
    loginPage,
  }) => {
    await loginPage.open();
    await loginPage.signIn('customer', 'not-the-password');
    await expect(loginPage.error()).toHaveText(/Ongeldige gebruikersnaam of wachtwoord/);
    await expect(loginPage.error()).toHaveCount(1);

    await loginPage.switchLocale('en');
    await loginPage.signIn('customer', 'still-not-it');
    // Spec section 8: the login messages speak the environment's language (nl here).
    await expect(loginPage.error()).toHaveText(/Ongeldige gebruikersnaam of wachtwoord/);
    await expect(page).toHaveURL(/\/login/);
  });

  test('submitting an empty form shows what is obligatory and sends nothing', async ({
    page,
    loginPage,
  }) => {
    await loginPage.open();
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith(AUTH_PATHS.login)) loginCalls += 1;
    });
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('Gebruikersnaam verplicht')).toBeVisible();
    await expect(page.getByText('Wachtwoord verplicht')).toBeVisible();
    expect(loginCalls).toBe(0);
  });

  test('an unauthenticated deep link returns to it after signing in', async ({
    page,
    loginPage,
  }) => {
    await page.goto('/myinfo');
    await expect(page).toHaveURL(/\/login\?returnUrl=%2Fmyinfo/);
    await loginPage.signIn('customer');
    await expect(page).toHaveURL(/\/myinfo$/);
    await expect(page.getByTestId('screen-myinfo')).toBeVisible();
  });

  test('signing out ends the session on the server too', async ({ page, loginPage, request }) => {
    await loginPage.open();
    await loginPage.signIn('customer');
    await expect(page.getByTestId('screen-dashboard')).toBeVisible();
    const token = await page.evaluate(() => {
      const raw = sessionStorage.getItem('session');
      return raw ? (JSON.parse(raw) as { token: string }).token : null;
    });
    expect(token).toBeTruthy();

    await new Shell(page).signOut();
    await expect(page).toHaveURL(/\/login/);

    // A separate client without the browser's cookies: only the bearer token speaks.
    const answer = await request.put(pathTo(AUTH_PATHS.setLocale, { locale: 'en' }), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status()).toBe(401);
  });
});
