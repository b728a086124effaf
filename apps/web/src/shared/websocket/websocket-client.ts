import { WS_CLOSE_CODES } from '@klik/api';
import { createLatestThrottle } from './latest-throttle';
import { debugLog } from '../env/debug-log';
import type { RealtimeEvent, parseMessage } from './realtime-events';
import { websocketUrlFor, type PageLocation } from './websocket-url';

/** The timing rules of spec section 9. */
export const WEBSOCKET_TIMINGS = {
  reconnectMs: 1000,
  openTimeoutMs: 2000,
  sessionCheckMs: 1000,
  tradingStatusThrottleMs: 60_000,
} as const;

/**
 * The messages' schemas (zod) load after the first screen, not with it: the login page opens no
 * socket, and its budget has no room for them (docs/performance.md). Loading starts with this
 * module; a message that comes sooner waits for them (receive).
 */
let parse: typeof parseMessage | null = null;
const parserLoaded = import('./realtime-events').then((events) => {
  parse = events.parseMessage;
});

/** Settles once messages are read as they come rather than held (their schemas have loaded). */
export const messagesReadable: Promise<void> = parserLoaded;

/** What is said when something is sent while the socket is down (spec section 8). */
export const PAUSING_TO_RECONNECT = 'INVALID_STATE_ERR : Pausing to reconnect websocket';
export const CLOSED_BY_CLIENT = 'INVALID_STATE_ERR : Websocket closed by the client';

/**
 * The client's states (spec section 4): `open` connected; `closed` not connected but trying
 * (connecting, or waiting to reconnect); `terminate` closed on purpose, by the client (no
 * session) or because the server ended the session, and not reconnecting.
 */
export type WebsocketState = 'open' | 'closed' | 'terminate';

/** The part of the browser's WebSocket the client uses, so tests can hand in their own. */
export interface WebSocketLike {
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface WebsocketClientOptions {
  /** env.websocketUrl: '/ws' or an absolute ws(s):// address. */
  websocketUrl: string;
  /** The token of the current session, or null when there is none. */
  getToken: () => string | null;
  createSocket?: (url: string) => WebSocketLike;
  page?: PageLocation;
}

type Listener<T> = (value: T) => void;

const CLIENT_CLOSE_CODE = 1000;

/**
 * The portal's one websocket. It follows the session by itself: a check every second opens the
 * socket when a session exists, closes it when the session is gone and reconnects when the token
 * changes. A socket that does not open within 2 s is dropped; a socket lost without the client
 * asking is reopened after 1 s. Every message is read with the contract's schemas.
 */
export function createWebsocketClient(options: WebsocketClientOptions) {
  const createSocket = options.createSocket ?? ((url: string): WebSocketLike => new WebSocket(url));
  const eventListeners = new Set<Listener<RealtimeEvent>>();
  const stateListeners = new Set<Listener<WebsocketState>>();

  let state: WebsocketState = 'terminate';
  let socket: WebSocketLike | null = null;
  /** The token the socket was opened (or is being reopened) with. */
  let currentToken: string | null = null;
  /** A token whose session the server ended: never reconnect with it. */
  let endedToken: string | null = null;
  let openTimer: ReturnType<typeof setTimeout> | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let checkTimer: ReturnType<typeof setInterval> | null = null;

  function emit(event: RealtimeEvent): void {
    for (const listener of eventListeners) listener(event);
  }

  // Trading status updates are taken at most once per 60 s (spec section 4).
  const tradingStatus = createLatestThrottle<RealtimeEvent>(
    WEBSOCKET_TIMINGS.tradingStatusThrottleMs,
    emit,
  );

  function setState(next: WebsocketState): void {
    if (next === state) return;
    state = next;
    for (const listener of stateListeners) listener(next);
  }

  function clearTimers(): void {
    if (openTimer !== null) clearTimeout(openTimer);
    if (reconnectTimer !== null) clearTimeout(reconnectTimer);
    openTimer = null;
    reconnectTimer = null;
  }

  /** Closes the socket without hearing from it again. */
  function dropSocket(code?: number): void {
    const dropped = socket;
    socket = null;
    if (!dropped) return;
    dropped.onopen = null;
    dropped.onclose = null;
    dropped.onmessage = null;
    dropped.onerror = null;
    try {
      dropped.close(code);
    } catch (error) {
      console.warn('Closing the websocket failed', error);
    }
  }

  /** The client closes on purpose: no reconnect. */
  function closeByClient(): void {
    clearTimers();
    dropSocket(CLIENT_CLOSE_CODE);
    currentToken = null;
    setState('terminate');
  }

  /** The server ended the session: stay closed until the session changes. */
  function sessionEnded(): void {
    endedToken = currentToken;
    closeByClient();
  }

  /** The socket went away without the client asking: try again after a second. */
  function lost(): void {
    clearTimers();
    dropSocket();
    setState('closed');
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      if (currentToken !== null) connect(currentToken);
    }, WEBSOCKET_TIMINGS.reconnectMs);
  }

  /** Messages that came before their schemas had loaded, in order. */
  let waiting: unknown[] | null = null;

  function receive(data: unknown): void {
    if (parse === null) {
      if (waiting === null) {
        waiting = [];
        void parserLoaded.then(() => {
          const arrived = waiting ?? [];
          waiting = null;
          for (const message of arrived) receive(message);
        });
      }
      waiting.push(data);
      return;
    }
    const parsed = parse(data);
    if (parsed.kind === 'invalid') {
      console.warn(`Websocket message ignored: ${parsed.reason}`);
      return;
    }
    if (parsed.kind === 'ignored') return;
    const { event } = parsed;
    debugLog('websocket event', event.name);
    switch (event.name) {
      case 'tradingStatusUpdate':
        tradingStatus.offer(event);
        return;
      case 'terminateSession': {
        // After a quick sign-out and sign-in, the old socket may still hear its session end
        // before the check moves on: that must not end the new session.
        const current = options.getToken() === currentToken;
        sessionEnded();
        if (current) emit(event);
        return;
      }
      default:
        emit(event);
    }
  }

  function connect(token: string): void {
    clearTimers();
    dropSocket(CLIENT_CLOSE_CODE);
    currentToken = token;
    setState('closed');
    const page = options.page ?? window.location;
    let opened: WebSocketLike;
    try {
      opened = createSocket(websocketUrlFor(options.websocketUrl, token, page));
    } catch (error) {
      console.warn('The websocket could not be created', error);
      lost();
      return;
    }
    socket = opened;
    openTimer = setTimeout(() => {
      openTimer = null;
      if (socket === opened) lost();
    }, WEBSOCKET_TIMINGS.openTimeoutMs);
    opened.onopen = () => {
      if (socket !== opened) return;
      if (openTimer !== null) clearTimeout(openTimer);
      openTimer = null;
      setState('open');
    };
    opened.onmessage = (event) => {
      if (socket === opened) receive(event.data as unknown);
    };
    // A close always follows an error; the close decides what happens next.
    opened.onerror = () => {};
    opened.onclose = (event) => {
      if (socket !== opened) return;
      if (event.code === WS_CLOSE_CODES.sessionTerminated) sessionEnded();
      else lost();
    };
  }

  /** The check of every second: follows the session. */
  function checkSession(): void {
    const token = options.getToken();
    if (token === null) {
      endedToken = null;
      if (state !== 'terminate' || socket !== null) closeByClient();
      return;
    }
    if (token === endedToken) return;
    // A new session, or a session after none: (re)connect with its token. The same token is
    // already open, connecting or waiting out its reconnect delay.
    if (token !== currentToken) connect(token);
  }

  return {
    /** Starts following the session: checks at once, then every second. */
    start(): void {
      if (checkTimer !== null) return;
      checkSession();
      checkTimer = setInterval(checkSession, WEBSOCKET_TIMINGS.sessionCheckMs);
    },
    /** Stops for good: the check ends and the socket is closed without reconnecting. */
    stop(): void {
      if (checkTimer !== null) clearInterval(checkTimer);
      checkTimer = null;
      tradingStatus.cancel();
      closeByClient();
    },
    /** Sends a text frame; refused while the socket is not open. */
    send(data: string): void {
      if (state === 'open' && socket !== null) {
        socket.send(data);
        return;
      }
      throw new Error(state === 'closed' ? PAUSING_TO_RECONNECT : CLOSED_BY_CLIENT);
    },
    getState(): WebsocketState {
      return state;
    },
    subscribe(listener: Listener<RealtimeEvent>): () => void {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    subscribeState(listener: Listener<WebsocketState>): () => void {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
  };
}

export type WebsocketClient = ReturnType<typeof createWebsocketClient>;
