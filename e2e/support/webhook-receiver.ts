import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One delivery as the receiver took it: verified against the endpoint's secret, or not. */
export interface ReceivedWebhook {
  id: string;
  type: string;
  verified: boolean;
  body: Record<string, unknown>;
}

/**
 * A buyer's system at the other end of a webhook endpoint (docs/webhooks.md): a plain HTTP server
 * on a free loopback port that checks every delivery with the Standard Webhooks reference library
 * once the test has told it the endpoint's secret, and keeps one entry per webhook-id (a retry of
 * the same id is the same delivery, as the specification asks receivers to treat it).
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  #secret: Webhook | null = null;

  private constructor(
    private readonly server: ReturnType<typeof createServer>,
    readonly url: string,
  ) {}

  static async start(): Promise<WebhookReceiver> {
    let receiver: WebhookReceiver | null = null;
    const server = createServer((request, response) => receiver!.take(request, response));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    receiver = new WebhookReceiver(server, `http://127.0.0.1:${port}/klik-webhooks`);
    return receiver;
  }

  /** The secret the portal showed once for the endpoint (`whsec_…`). */
  trust(secret: string): void {
    this.#secret = new Webhook(secret);
  }

  /** The deliveries of one type, verified or not. */
  ofType(type: string): ReceivedWebhook[] {
    return this.received.filter((delivery) => delivery.type === type);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((done) => this.server.close(done));
  }

  private take(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const id = String(request.headers['webhook-id'] ?? '');
      let verified = false;
      try {
        this.#secret?.verify(text, request.headers as Record<string, string>);
        verified = this.#secret !== null;
      } catch {
        verified = false;
      }
      if (!this.received.some((delivery) => delivery.id === id)) {
        const body = JSON.parse(text) as Record<string, unknown>;
        this.received.push({ id, type: String(body.type), verified, body });
      }
      response.writeHead(verified ? 204 : 400).end();
    });
  }
}
