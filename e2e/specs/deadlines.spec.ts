import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../support/fixtures';
import { DashboardPage } from '../support/dashboard-page';

test('the deadline overview lists what can still be clicked, and its calendar feed lists the same until revoked', async ({
  page,
  loginPage,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await loginPage.open();
  await loginPage.signIn('customer');
  await new DashboardPage(page).loaded();

  await page.getByRole('link', { name: 'Deadlines' }).first().click();
  await expect(page).toHaveURL(/\/deadlines$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Klikdeadlines' })).toBeVisible();
  const rows = page.getByTestId('deadline-table').locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  // The soonest deadline first: its contract is the first event the feed must list.
  const firstContract = (await rows.first().locator('th p').nth(1).textContent())?.trim() ?? '';
  expect(firstContract).not.toBe('');
  await expect(page.getByTestId('deadlines-reminders')).toContainText('handelsdag');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // A feed of this user's own; another run or spec may have left one: renew replaces it.
  const feed = page.getByTestId('calendar-feed');
  const create = feed.getByTestId('calendar-create');
  const renew = feed.getByTestId('calendar-renew');
  await expect(create.or(renew)).toBeVisible();
  if (await create.isVisible()) {
    await create.click();
  } else {
    await renew.click();
    await page.getByTestId('calendar-confirm').click();
  }
  const url = await feed.getByTestId('calendar-url').inputValue();
  expect(url).toMatch(/\/rest\/deadlines\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const path = new URL(url).pathname;

  // No session: the secret in the path is the credential.
  const anonymous = await playwright.request.newContext({ baseURL });
  try {
    const served = await anonymous.get(path);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toContain('text/calendar');
    const ics = await served.text();
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain('BEGIN:VEVENT');
    const unfolded = ics.replace(/\r\n[ \t]/g, '');
    // The feed speaks the user's stored language, which an earlier spec may have switched.
    expect(unfolded).toMatch(
      new RegExp(`SUMMARY:(Klikdeadline|Click deadline) .* — ${firstContract}\\r\\n`),
    );
    expect(unfolded).toMatch(/UID:klik-deadline-\d+-\d{4}-[YQM]\d*-\d{4}-\d{2}-\d{2}@klik/);

    await feed.getByTestId('calendar-revoke').click();
    await page.getByTestId('calendar-confirm').click();
    await expect(feed.getByTestId('calendar-none')).toBeVisible();
    expect((await anonymous.get(path)).status()).toBe(404);
  } finally {
    await anonymous.dispose();
  }
});
