import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { readSession } from '../session/session-store';
import type { RealtimeEvent } from './realtime-events';
import {
  createWebsocketClient,
  type WebSocketLike,
  type WebsocketClient,
  type WebsocketState,
} from './websocket-client';

interface Realtime {
  client: WebsocketClient;
  /** The last connected-session count the server reported (admins only). */
  sessionCount: { get: () => number | null; subscribe: (listener: () => void) => () => void };
}

const RealtimeContext = createContext<Realtime | null>(null);

function createRealtime(
  websocketUrl: string,
  createSocket: ((url: string) => WebSocketLike) | undefined,
): Realtime {
  const client = createWebsocketClient({
    websocketUrl,
    getToken: () => readSession()?.token ?? null,
    createSocket,
  });
  // The server sends the count on connect and on change; a screen opened later still needs it.
  let count: number | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  client.subscribe((event) => {
    if (event.name !== 'sessionCountUpdate') return;
    count = event.payload.count;
    notify();
  });
  client.subscribeState((state) => {
    if (state === 'terminate' && count !== null) {
      count = null;
      notify();
    }
  });
  return {
    client,
    sessionCount: {
      get: () => count,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  };
}

/** Runs the portal's websocket for as long as the app is mounted. */
export function RealtimeProvider({
  websocketUrl,
  createSocket,
  children,
}: {
  websocketUrl: string;
  createSocket?: (url: string) => WebSocketLike;
  children: ReactNode;
}) {
  const [realtime] = useState(() => createRealtime(websocketUrl, createSocket));
  useEffect(() => {
    realtime.client.start();
    return () => realtime.client.stop();
  }, [realtime]);
  return <RealtimeContext.Provider value={realtime}>{children}</RealtimeContext.Provider>;
}

function useRealtime(): Realtime {
  const realtime = useContext(RealtimeContext);
  if (!realtime) throw new Error('Live updates need a RealtimeProvider');
  return realtime;
}

/** Calls the handler for every websocket event; the latest handler is used, no resubscribing. */
export function useRealtimeEvents(handler: (event: RealtimeEvent) => void): void {
  const { client } = useRealtime();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => client.subscribe((event) => latest.current(event)), [client]);
}

/**
 * Calls back whenever the socket opens while the caller is shown and was not open before: on the
 * first connection after a screen loaded its data as well as after a reconnect, since events sent
 * before that moment were not seen.
 */
export function useRealtimeOpened(callback: () => void): void {
  const { client } = useRealtime();
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    let open = client.getState() === 'open';
    return client.subscribeState((state) => {
      const nowOpen = state === 'open';
      if (nowOpen && !open) latest.current();
      open = nowOpen;
    });
  }, [client]);
}

export function useRealtimeState(): WebsocketState {
  const { client } = useRealtime();
  return useSyncExternalStore(client.subscribeState, client.getState);
}

export function useSessionCount(): number | null {
  const { sessionCount } = useRealtime();
  return useSyncExternalStore(sessionCount.subscribe, sessionCount.get);
}
