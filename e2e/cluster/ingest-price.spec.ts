import { expect, test } from '@playwright/test';
import {
  closeBrowsers,
  dashboardsLive,
  firstYearPrice,
  liveInstances,
  signedInBrowser,
  websocketCount,
  type Browsing,
} from '../support/cluster';
import { pushPrices } from '../support/market-feed';
import { serverNow } from '../support/server-clock';

test('a price pushed into one instance reaches the dashboards connected to the others', async ({
  browser,
  request,
}) => {
  const instances = await liveInstances();
  expect(instances.length, 'instances running').toBeGreaterThan(1);
  const browsings: Browsing[] = [];
  try {
    // Three users who see the same demo customer, each in a browser of their own.
    for (const username of ['customer', 'viewer', 'consultant']) {
      browsings.push(await signedInBrowser(browser, username));
    }
    await dashboardsLive(browsings);

    // The first contract's first year, as the customer's dashboard shows it.
    const yearPrice = await firstYearPrice(browsings[0]!.page);
    const priceOf = yearPrice.on;
    for (const browsing of browsings) {
      await expect(priceOf(browsing)).toHaveText(/€/);
      await expect(priceOf(browsing)).not.toContainText('98,77');
    }

    // Into the instance with the fewest of these browsers' websockets: the price must cross
    // Redis to reach them.
    const sockets = await Promise.all(instances.map(websocketCount));
    const target = instances[sockets.indexOf(Math.min(...sockets))]!;
    const elsewhere = sockets.reduce((sum, count) => sum + count, 0) - Math.min(...sockets);
    expect(elsewhere, 'websockets on the other instances').toBeGreaterThan(0);
    await pushPrices([yearPrice.push('98.7654', await serverNow(request))], target.url);

    for (const browsing of browsings) await expect(priceOf(browsing)).toHaveText(/98,77/);
  } finally {
    await closeBrowsers(browsings);
  }
});
