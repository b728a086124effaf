import { test as base, expect } from '@playwright/test';
import { LoginPage } from './login-page';
import { PURCHASE_PATHS } from '@klik/api';

// A refused request (wrong password, 403) is part of the scenario, and so is a websocket refused
// for a session that was just ended (switching users): the test asserts what the page shows.
const EXPECTED_REFUSAL =
  /Failed to load resource: the server responded with a status of 4\d\d|WebSocket connection to '[^']+' failed: HTTP Authentication failed/;

/** The portal's click desk, held by a test so an in-progress click stays in progress. */
export interface ClickDeskControl {
  hold: () => Promise<void>;
  release: () => Promise<void>;
}

export const test = base.extend<{
  loginPage: LoginPage;
  pageErrors: string[];
  clickDesk: ClickDeskControl;
}>({
  // A browser test fails when the page logs an error: a broken screen must not pass quietly.
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error' && !EXPECTED_REFUSAL.test(message.text())) {
          errors.push(message.text());
        }
      });
      await use(errors);
      expect(errors, 'errors logged by the page').toEqual([]);
    },
    { auto: true },
  ],
  loginPage: async ({ page }, use) => {
    await use(new LoginPage(page));
  },
  // CLICK_DESK_TEST_CONTROL (playwright.config.ts); released whatever the test's outcome, so a
  // failing test cannot leave the next one's clicks in progress.
  clickDesk: async ({ playwright, baseURL }, use) => {
    const set = async (held: boolean) => {
      // A context of its own a call: a kept XSRF cookie would make the next call need its header.
      const request = await playwright.request.newContext({ baseURL });
      const answer = await request.put(PURCHASE_PATHS.devClickDesk, { data: { held } });
      expect(answer.ok(), 'the click desk control answers').toBe(true);
      await request.dispose();
    };
    await use({ hold: () => set(true), release: () => set(false) });
    await set(false);
  },
});

export { expect };
