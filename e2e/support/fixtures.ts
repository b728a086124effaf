import { test as base, expect } from '@playwright/test';
import { LoginPage } from './login-page';

const EXPECTED_REFUSAL = /Failed to load resource: the server responded with a status of 4\d\d/;

/** A browser test fails when the page logs an error: a broken screen must not pass quietly. */
export const test = base.extend<{ loginPage: LoginPage; pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        // A refused request (wrong password, 403) is part of the scenario; the test asserts what it shows.
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
});

export { expect };
