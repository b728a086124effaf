import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_PATHS, WebhookEndpointWithSecretSchema, pathTo } from '@klik/api';
import type { WebhookEventType } from '@klik/api';
import { createCustomer, createUser, type BuiltUser } from '../../../test/builders';
import { bearer, login, type TestApp } from '../../../test/test-app';

/** One request the receiver took in, verified or not. */
export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  type: string;
  verified: boolean;
}

/**
 * A real webhook receiver (node:http on a free port): verifies every delivery with the Standard
 * Webhooks reference library, keeps what came in, dedupes by webhook-id as a receiver must.
 * `answer` decides each response: a status, 'hang' (never answers) or 'drop' (takes the
 * delivery in, then cuts the connection: the sender cannot know it arrived).
 */
export class Receiver {
  readonly received: Received[] = [];
  secrets: string[];
  answer: (delivery: Received) => number | 'hang' | 'drop' = () => 204;
  #server: Server | null = null;
  #port = 0;
  readonly #hanging = new Set<ServerResponse>();

  constructor(secrets: string[] = []) {
    this.secrets = secrets;
  }

  get url(): string {
    return `http://127.0.0.1:${this.#port}/hooks`;
  }

  /** Verified deliveries, each webhook-id once, in the order they first arrived. */
  get unique(): Received[] {
    const seen = new Set<string>();
    return this.received.filter((delivery) => {
      if (!delivery.verified || seen.has(delivery.id)) return false;
      seen.add(delivery.id);
      return true;
    });
  }

  /** Starts listening; again on the same port after stop(). */
  async start(): Promise<void> {
    const server = createServer((request, response) => void this.#take(request, response));
    await new Promise<void>((resolve) => server.listen(this.#port, '127.0.0.1', resolve));
    this.#port = (server.address() as AddressInfo).port;
    this.#server = server;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    this.#server = null;
    for (const response of this.#hanging) response.destroy();
    this.#hanging.clear();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

  #verified(body: string, headers: Record<string, string>): boolean {
    return this.secrets.some((secret) => {
      try {
        new Webhook(secret).verify(body, headers);
        return true;
      } catch {
        return false;
      }
    });
  }

  async #take(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const headers = {
      'webhook-id': String(request.headers['webhook-id'] ?? ''),
      'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
      'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
    };
    const delivery: Received = {
      id: headers['webhook-id'],
      timestamp: headers['webhook-timestamp'],
      signature: headers['webhook-signature'],
      body,
      type: (JSON.parse(body) as { type: string }).type,
      verified: this.#verified(body, headers),
    };
    this.received.push(delivery);
    const answer = delivery.verified ? this.answer(delivery) : 401;
    if (answer === 'hang') {
      this.#hanging.add(response);
      return;
    }
    if (answer === 'drop') {
      response.socket?.destroy();
      return;
    }
    response.statusCode = answer;
    response.end(answer >= 300 ? `refused with ${answer}` : '');
  }
}

export interface WebhookWorld {
  customerId: number;
  otherCustomerId: number;
  manager: BuiltUser;
  user: BuiltUser;
  otherManager: BuiltUser;
  admin: BuiltUser;
  token: (user: BuiltUser) => Promise<string>;
}

async function makeManager(t: TestApp, user: BuiltUser): Promise<BuiltUser> {
  await t.db.updateTable('users').set({ manage_users: true }).where('id', '=', user.id).execute();
  return user;
}

/** Two customers, each with a user manager; a plain user of the first; an administrator. */
export async function webhookWorld(t: TestApp): Promise<WebhookWorld> {
  const customer = await createCustomer(t.db);
  const other = await createCustomer(t.db);
  return {
    customerId: customer.id,
    otherCustomerId: other.id,
    manager: await makeManager(t, await createUser(t.db, { customerIds: [customer.id] })),
    user: await createUser(t.db, { customerIds: [customer.id] }),
    otherManager: await makeManager(t, await createUser(t.db, { customerIds: [other.id] })),
    admin: await createUser(t.db, { role: 'admin' }),
    // A fresh session each time: tests move the clock past a session's life.
    token: async (user) => (await login(t.app, user.username, user.password)).token,
  };
}

/** Registers an endpoint through the API as the customer's user manager; answers it with its secret. */
export async function createEndpoint(
  t: TestApp,
  world: WebhookWorld,
  url: string,
  eventTypes: WebhookEventType[],
  customerId = world.customerId,
) {
  const manager = customerId === world.customerId ? world.manager : world.otherManager;
  const response = await t.app.inject({
    method: 'POST',
    url: pathTo(WEBHOOK_PATHS.endpoints, { customerId }),
    headers: bearer(await world.token(manager)),
    payload: { url, eventTypes },
  });
  if (response.statusCode !== 201) throw new Error(`create answered ${response.body}`);
  return WebhookEndpointWithSecretSchema.parse(response.json());
}
