import { waitFor } from '@testing-library/react';
import type { WsEventName } from '@klik/api';
import type { WebSocketLike } from '../shared/websocket/websocket-client';

/**
 * A WebSocket stand-in for jsdom, where the browser's socket is the outside world. The test
 * plays the server: it opens, sends events and closes, and sees what the client did.
 */
export class FakeWebSocket implements WebSocketLike {
  onopen: WebSocketLike['onopen'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onerror: WebSocketLike['onerror'] = null;
  readonly sent: string[] = [];
  /** Whether the client closed this socket, and with which code. */
  closed = false;
  closeCode: number | undefined = undefined;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(data);
  }

  close(code?: number): void {
    this.closed = true;
    this.closeCode = code;
  }

  // The server's side.
  open(): void {
    this.onopen?.(new Event('open'));
  }

  emit(name: WsEventName, payload: unknown): void {
    this.emitRaw(JSON.stringify({ name, json: JSON.stringify(payload) }));
  }

  emitRaw(data: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  serverClose(code = 1006): void {
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

/** Every socket a client created, newest last. */
export function createFakeSockets() {
  const sockets: FakeWebSocket[] = [];
  return {
    sockets,
    create: (url: string): FakeWebSocket => {
      const socket = new FakeWebSocket(url);
      sockets.push(socket);
      return socket;
    },
    latest(): FakeWebSocket {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('No websocket was created');
      return socket;
    },
    /**
     * The socket the client is waiting on. The client gives up on a socket that has not opened
     * within its open timeout and makes a new one: on a busy machine the screen may take longer
     * than that to load, so a test opens this one, not simply the latest.
     */
    async connecting(): Promise<FakeWebSocket> {
      return waitFor(() => {
        const socket = sockets.at(-1);
        if (!socket || socket.closed) throw new Error('No websocket is connecting');
        return socket;
      });
    },
  };
}

export type FakeSockets = ReturnType<typeof createFakeSockets>;
