import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { PortalApi } from '../support/portal-api';
import { ADMIN_PATHS, CLICK_PATHS, PURCHASE_PATHS, pathTo } from '@klik/api';

/** The demo customers `tpi` serves; De Groene Kas requires four-eyes approval. */
const CUSTOMERS = {
  approval: 'Tuinbouwbedrijf De Groene Kas B.V.',
  zuivel: 'Zuivelfabriek Friesland Noord B.V.',
  logistiek: 'Logistiek Centrum Rotterdam-Zuid B.V.',
};

interface AdminUserView {
  id: number;
  username: string;
  name: string;
  email: string | null;
  mobile: string | null;
  locale: 'nl' | 'en';
  role: string;
  readOnly: boolean;
  clickAuthorized: boolean;
  allowTPIPage: boolean;
  manageUsers: boolean;
  version: number;
  customers: { customerId: number; customerName: string }[];
}

/** The flow's dialog; the overview behind it has its own spec. */
async function noAxeFindings(page: Page): Promise<void> {
  const dialog = new AxeBuilder({ page }).include('[role="dialog"]');
  expect((await dialog.analyze()).violations).toEqual([]);
}

test.describe('clicking for several customers', () => {
  test('tpi clicks a quarter for three customers at once; the one that requires approval waits for it', async ({
    page,
    loginPage,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    // The mandate, set for this journey through administration: tpi may click for each of the
    // three customers (the demo data of the other specs is left as it is).
    const admin = await PortalApi.signIn(playwright, baseURL as string, 'admin');
    const { data } = await admin.call<{ data: AdminUserView[] }>(
      'GET',
      `${ADMIN_PATHS.users}?q=tpi&role=consultant`,
    );
    const tpi = data.find((user) => user.username === 'tpi');
    expect(tpi, 'the demo user tpi').toBeTruthy();
    const served = tpi!.customers.filter((customer) =>
      Object.values(CUSTOMERS).includes(customer.customerName),
    );
    expect(served).toHaveLength(3);
    await admin.call('PUT', pathTo(ADMIN_PATHS.user, { userId: tpi!.id }), {
      version: tpi!.version,
      name: tpi!.name,
      email: tpi!.email,
      mobile: tpi!.mobile,
      locale: tpi!.locale,
      role: tpi!.role,
      readOnly: false,
      clickAuthorized: true,
      allowTPIPage: true,
      manageUsers: false,
      customers: tpi!.customers.map((customer) => ({
        customerId: customer.customerId,
        readOnly: false,
        clickAuthorized: true,
      })),
    });
    await admin.dispose();

    await loginPage.open();
    await loginPage.signIn('tpi');
    await expect(page).toHaveURL(/\/overview$/);
    await page.getByRole('button', { name: 'Klikken voor meerdere klanten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Klikken voor meerdere klanten' });
    for (const name of Object.values(CUSTOMERS)) {
      await dialog.getByRole('checkbox', { name, exact: true }).check();
    }
    await dialog.getByRole('radio', { name: 'Stroom' }).check();
    await dialog.getByLabel('Leveringsjaar').selectOption('2028');
    await dialog.getByLabel('Periode').selectOption({ label: 'Kwartaal 3' });
    await dialog.getByRole('textbox', { name: /Deel van het open volume/ }).fill('20');
    await dialog.getByRole('button', { name: 'Prijzen opvragen' }).click();

    const preview = dialog.getByTestId('multi-click-preview');
    await expect(preview).toBeVisible();
    for (const name of Object.values(CUSTOMERS)) {
      await expect(preview.getByRole('row').filter({ hasText: name }).first()).toBeVisible();
    }
    const approvalRows = preview
      .getByRole('row')
      .filter({ hasText: CUSTOMERS.approval })
      .filter({ hasText: 'Nu klikbaar' });
    await expect(approvalRows.first()).toContainText('Goedkeuring door een tweede gebruiker');
    const clickable = await preview.getByRole('row').filter({ hasText: 'Nu klikbaar' }).count();
    for (const name of [CUSTOMERS.zuivel, CUSTOMERS.logistiek]) {
      await expect(
        preview.getByRole('row').filter({ hasText: name }).filter({ hasText: 'Nu klikbaar' }),
      ).not.toHaveCount(0);
    }
    // Terms version 1 applies to every demo customer: accepted once per customer.
    const terms = dialog.getByRole('checkbox', { name: /Ik heb de voorwaarden \(versie \d+\)/ });
    for (let index = 0; index < (await terms.count()); index += 1) {
      await terms.nth(index).check();
    }
    await noAxeFindings(page);

    const confirm = dialog.getByRole('button', { name: /klik(ken)? bevestigen$/ });
    await expect(confirm).toHaveText(
      clickable === 1 ? '1 klik bevestigen' : `${clickable} klikken bevestigen`,
    );
    await confirm.click();

    const result = dialog.getByTestId('multi-click-result');
    await expect(result).toBeVisible();
    await expect(dialog.getByTestId('multi-click-summary')).toContainText(
      `${clickable} klikken geplaatst, 0 geweigerd.`,
    );
    const outcome = (name: string) => result.getByRole('row').filter({ hasText: name });
    await expect(outcome(CUSTOMERS.approval).first()).toContainText('Wacht op goedkeuring');
    for (const name of [CUSTOMERS.zuivel, CUSTOMERS.logistiek]) {
      await expect(outcome(name).first()).toContainText(/In behandeling|Uitgevoerd/);
      await expect(outcome(name).filter({ hasText: 'Wacht op goedkeuring' })).toHaveCount(0);
    }
    await noAxeFindings(page);

    // A second user rejects the clicks awaiting approval, so De Groene Kas's volume is free again
    // for the journeys after this one.
    const approver = await PortalApi.signIn(playwright, baseURL as string, 'accountmanager');
    const approvalId = served.find((c) => c.customerName === CUSTOMERS.approval)?.customerId;
    const pending = await approver.call<{ data: { id: number; createdBy: string | null }[] }>(
      'GET',
      `${pathTo(CLICK_PATHS.list, { customerId: approvalId! })}?status=PENDING_APPROVAL`,
    );
    const made = pending.data.filter((click) => click.createdBy === 'Joost Mulder');
    expect(made.length).toBeGreaterThan(0);
    for (const click of made)
      await approver.call('POST', pathTo(PURCHASE_PATHS.reject, { clickId: click.id }));
    await approver.dispose();
  });
});
