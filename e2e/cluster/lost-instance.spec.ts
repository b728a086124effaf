import { expect, test } from '@playwright/test';
import { clusterURL } from '../playwright.cluster.config';
import {
  closeBrowsers,
  dashboardsLive,
  firstYearPrice,
  killInstance,
  liveInstances,
  signedInBrowser,
  websocketCount,
  type Browsing,
} from '../support/cluster';
import { DashboardPage } from '../support/dashboard-page';
import { pushPrices } from '../support/market-feed';
import { PortalApi } from '../support/portal-api';
import { PurchasePage } from '../support/purchase-page';
import { serverNow } from '../support/server-clock';
import { CLICK_PATHS, PURCHASE_PATHS, TRADING_PATHS, pathTo } from '@klik/api';

const EXECUTE = PURCHASE_PATHS.execute;

/** What the specs read of a click (ClickDetail). */
interface MadeClick {
  id: number;
  customerId: number;
  contractId: string;
  maturity: string;
  yearOfSupply: number;
}

test('an instance is killed mid-journey: browsers reconnect, catch up, and the click it was confirming is made once', async ({
  browser,
  playwright,
  request,
}) => {
  const instances = await liveInstances();
  expect(instances.length, 'instances running').toBeGreaterThan(1);
  const browsings: Browsing[] = [];
  const admin = await PortalApi.signIn(playwright, clusterURL, 'admin');
  const customerApi = await PortalApi.signIn(playwright, clusterURL, 'customer');
  try {
    // Three browsers on the same customer's dashboard; the first one clicks.
    for (const username of ['customer', 'viewer', 'consultant']) {
      browsings.push(await signedInBrowser(browser, username, { tolerateLostInstance: true }));
    }
    await dashboardsLive(browsings);
    const customer = browsings[0]!;
    const purchase = new PurchasePage(customer.page);

    // The instance to kill holds the most of these browsers' websockets (those of earlier
    // specs' browsers are gone first, so every one counted is one of these three).
    const counts = () => Promise.all(instances.map(websocketCount));
    await expect
      .poll(async () => (await counts()).reduce((sum, count) => sum + count, 0))
      .toBe(browsings.length);
    const sockets = await counts();
    const victim = instances[sockets.indexOf(Math.max(...sockets))]!;

    // The first contract's first year's price, as every browser shows it.
    const yearPrice = await firstYearPrice(customer.page);
    const priceOf = yearPrice.on;
    for (const browsing of browsings) await expect(priceOf(browsing)).not.toContainText('87,65');

    // The customer goes to the confirmation of a quarter.
    const quarter = await purchase.startFirstQuarter(2027, '25');
    expect(quarter, 'a clickable quarter (CLOCK_START inside the window)').toBeTruthy();
    const period = `${quarter!.maturity}-${quarter!.year}`;
    await expect(purchase.confirmButton()).toBeEnabled();

    // A browser whose websocket was on the victim stays offline once it lost it, so what happens
    // next surely happens while it is disconnected; it comes back online below.
    const cutOff = new Set<Browsing>();
    for (const browsing of browsings) {
      browsing.sockets.at(-1)!.on('close', () => {
        cutOff.add(browsing);
        void browsing.context.setOffline(true);
      });
    }

    // The confirmation reaches the victim, which makes the click and dies before it answers.
    let made: MadeClick | null = null;
    await customer.page.route(`**${EXECUTE}`, async (route) => {
      const answer = await route.fetch({ url: `${victim.url}${EXECUTE}` });
      expect(answer.ok(), `the click on ${victim.name}: ${answer.status()}`).toBe(true);
      made = ((await answer.json()) as { click: MadeClick }).click;
      await killInstance(victim);
      await route.abort('connectionreset');
    });
    await purchase.confirmButton().click();
    // The customer reads that the confirmation may not have arrived, and may try again.
    await expect(customer.page.getByTestId('confirm-failed')).toContainText(
      'Probeer het opnieuw: er wordt nooit twee keer geklikt.',
    );
    await customer.page.unroute(`**${EXECUTE}`);
    expect(made, 'the click the victim made').not.toBeNull();
    await expect
      .poll(() => cutOff.size, 'browsers whose websocket was on the victim')
      .toBe(sockets[instances.indexOf(victim)]);

    // Meanwhile, through HAProxy: a new price and a pause.
    await pushPrices([yearPrice.push('87.6543', await serverNow(request))], clusterURL);
    await admin.call('PUT', TRADING_PATHS.status, { pauzeActive: true });

    // The browsers cut off were disconnected all that time; back online, they reconnect to the
    // instances left, and every browser shows what happened.
    for (const browsing of cutOff) {
      await expect(browsing.page.getByTestId('live-indicator')).not.toHaveAttribute(
        'data-state',
        'open',
      );
      await browsing.context.setOffline(false);
    }
    for (const browsing of browsings) {
      await expect(browsing.page.getByTestId('live-indicator')).toHaveAttribute(
        'data-state',
        'open',
      );
    }
    for (const browsing of browsings.slice(1)) {
      await expect(priceOf(browsing)).toContainText('87,65');
      await expect(browsing.page.getByTestId('pause-banner')).toBeVisible();
    }

    // The customer tries again: the same idempotency key answers the click the victim made,
    // paused or not, and the customer sees it.
    const retried = customer.page.waitForResponse(
      (response) => new URL(response.url()).pathname === EXECUTE,
    );
    await purchase.confirmButton().click();
    const answer = await retried;
    expect(answer.ok(), `the retry: ${answer.status()}`).toBe(true);
    expect(((await answer.json()) as { click: MadeClick }).click.id).toBe(made!.id);
    await expect(purchase.result()).toHaveAttribute('data-status', /IN_PROGRESS|COMPLETED/);

    await admin.call('PUT', TRADING_PATHS.status, { pauzeActive: false });
    // One click for that quarter, not two: the customer's overview lists the click the victim
    // made, and no click on that quarter came after it.
    await customer.page.getByTestId('to-overview').click();
    await expect(customer.page.getByTestId(`click-row-${made!.id}`)).toHaveAttribute(
      'data-period',
      period,
    );
    const { data: clicks } = await customerApi.call<{ data: MadeClick[] }>(
      'GET',
      pathTo(CLICK_PATHS.list, { customerId: made!.customerId }),
    );
    const since = clicks.filter(
      (click) =>
        click.id >= made!.id &&
        click.contractId === quarter!.contractId &&
        `${click.maturity}-${click.yearOfSupply}` === period,
    );
    expect(since.map((click) => click.id)).toEqual([made!.id]);

    // The journey goes on on the instances left: the dashboard, live, with the new price.
    await customer.page
      .getByRole('navigation', { name: 'Hoofdmenu' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    const dashboard = new DashboardPage(customer.page);
    await dashboard.loaded();
    await dashboard.live();
    await expect(priceOf(customer)).toContainText('87,65');
  } finally {
    await admin.call('PUT', TRADING_PATHS.status, { pauzeActive: false }).catch(() => {});
    await admin.dispose();
    await customerApi.dispose();
    await closeBrowsers(browsings);
  }
});
