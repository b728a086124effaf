import { createHash } from 'node:crypto';
import type { Quote } from '@klik/api';
import {
  amsterdamDate,
  lapseByTime,
  periodDeadline,
  quoteMeetsTrigger,
  refusalOutcome,
  weightedAveragePrice,
  worthQuoting,
  type StandingOrderLapseReason,
} from '@klik/domain';
import type { Db } from '../../db/database';
import { AppError } from '../../kernel/http/app-error';
import { writeAudit } from '../../kernel/audit/audit-log';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { marketProductsOfContracts } from '../../kernel/pricing/margin-pricing';
import type { PriceWatcher, WatchedPrice } from '../market/price-watch';
import { notify } from '../notifications/notify';
import type { PurchaseService } from '../purchase/purchase.service';
import {
  activeOrdersEndedBefore,
  activeOrdersOn,
  endOrder,
  markExecuted,
  recordCheck,
  setWaitingReason,
  type StandingOrderRow,
} from './standing-orders.repository';
import { LOCK_KEYS } from '../../kernel/jobs/lock-keys';
import { findUserById } from '../../kernel/users/user-store';
import { enqueueWebhook } from '../../kernel/webhooks/enqueue-webhook';

/**
 * The idempotency key of an order's click: a UUID (the click path's key type) derived from the
 * order's id alone, so every attempt, retry, replay and instance confirms with the same key and
 * the unique index clicks(created_by, idempotency_key) lets at most one click exist for it.
 */
export function idempotencyKeyOf(orderId: number): string {
  const hex = createHash('sha256').update(`standing-order-${orderId}`).digest('hex');
  // Shaped as a name-based UUID (version 5 bits, RFC 4122 variant).
  const variant = ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

export type AttemptOutcome = 'executed' | 'not-met' | 'skipped' | 'waiting' | 'lapsed' | 'ended';

/**
 * How long the prices of a quote that missed an order spare it further quotes on prices no better:
 * a margin scenario or the contract may change meanwhile, so after this it is quoted again.
 */
export const CHECK_HOLDS_MS = 15 * 60_000;

export interface StandingOrderWatcherDeps {
  db: Db;
  /** The click path a person's click takes: every rule, four-eyes and exactly once. */
  purchase: Pick<PurchaseService, 'quote' | 'execute' | 'cancelQuote'>;
  flushEvents: () => Promise<void>;
  log: { error: (details: object, message: string) => void };
  /** How many contracts are worked on at once (orders of one contract go one after another). */
  concurrency?: number;
}

interface Candidate {
  order: StandingOrderRow;
  /** The newest price of the batch that concerns the order. */
  price: WatchedPrice;
}

const keyOf = (p: { yearOfSupply: number; maturity: string; market: string }, product: string) =>
  `${product}|${p.yearOfSupply}|${p.maturity}|${p.market}`;

/**
 * Executes standing orders when a price that enters the portal meets them
 * (docs/standing-orders.md), on the one instance that holds LOCK_KEYS.standingOrders. For each
 * active order on a position priced by a new price it makes a quote for the order's creator
 * through the purchase service, and confirms it when the quote's click price meets the limit or
 * the stop, with the order's own idempotency key; the order is marked executed in the click's
 * transaction. A refusal makes the order wait (the reason kept) or lapse (with a notification).
 */
export class StandingOrderWatcher implements PriceWatcher {
  readonly name = 'standing-orders';
  readonly lockKey = LOCK_KEYS.standingOrders;

  constructor(private readonly deps: StandingOrderWatcherDeps) {}

  async handle(prices: readonly WatchedPrice[], now: Date): Promise<void> {
    await this.#lapseOutdated(now);
    const candidates = await this.#candidates(prices);
    // Orders of one contract one after another (they meet at its lock anyway); contracts side by side.
    const byContract = new Map<number, Candidate[]>();
    for (const candidate of candidates) {
      const list = byContract.get(candidate.order.contract_id) ?? [];
      list.push(candidate);
      byContract.set(candidate.order.contract_id, list);
    }
    const queue = [...byContract.values()];
    const users = new Map<number, Promise<AuthContext | null>>();
    const worker = async () => {
      for (let group = queue.shift(); group; group = queue.shift()) {
        for (const { order, price } of group) {
          let auth = users.get(order.created_by);
          if (!auth) {
            auth = this.#creatorOf(order.created_by);
            users.set(order.created_by, auth);
          }
          try {
            await this.attempt(order, price, await auth, now);
          } catch (error) {
            // One order's failure (a lost connection, a bug) must not hold every other order
            // back: it is logged and the order tries again on its position's next price.
            this.deps.log.error({ err: error, orderId: order.id }, 'standing order not tried');
          }
        }
      }
    };
    await Promise.all(
      Array.from({ length: Math.max(1, this.deps.concurrency ?? 4) }, () => worker()),
    );
    await this.deps.flushEvents();
  }

  /** The active orders a batch concerns, each with the newest price of its position. */
  async #candidates(prices: readonly WatchedPrice[]): Promise<Candidate[]> {
    const { db } = this.deps;
    const newest = new Map<string, WatchedPrice>();
    for (const price of prices) newest.set(keyOf(price, price.product), price);
    if (newest.size === 0) return [];
    const positions = new Map<string, WatchedPrice>();
    for (const price of newest.values()) positions.set(keyOf(price, ''), price);
    const orders = await activeOrdersOn(db, [...positions.values()]);
    if (orders.length === 0) return [];
    const productsOf = await marketProductsOfContracts(db, orders);
    const candidates: Candidate[] = [];
    for (const order of orders) {
      // The market product of each part comes from the pricing IDs (docs/margins.md).
      const products = Object.values(productsOf(order));
      const matching = products
        .map((product) =>
          newest.get(
            keyOf(
              {
                yearOfSupply: order.year_of_supply,
                maturity: order.maturity,
                market: order.market,
              },
              product,
            ),
          ),
        )
        .filter((price): price is WatchedPrice => price !== undefined);
      const price = matching.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? 1 : -1))[0];
      if (price) candidates.push({ order, price });
    }
    return candidates;
  }

  /** Orders whose own last day is over lapse without waiting for a price of their position. */
  async #lapseOutdated(now: Date): Promise<void> {
    for (const order of await activeOrdersEndedBefore(this.deps.db, amsterdamDate(now))) {
      await this.#lapse(order, 'EXPIRED', now);
    }
  }

  /** The order's creator as the click path sees a signed-in user; null: no longer active. */
  async #creatorOf(userId: number): Promise<AuthContext | null> {
    const user = await findUserById(this.deps.db, userId);
    if (!user || user.disabled) return null;
    return {
      // The order's clicks belong to no session: the quote records none.
      sessionId: 0,
      tokenHash: '',
      user: {
        id: user.id,
        username: user.username,
        name: user.name,
        role: user.role,
        locale: user.locale === 'en' ? 'en' : 'nl',
        readOnly: user.read_only,
        allowTPIPage: user.allow_tpi_page,
        clickAuthorized: user.click_authorized,
        manageUsers: user.manage_users,
        mustChangePassword: false,
      },
      impersonator: null,
    };
  }

  /**
   * One try of one order on one price: lapse when it ran out, else quote, and confirm when the
   * quote's click price meets it. Safe to repeat: an executed order is no longer active, and a
   * second confirmation with its key makes no second click.
   */
  async attempt(
    order: StandingOrderRow,
    price: WatchedPrice,
    auth: AuthContext | null,
    now: Date,
  ): Promise<AttemptOutcome> {
    const { purchase } = this.deps;
    const period = { maturity: order.maturity, yearOfSupply: order.year_of_supply };
    const ranOut = lapseByTime(
      { validUntil: order.valid_until },
      periodDeadline(period, undefined, order.deadline_rule).closesAt,
      now,
    );
    if (ranOut) return this.#lapse(order, ranOut, now);
    if (!auth) return this.#lapse(order, 'NO_ACCESS', now);
    const trigger = { limit: order.limit_price, stop: order.stop_price };
    // A price no better than at the last quote that missed cannot meet it: no quote (and no audit
    // rows) on every tick for orders far from their threshold. A waiting order always tries.
    if (
      order.waiting_reason === null &&
      order.checked_at !== null &&
      now.getTime() - new Date(order.checked_at).getTime() < CHECK_HOLDS_MS &&
      !worthQuoting(trigger, order.checked_prices?.[price.product], price.price)
    ) {
      return 'skipped';
    }
    const origin = { standingOrderId: order.id };
    let quote: Quote;
    try {
      quote = await purchase.quote(
        auth,
        {
          customerId: order.customer_id,
          contractId: order.public_contract_id,
          yearOfSupply: order.year_of_supply,
          maturity: order.maturity,
          market: order.market,
          ...(order.percentage !== null
            ? { percentage: order.percentage }
            : { volumes: order.volumes ?? {} }),
        },
        null,
        new Set(),
        origin,
      );
    } catch (error) {
      return this.#refused(order, error, now);
    }
    const met = quoteMeetsTrigger(trigger, quote.parts);
    if (met === null) {
      await this.#giveUp(auth, quote.quoteId);
      const checked: Record<string, string> = {};
      for (const part of quote.parts) {
        if (part.marketProduct) checked[part.marketProduct] = part.marketPrice;
      }
      await recordCheck(this.deps.db, order.id, checked, now);
      return 'not-met';
    }
    const clickPrice =
      weightedAveragePrice(
        quote.parts.map((part) => ({ volume: part.volume, price: part.clickPrice })),
      ) ?? '0';
    try {
      await purchase.execute(
        auth,
        { quoteId: quote.quoteId, idempotencyKey: idempotencyKeyOf(order.id) },
        null,
        {
          standingOrderId: order.id,
          onClick: async (trx, clickId, at) => {
            const marked = await markExecuted(trx, order.id, {
              clickId,
              quoteId: quote.quoteId,
              at,
              triggeredBy: met,
              clickPrice,
              marketPrice: price.price,
              priceId: price.id,
            });
            // Cancelled (or ended) since it was read: the click is undone with this transaction.
            if (!marked) throw new AppError('STANDING_ORDER_NOT_ACTIVE');
            await this.#recordExecution(trx, order, { clickId, quote, met, clickPrice, price, at });
          },
        },
      );
      return 'executed';
    } catch (error) {
      await this.#giveUp(auth, quote.quoteId);
      return this.#refused(order, error, now);
    }
  }

  async #recordExecution(
    trx: Db,
    order: StandingOrderRow,
    e: {
      clickId: number;
      quote: Quote;
      met: 'LIMIT' | 'STOP';
      clickPrice: string;
      price: WatchedPrice;
      at: Date;
    },
  ): Promise<void> {
    await writeAudit(trx, {
      actor: null,
      impersonator: null,
      at: e.at,
      action: 'standingOrder.execute',
      outcome: 'success',
      subject: `standingOrder:${order.id}`,
      customerIds: [order.customer_id],
      details: {
        contractId: order.public_contract_id,
        createdBy: order.created_by,
        triggeredBy: e.met,
        limitPrice: order.limit_price,
        stopPrice: order.stop_price,
        clickPrice: e.clickPrice,
        priceId: e.price.id,
        marketProduct: e.price.product,
        marketPrice: e.price.price,
        pricedAt: e.price.at.toISOString(),
        quoteId: e.quote.quoteId,
        clickId: e.clickId,
      },
      ip: null,
    });
    await notify(trx, {
      kind: 'STANDING_ORDER_EXECUTED',
      to: { customerId: order.customer_id, alsoUserIds: [order.created_by] },
      at: e.at,
      customerId: order.customer_id,
      clickId: e.clickId,
      contractId: order.public_contract_id,
      params: {
        contractId: order.public_contract_id,
        yearOfSupply: order.year_of_supply,
        maturity: order.maturity,
        clickId: e.clickId,
        clickPrice: e.clickPrice,
        orderId: order.id,
      },
    });
    // In the click's transaction: its trigger and its result, heard only if the click stands.
    const about = {
      orderId: order.id,
      contractId: order.public_contract_id,
      yearOfSupply: order.year_of_supply,
      maturity: order.maturity,
    };
    await enqueueWebhook(trx, {
      customerId: order.customer_id,
      type: 'standing_order.triggered',
      data: {
        ...about,
        triggeredBy: e.met,
        limitPrice: order.limit_price,
        stopPrice: order.stop_price,
        marketProduct: e.price.product,
        marketPrice: e.price.price,
        pricedAt: e.price.at.toISOString(),
      },
      at: e.at,
    });
    await enqueueWebhook(trx, {
      customerId: order.customer_id,
      type: 'standing_order.result',
      data: { ...about, outcome: 'EXECUTED', clickId: e.clickId, clickPrice: e.clickPrice },
      at: e.at,
    });
  }

  /** A quote the order did not confirm no longer stands. */
  async #giveUp(auth: AuthContext, quoteId: string): Promise<void> {
    try {
      await this.deps.purchase.cancelQuote(auth, quoteId, null);
    } catch (error) {
      this.deps.log.error({ err: error, quoteId }, 'standing order quote not given up');
    }
  }

  async #refused(order: StandingOrderRow, error: unknown, now: Date): Promise<AttemptOutcome> {
    if (!(error instanceof AppError)) throw error;
    // Ended meanwhile, or its click exists already (made by an earlier try): nothing to do.
    if (error.code === 'STANDING_ORDER_NOT_ACTIVE' || error.code === 'IDEMPOTENCY_KEY_REUSED') {
      return 'ended';
    }
    const outcome = refusalOutcome(error.code);
    if (outcome.kind === 'lapse') return this.#lapse(order, outcome.reason, now);
    await setWaitingReason(this.deps.db, order.id, outcome.reason);
    return 'waiting';
  }

  async #lapse(
    order: StandingOrderRow,
    reason: StandingOrderLapseReason,
    at: Date,
  ): Promise<AttemptOutcome> {
    await this.deps.db.transaction().execute(async (trx) => {
      if (
        !(await endOrder(trx, order.id, { status: 'LAPSED', at, by: null, lapseReason: reason }))
      ) {
        return;
      }
      await writeAudit(trx, {
        actor: null,
        impersonator: null,
        at,
        action: 'standingOrder.lapse',
        outcome: 'success',
        subject: `standingOrder:${order.id}`,
        customerIds: [order.customer_id],
        details: { contractId: order.public_contract_id, reason },
        ip: null,
      });
      await notify(trx, {
        kind: 'STANDING_ORDER_LAPSED',
        to: { customerId: order.customer_id, alsoUserIds: [order.created_by] },
        at,
        customerId: order.customer_id,
        contractId: order.public_contract_id,
        params: {
          contractId: order.public_contract_id,
          yearOfSupply: order.year_of_supply,
          maturity: order.maturity,
          reason,
          orderId: order.id,
        },
      });
      await enqueueWebhook(trx, {
        customerId: order.customer_id,
        type: 'standing_order.result',
        data: {
          orderId: order.id,
          contractId: order.public_contract_id,
          yearOfSupply: order.year_of_supply,
          maturity: order.maturity,
          outcome: 'LAPSED',
          reason,
        },
        at,
      });
    });
    return 'lapsed';
  }
}
