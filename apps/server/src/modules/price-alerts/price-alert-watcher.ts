import { amsterdamDate, OTC_PRICE_CEILING, stepPriceAlert, toDec } from '@klik/domain';
import type { Db } from '../../db/database';
import { writeAudit } from '../../kernel/audit/audit-log';
import { marketProductsOfProducts } from '../../kernel/pricing/margin-pricing';
import type { PriceWatcher, WatchedPrice } from '../market/price-watch';
import { notify } from '../notifications/notify';
import {
  alertRecipients,
  liveAlertsForYears,
  recordAlertOutcome,
  type StoredAlert,
} from './price-alerts.repository';
import { LOCK_KEYS } from '../../kernel/jobs/lock-keys';
import { enqueueWebhook } from '../../kernel/webhooks/enqueue-webhook';

/** What a batch of prices did to one alert. */
interface AlertOutcome {
  alert: StoredAlert;
  lastMet: boolean | null;
  lastPriceId: string | null;
  fired: WatchedPrice[];
}

/**
 * The prices of a batch that an alert has not seen yet. A batch is handed again when the cursor
 * did not move after its work was committed (a crash, a failed advance); the alert's
 * last_price_id is then one of the batch's prices and everything up to it was already applied.
 */
function unseen(alert: StoredAlert, prices: readonly WatchedPrice[]): readonly WatchedPrice[] {
  if (alert.lastPriceId === null) return prices;
  const seen = prices.findIndex((price) => price.id === alert.lastPriceId);
  return seen === -1 ? prices : prices.slice(seen + 1);
}

/**
 * Steps an alert through its prices (those of its market product, year, maturity and market, in
 * recorded order) and answers what changed: the state to keep, the price that last changed it,
 * and the prices at which it fired - once per crossing (packages/domain price-alert.ts).
 */
export function outcomeOf(
  alert: StoredAlert,
  prices: readonly WatchedPrice[],
): AlertOutcome | null {
  let lastMet = alert.lastMet;
  let lastPriceId = alert.lastPriceId;
  const fired: WatchedPrice[] = [];
  for (const price of unseen(alert, prices)) {
    const step = stepPriceAlert(alert, lastMet, price.price);
    if (step.fires) fired.push(price);
    if (step.met !== lastMet) lastPriceId = price.id;
    lastMet = step.met;
  }
  if (lastMet === alert.lastMet && fired.length === 0) return null;
  return { alert, lastMet, lastPriceId, fired };
}

/**
 * Evaluates every price that enters the portal against the live price alerts, on the one instance
 * that holds LOCK_KEYS.priceAlerts (modules/market/price-watch.ts). An alert compares the market
 * price of its part's market product (the pricing IDs decide which) on its market; the notify and
 * the alert's new state are written in one transaction, so a batch handed again fires nothing
 * twice, and a price that stays beyond the threshold never fires again until it has come back.
 */
export class PriceAlertWatcher implements PriceWatcher {
  readonly name = 'price-alerts';
  readonly lockKey = LOCK_KEYS.priceAlerts;

  constructor(
    private readonly deps: {
      db: Db;
      /** Sends the queued unread counts to the users' browsers after a commit. */
      flushEvents: () => Promise<void>;
    },
  ) {}

  async handle(prices: readonly WatchedPrice[], now: Date): Promise<void> {
    const { db } = this.deps;
    if (prices.length === 0) return;
    // Expired alerts never fire: an alert lives through its expiry day (Amsterdam).
    const alerts = await liveAlertsForYears(
      db,
      prices.map((price) => price.yearOfSupply),
      amsterdamDate(now),
    );
    if (alerts.length === 0) return;
    const productsOf = await marketProductsOfProducts(
      db,
      alerts.map((alert) => alert.product),
    );
    const outcomes: AlertOutcome[] = [];
    for (const alert of alerts) {
      const product = productsOf.get(alert.product)?.[alert.part];
      if (!product) continue;
      const own = prices.filter(
        (price) =>
          // At or above the OTC ceiling a price marks "no offer" (docs/domain.md): not a price.
          toDec(price.price).lt(OTC_PRICE_CEILING) &&
          price.product === product &&
          price.yearOfSupply === alert.yearOfSupply &&
          price.maturity === alert.maturity &&
          price.market === alert.market,
      );
      const outcome = own.length > 0 ? outcomeOf(alert, own) : null;
      if (outcome) outcomes.push(outcome);
    }
    if (outcomes.length === 0) return;
    const fired = await db.transaction().execute(async (trx) => {
      let count = 0;
      for (const outcome of outcomes) count += await this.#apply(trx, outcome, now);
      return count;
    });
    if (fired > 0) await this.deps.flushEvents();
  }

  /** Writes one alert's outcome; answers how many times it fired. */
  async #apply(trx: Db, outcome: AlertOutcome, now: Date): Promise<number> {
    const { alert, fired } = outcome;
    const last = fired.at(-1);
    const updated = await recordAlertOutcome(trx, alert, {
      lastMet: outcome.lastMet,
      lastPriceId: outcome.lastPriceId,
      lastFired: last ? { at: now, price: last.price } : null,
    });
    if (!updated || fired.length === 0) return 0;
    // Recipients who are still users of the customer; disabled users never hear (notify).
    const userIds = await alertRecipients(trx, alert);
    for (const price of fired) {
      await notify(trx, {
        kind: 'PRICE_ALERT',
        to: { userIds },
        at: now,
        customerId: alert.customerId,
        contractId: alert.contractId,
        params: {
          alertId: alert.id,
          contractId: alert.contractId,
          part: alert.part,
          yearOfSupply: alert.yearOfSupply,
          maturity: alert.maturity,
          market: alert.market,
          direction: alert.direction,
          threshold: alert.price,
          alertPrice: price.price,
        },
      });
      await enqueueWebhook(trx, {
        customerId: alert.customerId,
        type: 'price_alert.fired',
        data: {
          alertId: alert.id,
          contractId: alert.contractId,
          part: alert.part,
          yearOfSupply: alert.yearOfSupply,
          maturity: alert.maturity,
          market: alert.market,
          direction: alert.direction,
          threshold: alert.price,
          price: price.price,
        },
        at: now,
      });
      await writeAudit(trx, {
        at: now,
        action: 'priceAlert.fire',
        outcome: 'success',
        subject: `priceAlert:${alert.id}`,
        details: {
          priceId: price.id,
          price: price.price,
          threshold: alert.price,
          direction: alert.direction,
          recipients: userIds,
        },
        customerIds: [alert.customerId],
      });
    }
    return fired.length;
  }
}
