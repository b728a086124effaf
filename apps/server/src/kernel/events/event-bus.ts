import type { Maturity } from '@klik/domain';
import type { MarketProduct } from '@klik/api';

/**
 * Events that cross instances. Each feature adds its own entry; payloads are JSON-safe
 * (decimals as strings) because the Redis bus sends them as JSON.
 */
export interface BusEvents {
  tradingStatusUpdate: { pauzeActive: boolean };
  clickUpdate: { contractId: string; customerId: number };
  /** The prices a batch changed, as recorded (at: when the batch was recorded). */
  priceUpdate: { at: string; prices: PriceTick[] };
  /** Connected sessions of one instance; every instance adds up the latest of each. */
  sessionCountUpdate: { count: number; instanceId?: string };
  /** Sessions that ended; every instance closes their websockets. */
  terminateSession: { sessionIds: number[]; reason?: 'LOGOUT' | 'TERMINATED' | 'EXPIRED' };
  /** Users whose unread notifications changed, with their new count (modules/notifications). */
  notificationUpdate: { users: { userId: number; unread: number }[] };
}

export interface PriceTick {
  product: MarketProduct;
  yearOfSupply: number;
  maturity: Maturity;
  market: 'OTC' | 'ICE';
  price: string;
  at: string;
}

export type BusEventName = keyof BusEvents;
export type BusHandler<N extends BusEventName> = (payload: BusEvents[N]) => void;

export interface EventBus {
  /** Delivers to every subscriber on every instance, this one included. */
  publish<N extends BusEventName>(name: N, payload: BusEvents[N]): Promise<void>;
  /** Answers the function that ends the subscription. */
  subscribe<N extends BusEventName>(name: N, handler: BusHandler<N>): () => void;
  /** Whether events can be published and heard right now (for /readyz). */
  connected(): boolean;
  /**
   * Calls the listener whenever this instance listens again after it stopped hearing the bus
   * (Redis went away): events published meanwhile were not heard here. Answers the function
   * that ends the registration.
   */
  onResubscribed(listener: () => void): () => void;
  close(): Promise<void>;
}

/** Local fan-out shared by both buses. */
export class HandlerRegistry {
  readonly #handlers = new Map<BusEventName, Set<(payload: unknown) => void>>();

  add<N extends BusEventName>(name: N, handler: BusHandler<N>): () => void {
    let set = this.#handlers.get(name);
    if (!set) {
      set = new Set();
      this.#handlers.set(name, set);
    }
    const wrapped = handler as (payload: unknown) => void;
    set.add(wrapped);
    return () => set.delete(wrapped);
  }

  deliver(name: string, payload: unknown, onError: (error: unknown) => void): void {
    const set = this.#handlers.get(name as BusEventName);
    if (!set) return;
    for (const handler of [...set]) {
      try {
        handler(payload);
      } catch (error) {
        // One failing subscriber must not keep the event from the others.
        onError(error);
      }
    }
  }

  clear(): void {
    this.#handlers.clear();
  }
}

/** One process: publish goes straight to this process's subscribers. */
export class InProcessEventBus implements EventBus {
  readonly #registry = new HandlerRegistry();

  constructor(private readonly onError: (error: unknown) => void = () => {}) {}

  async publish<N extends BusEventName>(name: N, payload: BusEvents[N]): Promise<void> {
    // A JSON round trip gives subscribers the same values the Redis bus would.
    const copy: unknown = JSON.parse(JSON.stringify(payload));
    await Promise.resolve();
    this.#registry.deliver(name, copy, this.onError);
  }

  subscribe<N extends BusEventName>(name: N, handler: BusHandler<N>): () => void {
    return this.#registry.add(name, handler);
  }

  connected(): boolean {
    return true;
  }

  onResubscribed(): () => void {
    // Within one process nothing is ever missed.
    return () => {};
  }

  async close(): Promise<void> {
    this.#registry.clear();
  }
}
