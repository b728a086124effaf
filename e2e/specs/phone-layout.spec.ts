import { expect, type Page } from '@playwright/test';
import { test } from '../support/fixtures';
import { PurchasePage } from '../support/purchase-page';

/**
 * The customer's screens on a phone (390 px): nothing scrolls sideways except a table inside its
 * own focusable region (TableRegion). The dashboard and the results have their own phone checks.
 */
const CUSTOMER_SCREENS = [
  'clickoverview',
  'clickcounter',
  'notificaties',
  'myinfo',
  'deadlines',
  'budget',
  'hedgepolicy',
  'pricealerts',
  'standingorders',
  'help',
] as const;

/** A quarter of the demo customer that is clickable at the portal's clock (CLOCK_START). */
const CLICKABLE_QUARTER = '/startpurchase/KL-270001/2027/Q1';

/** The page's width beyond the screen, and the first elements that stick out when there is any. */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const widerThanScreen = Array.from(document.querySelectorAll('body *'))
      .filter((element) => {
        // What lies inside a scrolling region scrolls there, not the page.
        if (element.closest('.klik-table-scroll')) return false;
        return element.getBoundingClientRect().right > root.clientWidth + 1;
      })
      .slice(0, 5)
      .map((element) => {
        const id = element.getAttribute('data-testid');
        return `${element.tagName.toLowerCase()}${id ? `[${id}]` : ''}.${element.className}`;
      });
    return { extra: root.scrollWidth - root.clientWidth, widerThanScreen };
  });
}

/**
 * Opens a screen the way the menu's links do, without reloading the portal: a reload per screen
 * takes seconds on a busy machine, and the layout is the same.
 */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** Soft: one run names every screen that scrolls sideways, not only the first. */
async function expectNoSidewaysScrolling(page: Page, screen: string) {
  // A loading line is narrower than the screen it stands for: measure the loaded screen.
  await expect(page.locator('main .mantine-Loader')).toHaveCount(0);
  expect
    .soft(await sidewaysOverflow(page), `${screen} scrolls sideways`)
    .toEqual({ extra: 0, widerThanScreen: [] });
}

test.use({ viewport: { width: 390, height: 844 } });

test('the customer goes through every own screen and the click flow on a phone without sideways scrolling', async ({
  page,
  loginPage,
}) => {
  // Ten screens and the click flow; a busy machine needs more than the default 60 s.
  test.setTimeout(120_000);
  const purchase = new PurchasePage(page);
  // The portal's first load on a busy machine can take longer than one expect's 10 s.
  await page.goto(`/login?returnUrl=${encodeURIComponent('/clickoverview')}`);
  await expect(page.getByTestId('login-form')).toBeVisible({ timeout: 30_000 });
  await expectNoSidewaysScrolling(page, 'login');
  // The deployment's brand: its title in the tab and a favicon that loads.
  const env = (await (await page.request.get('/env.json')).json()) as { title: string };
  await expect(page).toHaveTitle(new RegExp(`^${env.title}`));
  const favicon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect((await page.request.get(favicon!)).ok(), 'the favicon loads').toBe(true);
  await loginPage.signIn('customer');
  await expect(page.getByTestId('screen-clickoverview')).toBeVisible({ timeout: 30_000 });

  for (const screen of CUSTOMER_SCREENS) {
    if (screen !== 'clickoverview') await navigateInApp(page, `/${screen}`);
    await expect(page.locator('main h1')).toBeVisible({ timeout: 20_000 });
    await expectNoSidewaysScrolling(page, screen);
  }

  // The click flow, one column: the share, then the price with its total above the actions.
  await navigateInApp(page, CLICKABLE_QUARTER);
  await expect(page.getByTestId('screen-startpurchase')).toBeVisible();
  await expectNoSidewaysScrolling(page, 'startpurchase');
  await page.getByTestId('start-next').click();
  await expect(page.getByTestId('screen-configurepurchase')).toBeVisible();
  await page.getByTestId('share-percentage').fill('25');
  await expect(page.getByTestId('preview-summary')).not.toHaveText(/–/);
  const field = await page.getByTestId('share-percentage').boundingBox();
  expect(field!.width, 'the share field takes the full width').toBeGreaterThan(300);
  await expectNoSidewaysScrolling(page, 'configurepurchase');
  await page.getByTestId('configure-next').click();
  await expect(page.getByTestId('screen-confirmpurchase')).toBeVisible();
  await expect(page.getByTestId('quote-countdown')).toBeVisible();
  await expectNoSidewaysScrolling(page, 'confirmpurchase');
  await purchase.confirmButton().scrollIntoViewIfNeeded();
  const total = await page.getByTestId('quote-summary').boundingBox();
  const confirm = await purchase.confirmButton().boundingBox();
  expect(confirm!.y, 'the total stands above the confirm button').toBeGreaterThan(total!.y);
  expect(confirm!.x + confirm!.width, 'the confirm button lies on the screen').toBeLessThanOrEqual(
    390,
  );
  await purchase.leaveFlow();
});
