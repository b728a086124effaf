import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import {
  WS_CLOSE_CODES,
  type MarketProduct,
  type PriceUpdatePayload,
  type TerminateSessionPayload,
  type WsEventName,
} from '@klik/api';
import type { Db } from '../../db/database';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { seesEveryCustomer } from '../../kernel/access/customer-access';
import type { BusEvents, EventBus } from '../../kernel/events/event-bus';
import { sessionValidity } from '../../kernel/sessions/sessions.repository';
import { customerAccessOf } from './realtime.repository';
import { hasSessionExpired } from '../../kernel/sessions/session-open';

export interface RealtimeHubDeps {
  db: Db;
  bus: EventBus;
  now: () => Date;
  session: { idleMinutes: number };
  keepAliveMs: number;
  sessionCheckMs: number;
  log: {
    error: (details: object, message: string) => void;
    warn: (details: object, message: string) => void;
  };
}

interface Client {
  socket: WebSocket;
  sessionId: number;
  userId: number;
  /** Admins (not signed in as someone else) see every customer's clicks. */
  seesAll: boolean;
  /**
   * Admins and account managers (not signed in as someone else): every price and the session
   * count. An account manager's clicks are those of their portfolio.
   */
  staff: boolean;
  customerIds: Set<number>;
  products: Set<MarketProduct>;
  /** Products joined in a fixed order: clients with the same key get the same bytes. */
  productKey: string;
}

// A client that does not read its socket must not make the server hold its messages forever.
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
// How long an instance's last count counts when it stops reporting (it crashed).
const COUNT_STALE_FACTOR = 3;

/** Epoch milliseconds with a fraction, comparable between processes on one machine. */
function preciseNow(): number {
  return performance.timeOrigin + performance.now();
}

function message(name: WsEventName, payload: unknown): Buffer {
  return Buffer.from(JSON.stringify({ name, json: JSON.stringify(payload) }));
}

/**
 * The websockets of this instance. It sends each bus event to the clients that may see it,
 * serialising each distinct message once and sending the same bytes to every receiver.
 */
export class RealtimeHub {
  readonly instanceId = randomBytes(8).toString('hex');
  readonly #clients = new Set<Client>();
  readonly #unsubscribe: (() => void)[] = [];
  /** Last count each instance reported, and when (real time: it ages out crashed instances). */
  readonly #counts = new Map<string, { count: number; seenAt: number }>();
  #lastTotalSent: number | null = null;
  #countTimer: NodeJS.Timeout | null = null;
  #timers: NodeJS.Timeout[] = [];
  #closed = false;

  constructor(private readonly deps: RealtimeHubDeps) {
    const { bus } = deps;
    this.#unsubscribe.push(
      bus.subscribe('priceUpdate', (payload) => this.#onPrices(payload)),
      bus.subscribe('clickUpdate', (payload) => this.#onClick(payload)),
      bus.subscribe('tradingStatusUpdate', (payload) =>
        this.#broadcast(message('tradingStatusUpdate', payload), () => true),
      ),
      bus.subscribe('terminateSession', (payload) => this.#onTerminate(payload)),
      bus.subscribe('sessionCountUpdate', (payload) => this.#onCount(payload)),
      bus.subscribe('notificationUpdate', (payload) => this.#onNotifications(payload)),
      bus.onResubscribed(() => this.#catchUp()),
    );
  }

  /** Starts the keep-alive and the periodic check for expired sessions. */
  start(): void {
    const keepAlive = setInterval(() => this.keepAlive(), this.deps.keepAliveMs);
    const check = setInterval(() => void this.checkSessions(), this.deps.sessionCheckMs);
    keepAlive.unref();
    check.unref();
    this.#timers.push(keepAlive, check);
  }

  /** Connected websockets on this instance. */
  get connectionCount(): number {
    return this.#clients.size;
  }

  /** Distinct sessions connected to this instance. */
  localSessionCount(): number {
    return new Set([...this.#clients].map((client) => client.sessionId)).size;
  }

  /** Connected sessions on every instance, as last reported. */
  totalSessionCount(): number {
    this.#dropStaleCounts();
    let total = 0;
    for (const { count } of this.#counts.values()) total += count;
    return total;
  }

  /** Registers an authenticated websocket and greets it. */
  async attach(socket: WebSocket, auth: AuthContext): Promise<void> {
    const seesAll = seesEveryCustomer(auth.user.role) && auth.impersonator === null;
    // The connected-session count is a monitor figure over every customer: administrators only.
    const staff = auth.user.role === 'admin' && auth.impersonator === null;
    const access = seesAll
      ? { customerIds: new Set<number>(), products: new Set<MarketProduct>() }
      : ((await customerAccessOf(this.deps.db, [auth.user.id])).get(auth.user.id) ?? {
          customerIds: new Set<number>(),
          products: new Set<MarketProduct>(),
        });
    if (socket.readyState !== socket.OPEN) return;
    const client: Client = {
      socket,
      sessionId: auth.sessionId,
      userId: auth.user.id,
      seesAll,
      staff,
      customerIds: access.customerIds,
      products: access.products,
      productKey: staff ? '*' : [...access.products].sort().join(','),
    };
    this.#clients.add(client);
    socket.on('close', () => {
      this.#clients.delete(client);
      this.#scheduleCountReport();
    });
    this.#send(client, message('socketUpdate', { at: this.deps.now().toISOString() }));
    if (staff) {
      this.#send(client, message('sessionCountUpdate', { count: this.totalSessionCount() }));
    }
    this.#scheduleCountReport();
  }

  /** Sends a keep-alive to every client and reports this instance's count again. */
  keepAlive(): void {
    this.#broadcast(message('socketUpdate', { at: this.deps.now().toISOString() }), () => true);
    void this.reportCount();
  }

  /**
   * Closes the websockets of sessions that expired, were revoked or whose user was disabled,
   * and refreshes which customers and products the others see.
   */
  async checkSessions(): Promise<void> {
    if (this.#clients.size === 0) return;
    const clients = [...this.#clients];
    const now = this.deps.now();
    const { idleMinutes } = this.deps.session;
    try {
      const rows = await sessionValidity(
        this.deps.db,
        clients.map((client) => client.sessionId),
      );
      const ending = new Map<number, TerminateSessionPayload['reason']>();
      const known = new Set(rows.map((row) => row.id));
      for (const row of rows) {
        if (row.revokedAt !== null) ending.set(row.id, 'TERMINATED');
        else if (row.userDisabled || row.impersonatorDisabled) ending.set(row.id, 'TERMINATED');
        else if (hasSessionExpired(row, now, idleMinutes)) ending.set(row.id, 'EXPIRED');
      }
      for (const client of clients) {
        if (!known.has(client.sessionId)) ending.set(client.sessionId, 'TERMINATED');
      }
      for (const [sessionId, reason] of ending) this.#terminate(sessionId, reason);

      const limited = clients.filter((client) => !client.seesAll && !ending.has(client.sessionId));
      const access = await customerAccessOf(this.deps.db, [
        ...new Set(limited.map((client) => client.userId)),
      ]);
      for (const client of limited) {
        const fresh = access.get(client.userId);
        if (!fresh) continue;
        client.customerIds = fresh.customerIds;
        client.products = fresh.products;
        if (!client.staff) client.productKey = [...fresh.products].sort().join(',');
      }
    } catch (error) {
      this.deps.log.error({ err: error }, 'websocket session check failed');
    }
  }

  /** Publishes this instance's connected-session count to every instance. */
  async reportCount(): Promise<void> {
    if (this.#countTimer) clearTimeout(this.#countTimer);
    this.#countTimer = null;
    try {
      await this.deps.bus.publish('sessionCountUpdate', {
        count: this.#closed ? 0 : this.localSessionCount(),
        instanceId: this.instanceId,
      });
    } catch (error) {
      this.deps.log.error({ err: error }, 'session count not published');
    }
  }

  /** Tells the others this instance is gone and closes every websocket. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const timer of this.#timers) clearInterval(timer);
    this.#timers = [];
    await this.reportCount();
    for (const stop of this.#unsubscribe.splice(0)) stop();
    for (const client of this.#clients)
      client.socket.close(WS_CLOSE_CODES.goingAway, 'server stopping');
    this.#clients.clear();
  }

  /**
   * This instance did not hear the bus for a while (Redis was away), so its clients may have
   * missed a pause or a click. Closing their sockets (1001) makes every browser reconnect a
   * second later and load the trading status and what it shows again.
   */
  #catchUp(): void {
    if (this.#closed || this.#clients.size === 0) return;
    this.deps.log.warn(
      { sockets: this.#clients.size },
      'event bus heard again: websockets closed so browsers reload what they may have missed',
    );
    for (const client of this.#clients) {
      client.socket.close(WS_CLOSE_CODES.goingAway, 'events missed');
    }
    this.#clients.clear();
    this.#scheduleCountReport();
  }

  #scheduleCountReport(): void {
    // Many sockets open and close at once (a reconnect wave); one report covers them all.
    if (this.#countTimer || this.#closed) return;
    this.#countTimer = setTimeout(() => void this.reportCount(), 200);
    this.#countTimer.unref();
  }

  #dropStaleCounts(): void {
    const oldest = Date.now() - this.deps.keepAliveMs * COUNT_STALE_FACTOR;
    for (const [instanceId, entry] of this.#counts) {
      if (entry.seenAt < oldest) this.#counts.delete(instanceId);
    }
  }

  #onCount(payload: BusEvents['sessionCountUpdate']): void {
    if (payload.instanceId === undefined) return;
    this.#counts.set(payload.instanceId, { count: payload.count, seenAt: Date.now() });
    const total = this.totalSessionCount();
    if (total === this.#lastTotalSent) return;
    this.#lastTotalSent = total;
    this.#broadcast(message('sessionCountUpdate', { count: total }), (client) => client.staff);
  }

  #onPrices(payload: BusEvents['priceUpdate']): void {
    const sentAt = preciseNow();
    const byKey = new Map<string, Buffer | null>();
    for (const client of this.#clients) {
      let bytes = byKey.get(client.productKey);
      if (bytes === undefined) {
        const prices = client.staff
          ? payload.prices
          : payload.prices.filter((price) => client.products.has(price.product));
        const body: PriceUpdatePayload = { prices, sentAt };
        bytes = prices.length === 0 ? null : message('priceUpdate', body);
        byKey.set(client.productKey, bytes);
      }
      if (bytes !== null) this.#send(client, bytes);
    }
  }

  #onClick(payload: BusEvents['clickUpdate']): void {
    const bytes = message('clickUpdate', { contractId: payload.contractId });
    this.#broadcast(
      bytes,
      (client) => client.seesAll || client.customerIds.has(payload.customerId),
    );
  }

  /** Each user's own unread count, to that user's sockets only (login-as sessions included). */
  #onNotifications(payload: BusEvents['notificationUpdate']): void {
    const unread = new Map(payload.users.map((entry) => [entry.userId, entry.unread]));
    for (const client of this.#clients) {
      const count = unread.get(client.userId);
      if (count !== undefined) this.#send(client, message('notificationUpdate', { unread: count }));
    }
  }

  #onTerminate(payload: BusEvents['terminateSession']): void {
    const reason = payload.reason ?? 'TERMINATED';
    for (const sessionId of payload.sessionIds) this.#terminate(sessionId, reason);
  }

  #terminate(sessionId: number, reason: TerminateSessionPayload['reason']): void {
    const bytes = message('terminateSession', { reason });
    for (const client of this.#clients) {
      if (client.sessionId !== sessionId) continue;
      this.#send(client, bytes);
      client.socket.close(WS_CLOSE_CODES.sessionTerminated, 'session ended');
      this.#clients.delete(client);
    }
    this.#scheduleCountReport();
  }

  #broadcast(bytes: Buffer, mayReceive: (client: Client) => boolean): void {
    for (const client of this.#clients) {
      if (mayReceive(client)) this.#send(client, bytes);
    }
  }

  #send(client: Client, bytes: Buffer): void {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      client.socket.terminate();
      this.#clients.delete(client);
      return;
    }
    client.socket.send(bytes, { binary: false });
  }
}
