import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Download, Locator, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { DashboardPage } from '../support/dashboard-page';
import { PurchasePage } from '../support/purchase-page';
// The server's tests read PDFs the same way: the pieces of text on one line, left to right.
import { pdfLines } from '../../apps/server/test/pdf-text';

const WINDOW_CLOSED =
  'no clickable quarter: is the e2e portal clock (CLOCK_START) inside the window?';

/** Intl's no-break spaces as the plain spaces the PDF's text has. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').trim();

async function downloadOf(page: Page, button: Locator): Promise<Download> {
  const download = page.waitForEvent('download');
  await button.click();
  return download;
}

async function linesOf(download: Download): Promise<string[]> {
  const path = await download.path();
  return pdfLines(new Uint8Array(await readFile(path)));
}

test('a completed click: its PDF confirmation from the click overview, in Dutch and in English', async ({
  page,
  loginPage,
}) => {
  test.setTimeout(90_000);
  const dashboard = new DashboardPage(page);
  const purchase = new PurchasePage(page);
  await loginPage.open();
  await loginPage.signIn('customer');
  await dashboard.loaded();
  // The last clickable quarter: the purchase spec clicks the first one.
  const quarter = (await purchase.clickableQuarters(2027)).at(-1);
  expect(quarter, WINDOW_CLOSED).toBeTruthy();
  const { contractId, year, maturity, link } = quarter!;
  await link.click();
  await purchase.configurePercentage('10');
  await purchase.acceptTermsIfAsked();
  await purchase.confirmButton().click();
  await expect(purchase.result()).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Hoofdmenu' })
    .getByRole('link', { name: 'Klikoverzicht' })
    .click();
  const row = page
    .locator(`[data-testid^="click-row-"][data-contract="${contractId}"]`)
    .and(page.locator(`[data-period="${maturity}-${year}"]`))
    .first();
  // The click desk completes the OTC click a few seconds after it was made; the list follows live.
  await expect(row).toHaveAttribute('data-status', 'COMPLETED', { timeout: 30_000 });
  const clickId = ((await row.getAttribute('data-testid')) ?? '').replace('click-row-', '');
  const button = row.getByRole('button', {
    name: /^Bevestiging van de klik op .* downloaden \(pdf\)$/,
  });
  await expect(button).toHaveText('Bevestiging (pdf)');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // What the row shows, the confirmation states: volume per part and the total cost.
  const cells = row.locator('td');
  const volumes = (await cells.nth(5).locator('p').allInnerTexts()).map((text) =>
    plain(text).replace(/^.*: /, ''),
  );
  expect(volumes, 'a volume per part in the row').not.toHaveLength(0);
  const total = plain(await cells.nth(7).innerText());
  const byUser = plain(await cells.nth(8).innerText());

  const dutch = await downloadOf(page, button);
  expect(dutch.suggestedFilename()).toBe(`klik-bevestiging-${clickId}.pdf`);
  const lines = await linesOf(dutch);
  expect(lines[1]).toBe(`Klikbevestiging ${clickId}`);
  expect(lines).toEqual(
    expect.arrayContaining([
      'Klant Bakkerij Van der Meer B.V.',
      `Contract ${contractId}`,
      expect.stringMatching(new RegExp(`^Periode ${maturity} ${year} \\(kwartaal \\d ${year}\\)$`)),
      'Markt OTC',
      'Prijsbron OTC-liveprijs',
      `Totale kosten ${total}`,
      expect.stringMatching(new RegExp(`^Geklikt door ${byUser} \\(customer\\)$`)),
      expect.stringMatching(/^Offerte [0-9a-f-]{36}$/),
      expect.stringMatching(/^Afgerond 23-11-2026 \d\d:\d\d:\d\d$/),
      ...volumes.map((volume) => `Volume ${volume}`),
    ]),
  );

  // In English the portal asks for the English confirmation.
  await page.getByTestId('locale-en').click();
  const english = await downloadOf(
    page,
    row.getByRole('button', { name: /^Download the confirmation of the click on .* \(PDF\)$/ }),
  );
  expect(english.suggestedFilename()).toBe(`click-confirmation-${clickId}.pdf`);
  const englishLines = await linesOf(english);
  expect(englishLines[1]).toBe(`Click confirmation ${clickId}`);
  expect(englishLines).toEqual(
    expect.arrayContaining([
      'Customer Bakkerij Van der Meer B.V.',
      'Price source OTC live price',
      `Total cost ${plain(await cells.nth(7).innerText())}`,
    ]),
  );
});
