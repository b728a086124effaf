// A websocket client for the integration tests: records every message and waits for events
// instead of sleeping.
import WebSocket from 'ws';
import { WsEventSchema, type WsEventName } from '@klik/api';

export interface ReceivedEvent {
  name: WsEventName;
  payload: unknown;
}

export class TestSocket {
  readonly received: ReceivedEvent[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  #waiters: { from: number; name: WsEventName; resolve: (event: ReceivedEvent) => void }[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const event = WsEventSchema.parse(JSON.parse(String(data)));
      const received = { name: event.name, payload: JSON.parse(event.json) as unknown };
      this.received.push(received);
      const index = this.received.length - 1;
      this.#waiters = this.#waiters.filter((waiter) => {
        if (waiter.name !== received.name || index < waiter.from) return true;
        waiter.resolve(received);
        return false;
      });
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => resolve({ code, reason: String(reason) }));
    });
  }

  /** Opens a socket; rejects with the HTTP status when the server refuses the upgrade. */
  static open(url: string): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      const client = new TestSocket(socket);
      socket.once('open', () => resolve(client));
      socket.once('unexpected-response', (_request, response) => {
        reject(new RefusedUpgrade(response.statusCode ?? 0));
        socket.terminate();
      });
      socket.once('error', (error) => reject(error));
    });
  }

  /** The first event of this name at or after position `from` of the received list. */
  next(name: WsEventName, from = 0): Promise<ReceivedEvent> {
    const found = this.received.slice(from).find((event) => event.name === name);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => this.#waiters.push({ from, name, resolve }));
  }

  /** Names received so far, in order. */
  names(): WsEventName[] {
    return this.received.map((event) => event.name);
  }

  close(): void {
    this.socket.close();
  }
}

export class RefusedUpgrade extends Error {
  constructor(readonly status: number) {
    super(`websocket upgrade refused with HTTP ${status}`);
  }
}

/** The HTTP status with which the server refuses an upgrade (0 when it accepts). */
export async function upgradeStatus(url: string): Promise<number> {
  try {
    const socket = await TestSocket.open(url);
    socket.close();
    return 0;
  } catch (error) {
    if (error instanceof RefusedUpgrade) return error.status;
    throw error;
  }
}
