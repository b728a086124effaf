import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { DashboardPage } from '../support/dashboard-page';
import { pushPrices } from '../support/market-feed';
import { serverNow } from '../support/server-clock';

async function unreadOf(bell: Locator): Promise<number> {
  return Number(await bell.getAttribute('data-unread'));
}

/**
 * The first gas contract of the form (no part to choose) and its last year of supply: the alert
 * watches its ICE M12 price, which no other journey clicks or reads.
 */
async function chooseGasContract(page: Page): Promise<{ contractId: string; year: string }> {
  const contract = page.getByTestId('alert-contract');
  const options = await contract.locator('option').evaluateAll((nodes) =>
    nodes
      .map((node) => ({
        value: (node as HTMLOptionElement).value,
        label: node.textContent ?? '',
      }))
      .filter((option) => option.value !== ''),
  );
  for (const option of options) {
    await contract.selectOption(option.value);
    if ((await page.getByTestId('alert-part').count()) === 0) {
      const years = await page
        .getByTestId('alert-year')
        .locator('option')
        .evaluateAll((nodes) =>
          nodes.map((node) => (node as HTMLOptionElement).value).filter(Boolean),
        );
      const year = years.at(-1);
      if (year) {
        await page.getByTestId('alert-year').selectOption(year);
        return { contractId: option.label, year };
      }
    }
  }
  throw new Error('the demo customer has no gas contract with a year of supply');
}

test('a price alert made on its screen notifies once a pushed price crosses it', async ({
  page,
  loginPage,
  request,
}) => {
  test.setTimeout(90_000);
  const dashboard = new DashboardPage(page);
  await loginPage.open();
  await loginPage.signIn('customer');
  await dashboard.loaded();
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('data-unread', /^\d+$/);

  await page.getByRole('link', { name: 'Prijsalerts' }).first().click();
  await expect(page).toHaveURL(/\/pricealerts$/);
  await expect(page.getByRole('heading', { name: 'Prijsalerts', level: 1 })).toBeVisible();
  await expect(page.getByTestId('price-alerts-basis')).toContainText('marktprijs');

  await page.getByTestId('price-alert-new').click();
  // Sent empty: every section 5 message at its field, nothing sent.
  await page.getByTestId('alert-save').click();
  const form = page.getByTestId('price-alert-form');
  await expect(form.getByText('Selecteer een richting')).toBeVisible();
  await expect(form.getByText('Selecteer een periode')).toBeVisible();
  await expect(form.getByText('Selecteer ten minste één ontvanger')).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  const { contractId, year } = await chooseGasContract(page);
  await page.getByTestId('alert-maturity').selectOption('M12');
  await page.getByTestId('alert-market').selectOption('ICE');
  await page.getByTestId('alert-direction').selectOption('EQUAL_OR_HIGHER');
  await page.getByTestId('alert-price').fill('0');
  await page.getByTestId('alert-save').click();
  await expect(
    form.getByText(
      'Ongeldige prijs: meer dan 0 en minder dan 99999999 EUR/MWh, met hoogstens 4 decimalen',
    ),
  ).toBeVisible();
  await page.getByTestId('alert-price').fill('123,45');
  await form.getByLabel('Eva Jansen').check();
  await page.getByTestId('alert-expires').fill('2026-12-31');
  await page.getByTestId('alert-save').click();

  const position = `${contractId} M12 ${year} (ICE Endex)`;
  const row = page.locator('tr').filter({ hasText: position }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('Gelijk aan of hoger dan');
  await expect(row).toContainText('Actief');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // A price below the threshold first, then one that crosses it: exactly one notification.
  const before = await unreadOf(bell);
  const at = (await serverNow(request)).toISOString();
  const price = (value: string) => ({
    product: 'TTF_GAS' as const,
    yearOfSupply: Number(year),
    maturity: 'M12',
    market: 'ICE' as const,
    price: value,
    at,
  });
  await pushPrices([price('120'), price('130')]);
  // No reload: the notificationUpdate raises the bell's count.
  await expect.poll(() => unreadOf(bell), { timeout: 20_000 }).toBeGreaterThan(before);

  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  const alerts = page
    .getByRole('article')
    .filter({ hasText: `Prijsalert ${contractId} M12 ${year}` });
  await expect(alerts).toHaveCount(1);
  const words = (await alerts.first().textContent())?.replace(/\u00a0|\u202f/g, ' ');
  expect(words).toContain(
    `Prijsalert ${contractId} M12 ${year} (ICE): de marktprijs € 130,00/MWh is gelijk aan of hoger dan uw drempel van € 123,45/MWh.`,
  );

  // Staying beyond the threshold says nothing more, also after a reload.
  await pushPrices([price('131')]);
  await page.waitForTimeout(1_500);
  await page.reload();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(alerts).toHaveCount(1);

  // Clean up: the alert is deleted on its screen after confirmation.
  await page.getByRole('link', { name: 'Prijsalerts' }).first().click();
  await row.getByRole('button', { name: /verwijderen/ }).click();
  await expect(page.getByText('Prijsalert verwijderen?')).toBeVisible();
  await page.getByTestId('price-alert-delete-confirm').click();
  await expect(page.locator('tr').filter({ hasText: position })).toHaveCount(0);
});
