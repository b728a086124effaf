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

  /** The OTC / ICE Endex switch above a grid (absent on an OTC-only contract). */
  marketSwitch(grid: Locator): Locator {
    return grid.getByRole('radiogroup', { name: /^(Prijzen van markt|Prices of market)/ });
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
    // After a full page load the screen comes after the app, the session check and its lazy
    // route; on a busy machine that alone can take longer than one expect's 10 s.
    await expect(this.page.getByTestId('screen-dashboard')).toBeVisible({ timeout: 30_000 });
    // The contracts' first answer, too, can take longer than 10 s on a busy machine.
    await expect(this.page.getByTestId('positions')).toBeVisible({ timeout: 30_000 });
    await expect(this.page.getByTestId('positions-cached')).toHaveCount(0, { timeout: 30_000 });
    await this.scrollThrough();
  }

  /**
   * Scrolls every contract into view, as a user reading the whole dashboard does: a card draws
   * its years and grid only once it comes near the screen (all but the first), and its charts
   * once they do. Back at
   * the top afterwards, where the user started.
   */
  async scrollThrough(): Promise<void> {
    for (const contract of await this.contracts().all()) {
      await contract.scrollIntoViewIfNeeded();
      // A card's body comes near first, then its charts below the grid: each placeholder is
      // scrolled to until none is left.
      const pending = contract.locator('[data-testid^="contract-pending-"]');
      await expect(async () => {
        if ((await pending.count()) > 0) {
          await pending.first().scrollIntoViewIfNeeded({ timeout: 2_000 });
        }
        expect(await pending.count()).toBe(0);
      }).toPass({ timeout: 30_000 });
    }
    await this.page.evaluate(() => window.scrollTo(0, 0));
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
