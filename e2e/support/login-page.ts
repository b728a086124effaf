import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-accounts';

/** The login screen as a user sees it. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  async open(query = ''): Promise<void> {
    await this.page.goto(`/login${query}`);
    await expect(this.page.getByTestId('login-form')).toBeVisible();
  }

  async switchLocale(locale: 'nl' | 'en'): Promise<void> {
    await this.page.getByTestId(`locale-${locale}`).click();
  }

  async signIn(username: string, password = DEMO_PASSWORD): Promise<void> {
    const form = this.page.getByTestId('login-form');
    await form.getByLabel(/Gebruikersnaam|Username/).fill(username);
    await form.getByLabel(/Wachtwoord|Password/).fill(password);
    await this.page.getByTestId('login-submit').click();
  }

  error() {
    return this.page.getByTestId('login-error');
  }
}
