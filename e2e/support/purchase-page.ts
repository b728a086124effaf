import { expect, type Locator, type Page } from '@playwright/test';
import { PURCHASE_PATHS } from '@klik/api';

const QUARTER_LINK = /^click-(.+)-(\d{4})-(Q[1-4])$/;

export interface ClickablePosition {
  contractId: string;
  year: number;
  maturity: string;
  link: Locator;
}

/** The purchase screens (start, configure, confirm) and what leads to them. */
export class PurchasePage {
  constructor(private readonly page: Page) {}

  /** The clickable quarters of a year on the dashboard, in grid order (the year's tabs opened). */
  async clickableQuarters(year: number): Promise<ClickablePosition[]> {
    const tabs = this.page.locator(`[data-testid^="year-tab-"][data-testid$="-${year}"]`);
    for (const tab of await tabs.all()) await tab.click();
    const links = this.page.locator('a[data-testid^="click-"]');
    const ids = await links.evaluateAll((anchors) =>
      anchors.map((anchor) => anchor.getAttribute('data-testid') ?? ''),
    );
    return ids.flatMap((id) => {
      const match = QUARTER_LINK.exec(id);
      if (!match) return [];
      return [
        {
          contractId: match[1]!,
          year: Number(match[2]),
          maturity: match[3]!,
          link: this.page.getByTestId(id),
        },
      ];
    });
  }

  /** From the start screen (position chosen) through the share to the confirmation. */
  async configurePercentage(
    percentage: string,
    onConfigure: () => Promise<void> = async () => {},
  ): Promise<void> {
    await expect(this.page.getByTestId('screen-startpurchase')).toBeVisible();
    await this.page.getByTestId('start-next').click();
    await expect(this.page.getByTestId('screen-configurepurchase')).toBeVisible();
    await this.page.getByTestId('share-percentage').fill(percentage);
    await expect(this.page.getByTestId('preview-total')).not.toHaveText('–');
    await onConfigure();
    await this.page.getByTestId('configure-next').click();
    await expect(this.page.getByTestId('screen-confirmpurchase')).toBeVisible();
    await expect(this.page.getByTestId('quote-countdown')).toBeVisible();
  }

  /** Ticks the terms when the confirmation asks for them. */
  async acceptTermsIfAsked(): Promise<void> {
    const terms = this.page.getByTestId('terms-accept');
    if (await terms.count()) await terms.check();
  }

  confirmButton(): Locator {
    return this.page.getByTestId('confirm-purchase');
  }

  result(): Locator {
    return this.page.getByTestId('purchase-result');
  }

  /** Chooses a customer in the header by its name. */
  async selectCustomer(name: string): Promise<void> {
    await this.page.getByTestId('customer-select').selectOption({ label: name });
  }

  /** Opens a customer's first clickable quarter of a year and goes on to the confirmation. */
  async startFirstQuarter(year: number, percentage: string): Promise<ClickablePosition | null> {
    const [quarter] = await this.clickableQuarters(year);
    if (!quarter) return null;
    await quarter.link.click();
    await this.configurePercentage(percentage);
    await this.acceptTermsIfAsked();
    return quarter;
  }

  /** The code the development SMS gateway sent last (SMS_DEV_OUTBOX). */
  /**
   * Leaves the click flow for the dashboard, which gives the open quote up, and waits for that: a
   * user holds one quote at a time, so a quote left open would make the next spec's click of this
   * user "another click in progress" for its five minutes.
   */
  async leaveFlow(): Promise<void> {
    const givenUp = this.page.waitForResponse(
      (answer) =>
        answer.request().method() === 'DELETE' &&
        new URL(answer.url()).pathname.startsWith(
          PURCHASE_PATHS.cancelQuote.replace(':quoteId', ''),
        ),
    );
    // The header's brand leads to the dashboard at every width (a phone's menu is behind a burger).
    await this.page.getByRole('banner').getByRole('link', { name: 'Klik', exact: true }).click();
    expect((await givenUp).ok(), 'the open quote is given up').toBe(true);
  }

  async lastSmsCode(): Promise<string> {
    const response = await this.page.request.get(PURCHASE_PATHS.devSmsOutbox);
    expect(response.ok()).toBe(true);
    const sent = (await response.json()) as { text: string }[];
    const code = /\b(\d{6})\b/.exec(sent.at(-1)?.text ?? '')?.[1];
    if (!code) throw new Error('No code in the SMS outbox');
    return code;
  }
}
