import { expect, test } from '../support/fixtures';
import { linkMailedTo } from '../support/mail-outbox';
import { PortalApi, uniqueName } from '../support/portal-api';
import { ADMIN_PATHS, PASSWORD_RESET_PATHS, SYSTEM_PATHS } from '@klik/api';

const NEW_PASSWORD = 'Zomer-Appel-4217';

/** A user of this journey's own, so the demo accounts keep their password. */
async function freshUser(playwright: Parameters<typeof PortalApi.signIn>[0], baseURL: string) {
  const admin = await PortalApi.signIn(playwright, baseURL, 'admin');
  const username = uniqueName('vergeten');
  const email = `${username}@example.test`;
  const initialPassword = 'Begin-1234-oud';
  await admin.call('POST', ADMIN_PATHS.users, {
    username,
    name: 'Vergeetachtige Beheerder',
    email,
    role: 'admin',
    initialPassword,
  });
  await admin.dispose();
  return { username, email, initialPassword };
}

test('forgot password: the e-mailed link sets a new one, once; the old one no longer signs in', async ({
  page,
  playwright,
  baseURL,
  loginPage,
}) => {
  const user = await freshUser(playwright, baseURL!);

  await loginPage.open();
  await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
  await page.getByLabel('Gebruikersnaam of e-mailadres').fill(user.email);
  await page.getByTestId('forgot-password-submit').click();
  await expect(page.getByTestId('forgot-password-sent')).toBeVisible();

  // The development outbox (MAIL_DEV_OUTBOX) holds the e-mail once it has been "sent".
  const link = await linkMailedTo(playwright, baseURL!, user.email, '/resetpassword');

  await page.goto(link);
  await expect(page.getByText(`Voor gebruiker ${user.username}`)).toBeVisible();
  await page.getByLabel(/^Nieuw wachtwoord(?! kiezen)/).fill(NEW_PASSWORD);
  await page.getByLabel(/^Herhaal/).fill(NEW_PASSWORD);
  await page.getByTestId('reset-password-submit').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('password-set')).toBeVisible();

  await loginPage.signIn(user.username, user.initialPassword);
  await expect(loginPage.error()).toBeVisible();
  await loginPage.signIn(user.username, NEW_PASSWORD);
  // The reset replaced the initial password, so nothing asks to change it again.
  await expect(page).toHaveURL(/\/admindashboard$/);

  // A used link is refused before anything is typed, with a way to ask for a new one.
  await page.goto(link);
  await expect(page.getByTestId('reset-link-invalid')).toContainText('Ongeldige resetlink');
  await page.getByRole('link', { name: 'Vraag een nieuwe link aan' }).click();
  await expect(page).toHaveURL(/\/forgotpassword$/);
});

test('an expired reset link shows invalid reset URL and leads to ask for a new one', async ({
  page,
  playwright,
  baseURL,
}) => {
  const user = await freshUser(playwright, baseURL!);
  // A context a call: a kept XSRF cookie would make the next call need its header.
  const post = async (path: string, data: object, method: 'POST' | 'PUT' = 'POST') => {
    const request = await playwright.request.newContext({ baseURL });
    const answer = await request.fetch(path, { method, data });
    await request.dispose();
    return answer.status();
  };
  expect(await post(PASSWORD_RESET_PATHS.forgotPassword, { usernameOrEmail: user.email })).toBe(
    202,
  );
  const link = await linkMailedTo(playwright, baseURL!, user.email, '/resetpassword');
  // Past the link's 30 minutes on the portal's clock (CLOCK_TEST_CONTROL).
  expect(await post(SYSTEM_PATHS.devClock, { advanceSeconds: 31 * 60 }, 'PUT')).toBe(200);

  await page.goto(link);
  await expect(page.getByTestId('reset-link-invalid')).toContainText('Ongeldige resetlink');
  await expect(page.getByLabel(/^Herhaal/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Vraag een nieuwe link aan' })).toBeVisible();
});
