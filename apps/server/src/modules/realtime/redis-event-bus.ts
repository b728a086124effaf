import { Redis } from 'ioredis';
import { z } from 'zod';
import {
  HandlerRegistry,
  type BusEventName,
  type BusEvents,
  type BusHandler,
  type EventBus,
} from './event-bus';

const CHANNEL = 'klik:events';

const EnvelopeSchema = z.object({ name: z.string(), payload: z.unknown() });

/**
 * Redis pub/sub: every instance subscribes to one channel, so an event published anywhere
 * reaches the subscribers of every instance (its own through Redis as well).
 */
export class RedisEventBus implements EventBus {
  readonly #registry = new HandlerRegistry();
  readonly #publisher: Redis;
  readonly #subscriber: Redis;
  readonly #ready: Promise<unknown>;
  private readonly channel: string;

  constructor(
    url: string,
    private readonly onError: (error: unknown) => void = () => {},
    channel: string = CHANNEL,
  ) {
    this.channel = channel;
    this.#publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.#subscriber = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.#publisher.on('error', onError);
    this.#subscriber.on('error', onError);
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
    this.#ready = this.#subscriber.subscribe(this.channel);
  }

  /** Resolves once this bus listens, so nothing published afterwards is missed. */
  ready(): Promise<unknown> {
    return this.#ready;
  }

  async publish<N extends BusEventName>(name: N, payload: BusEvents[N]): Promise<void> {
    await this.#publisher.publish(this.channel, JSON.stringify({ name, payload }));
  }

  subscribe<N extends BusEventName>(name: N, handler: BusHandler<N>): () => void {
    return this.#registry.add(name, handler);
  }

  async close(): Promise<void> {
    this.#registry.clear();
    await Promise.allSettled([this.#subscriber.quit(), this.#publisher.quit()]);
  }
}
