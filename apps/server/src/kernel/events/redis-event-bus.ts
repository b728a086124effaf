import { Redis } from 'ioredis';
import { z } from 'zod';
import {
  HandlerRegistry,
  type BusEventName,
  type BusEvents,
  type BusHandler,
  type EventBus,
} from './event-bus';

/**
 * The channel of one deployment: two deployments that share a Redis server must not hear each
 * other, so each has its own prefix (REDIS_CHANNEL_PREFIX, by default the database's name).
 */
export function eventChannel(prefix: string): string {
  return `${prefix}:events`;
}

// A publish that cannot reach Redis fails at once rather than waiting in a queue: the caller
// (the outbox relay) keeps the event and retries, and no request waits on a dead bus.
const PUBLISH_TIMEOUT_MS = 1000;

const EnvelopeSchema = z.object({ name: z.string(), payload: z.unknown() });

/** Where a Redis URL points, without its password: for messages. */
export function redisAddress(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '6379'}`;
}

/**
 * Redis pub/sub: every instance subscribes to one channel, so an event published anywhere
 * reaches the subscribers of every instance (its own through Redis as well). Both connections
 * reconnect for as long as the process runs; the subscription is renewed on every reconnect.
 */
export class RedisEventBus implements EventBus {
  readonly #registry = new HandlerRegistry();
  readonly #publisher: Redis;
  readonly #subscriber: Redis;
  readonly #subscribed: Promise<unknown>;
  readonly #resubscribed = new Set<() => void>();
  #listenedBefore = false;
  #lastError: Error | null = null;
  private readonly channel: string;

  constructor(
    url: string,
    private readonly onError: (error: unknown) => void = () => {},
    channel: string = eventChannel('klik'),
  ) {
    this.channel = channel;
    this.#publisher = new Redis(url, {
      enableOfflineQueue: false,
      commandTimeout: PUBLISH_TIMEOUT_MS,
      maxRetriesPerRequest: 0,
    });
    // The subscription waits for a connection however long it takes, and never rejects.
    this.#subscriber = new Redis(url, { maxRetriesPerRequest: null });
    for (const redis of [this.#publisher, this.#subscriber]) {
      // Reconnecting retries every few seconds for as long as Redis is away: one log line per
      // outage and connection is enough.
      let reported = false;
      redis.on('ready', () => {
        reported = false;
      });
      redis.on('error', (error: Error) => {
        this.#lastError = error;
        if (!reported) onError(error);
        reported = true;
      });
    }
    this.#subscriber.on('message', (received: string, message: string) => {
      if (received !== this.channel) return;
      let envelope: z.infer<typeof EnvelopeSchema>;
      try {
        envelope = EnvelopeSchema.parse(JSON.parse(message));
      } catch (error) {
        this.onError(error);
        return;
      }
      this.#registry.deliver(envelope.name, envelope.payload, this.onError);
    });
    this.#subscriber.on('ready', () => {
      if (!this.#listenedBefore) {
        this.#listenedBefore = true;
        return;
      }
      // ioredis renews the subscription by itself; asking again (harmless) tells when it holds.
      this.#subscriber.subscribe(this.channel).then(
        () => {
          for (const listener of [...this.#resubscribed]) listener();
        },
        () => {},
      );
    });
    this.#subscribed = this.#subscriber.subscribe(this.channel);
    // Closing before Redis was ever reached ends the waiting subscription: not an error.
    this.#subscribed.catch(() => {});
  }

  /**
   * Resolves once this bus listens and can publish, so nothing published afterwards is missed.
   * With a timeout it rejects when Redis is not reached in time, naming the last connection error.
   */
  async ready(timeoutMs?: number): Promise<void> {
    const publisherReady =
      this.#publisher.status === 'ready'
        ? Promise.resolve()
        : new Promise<void>((resolve) => this.#publisher.once('ready', () => resolve()));
    const both = Promise.all([this.#subscribed, publisherReady]).then(() => undefined);
    if (timeoutMs === undefined) return both;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const cause = this.#lastError?.message ?? `no answer within ${timeoutMs} ms`;
        reject(new Error(cause));
      }, timeoutMs);
    });
    try {
      await Promise.race([both, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  connected(): boolean {
    return this.#publisher.status === 'ready' && this.#subscriber.status === 'ready';
  }

  onResubscribed(listener: () => void): () => void {
    this.#resubscribed.add(listener);
    return () => this.#resubscribed.delete(listener);
  }

  async publish<N extends BusEventName>(name: N, payload: BusEvents[N]): Promise<void> {
    await this.#publisher.publish(this.channel, JSON.stringify({ name, payload }));
  }

  subscribe<N extends BusEventName>(name: N, handler: BusHandler<N>): () => void {
    return this.#registry.add(name, handler);
  }

  async close(): Promise<void> {
    this.#registry.clear();
    this.#resubscribed.clear();
    // quit() waits for a connection that may never come; disconnect() ends the retries at once.
    await Promise.allSettled(
      [this.#subscriber, this.#publisher].map((redis) =>
        redis.status === 'ready' ? redis.quit() : Promise.resolve(redis.disconnect()),
      ),
    );
  }
}
