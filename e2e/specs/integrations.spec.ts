import { INTEGRATION_PATHS, pathTo } from '@klik/api';
import { test, expect } from '../support/fixtures';
import { DashboardPage } from '../support/dashboard-page';
import { PurchasePage } from '../support/purchase-page';
import { WebhookReceiver } from '../support/webhook-receiver';

const WINDOW_CLOSED =
  'no clickable quarter: is the e2e portal clock (CLOCK_START) inside the window?';

/**
 * Issue 30's journey: the demo customer's user manager connects their own systems on the
 * Integraties screen - an API client and a webhook endpoint on a receiver of the test's own - then
 * makes a click in the portal. The click arrives at the receiver signed (checked with the
 * Standard Webhooks reference library), the client's token reads it back, and the endpoint's
 * delivery log shows the delivery. Both are removed again, so later journeys' clicks go nowhere.
 */
test('a click made in the portal reaches the user manager’s receiver signed, and its log', async ({
  page,
  loginPage,
  request,
}) => {
  test.setTimeout(150_000);
  const receiver = await WebhookReceiver.start();
  try {
    const dashboard = new DashboardPage(page);
    const purchase = new PurchasePage(page);
    await loginPage.open();
    await loginPage.signIn('customer');
    await dashboard.loaded();

    await page.goto('/integrations');
    await expect(page.getByTestId('screen-integrations')).toBeVisible({ timeout: 30_000 });

    // An API client that may read the clicks; its secret is shown once.
    await page.getByTestId('api-clients-new').click();
    await page.getByTestId('api-client-name').fill('ERP e2e');
    await page.getByTestId('api-client-scope-clicks:read').check();
    await page.getByTestId('api-client-save').click();
    const clientSecret = (await page.getByTestId('api-client-secret-value').innerText()).trim();
    expect(clientSecret).toMatch(/^ks_/);
    await page.getByTestId('api-client-secret-done').click();
    await expect(page.getByTestId('api-client-secret')).toHaveCount(0);
    const clientRow = page
      .locator('tr[data-testid^="api-client-"]', { hasText: 'ERP e2e' })
      .first();
    await expect(clientRow).toBeVisible();
    const clientId = /kc_[0-9a-f]+/.exec(await clientRow.innerText())?.[0];
    expect(clientId, 'the list shows the client id').toBeTruthy();

    // A webhook endpoint on the receiver for the click's events; its secret is shown once.
    await page.getByTestId('webhooks-new').click();
    await page.getByTestId('webhook-url').fill(receiver.url);
    await page.getByTestId('webhook-description').fill('ERP e2e');
    await page.getByTestId('webhook-event-click.created').check();
    await page.getByTestId('webhook-save').click();
    const webhookSecret = (await page.getByTestId('webhook-secret-value').innerText()).trim();
    expect(webhookSecret).toMatch(/^whsec_/);
    receiver.trust(webhookSecret);
    await page.getByTestId('webhook-secret-done').click();
    const endpoint = page.locator('[data-testid^="webhook-log-toggle-"]').first();
    const endpointId = ((await endpoint.getAttribute('data-testid')) ?? '').replace(
      'webhook-log-toggle-',
      '',
    );

    // A click in the portal, as on any trading day.
    await page.getByRole('banner').getByRole('link', { name: 'Klik', exact: true }).click();
    await dashboard.loaded();
    const quarter = (await purchase.clickableQuarters(2028))[0];
    expect(quarter, WINDOW_CLOSED).toBeTruthy();
    await quarter!.link.click();
    await purchase.configurePercentage('10');
    await purchase.acceptTermsIfAsked();
    await purchase.confirmButton().click();
    await expect(purchase.result()).toBeVisible();

    // It arrives signed, once per webhook-id, naming the contract clicked.
    await expect
      .poll(() => receiver.ofType('click.created').length, { timeout: 60_000 })
      .toBeGreaterThan(0);
    const [created] = receiver.ofType('click.created');
    expect(created!.verified, 'the signature verifies with the shown secret').toBe(true);
    expect(JSON.stringify(created!.body)).toContain(quarter!.contractId);

    // The client's token reads the click back through the machine API.
    const token = await request.post(INTEGRATION_PATHS.token, {
      form: { grant_type: 'client_credentials', scope: 'clicks:read' },
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      },
    });
    expect(token.ok(), await token.text()).toBe(true);
    const { access_token: accessToken } = (await token.json()) as { access_token: string };
    const customerId = (created!.body as { customerId: number }).customerId;
    const changes = await request.get(
      pathTo(INTEGRATION_PATHS.clickChanges, { customerId: String(customerId) }),
      { headers: { authorization: `Bearer ${accessToken}` } },
    );
    expect(changes.ok(), await changes.text()).toBe(true);
    expect(await changes.text()).toContain(quarter!.contractId);

    // The delivery log shows it delivered.
    await page.goto('/integrations');
    await page.getByTestId(`webhook-log-toggle-${endpointId}`).click();
    const delivery = page.getByTestId(`delivery-${created!.id}`);
    await expect(delivery).toBeVisible({ timeout: 30_000 });
    await expect(delivery).toContainText('Klik aangemaakt');
    await expect(delivery).toContainText('Afgeleverd');
    await expect(delivery).toContainText('204');

    // Removed again: later journeys' clicks must not be sent to a receiver that has stopped.
    await page.getByTestId(`webhook-delete-${endpointId}`).click();
    await page.getByTestId('webhooks-confirm').click();
    await expect(page.getByTestId(`webhook-${endpointId}`)).toHaveCount(0);
    const clientTestId = (await clientRow.getAttribute('data-testid')) ?? '';
    await page.getByTestId(clientTestId.replace('api-client-', 'api-client-revoke-')).click();
    await page.getByTestId('api-clients-confirm').click();
  } finally {
    await receiver.stop();
  }
});
