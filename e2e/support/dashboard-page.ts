import { expect, type Locator, type Page, type Response } from '@playwright/test';

const CONTRACT_DATA = /\/rest\/dashboardContractData\/(\d+)$/;

/** The dashboard with its positions, as a customer sees it. */
export class DashboardPage {
  constructor(private readonly page: Page) {}

  contracts(): Locator {
    return this.page.locator('article[data-testid^="contract-"]');
  }

  grids(): Locator {
    return this.page.locator('[data-testid^="grid-"]');
  }

  reasons(): Locator {
    return this.page.locator('[data-testid^="reason-"]');
  }

  clickLinks(): Locator {
    return this.page.locator('a[data-testid^="click-"]');
  }

  customerSelect(): Locator {
    return this.page.getByTestId('customer-select');
  }

  dashboardSelect(): Locator {
    return this.page.getByTestId('dashboard-select');
  }

  filter(): Locator {
    return this.page.getByRole('navigation', {
      name: /Filter op energiesoort|Filter by commodity/,
    });
  }

  /** Waits until the positions of the selected dashboard are on screen (not the stored copy). */
  async loaded(): Promise<void> {
    await expect(this.page.getByTestId('screen-dashboard')).toBeVisible();
    await expect(this.page.getByTestId('positions')).toBeVisible();
    await expect(this.page.getByTestId('positions-cached')).toHaveCount(0);
  }

  /**
   * The header says the prices are live, and the catch-up fetch of the first connection is done:
   * from here on a change reaches the screen as an event, without a reload.
   */
  async live(): Promise<void> {
    await expect(this.page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'open');
    await this.page.waitForLoadState('networkidle');
  }

  /** The next answer with a dashboard's contract data. */
  contractDataResponse(): Promise<Response> {
    return this.page.waitForResponse((response) =>
      CONTRACT_DATA.test(new URL(response.url()).pathname),
    );
  }

  async optionValues(select: Locator): Promise<string[]> {
    return select
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  }
}

export function dashboardIdOf(response: Response): number {
  return Number(CONTRACT_DATA.exec(new URL(response.url()).pathname)?.[1]);
}
