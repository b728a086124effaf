import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeSockets, type FakeSockets } from '../../test/fake-websocket';
import type { RealtimeEvent } from './realtime-events';
import {
  CLOSED_BY_CLIENT,
  PAUSING_TO_RECONNECT,
  createWebsocketClient,
  messagesReadable,
  type WebsocketClient,
} from './websocket-client';

const page = { protocol: 'https:', host: 'klik.example' };

let token: string | null;
let sockets: FakeSockets;
let client: WebsocketClient;
let events: RealtimeEvent[];

function startClient(websocketUrl = '/ws') {
  client = createWebsocketClient({
    websocketUrl,
    getToken: () => token,
    createSocket: sockets.create,
    page,
  });
  client.subscribe((event) => events.push(event));
  client.start();
  return client;
}

// The tests read what a message leads to at once, as the client does once the messages' schemas
// have loaded; how long that takes depends on the machine.
beforeAll(() => messagesReadable);

beforeEach(() => {
  vi.useFakeTimers();
  token = 'token-a';
  sockets = createFakeSockets();
  events = [];
});

afterEach(() => {
  client.stop();
  vi.useRealTimers();
});

describe('websocket client: connecting', () => {
  it('opens {websocketUrl}/{token}, a relative base resolved against the page', () => {
    startClient('/ws');
    expect(sockets.sockets).toHaveLength(1);
    expect(sockets.latest().url).toBe('wss://klik.example/ws/token-a');
    expect(client.getState()).toBe('closed');
    sockets.latest().open();
    expect(client.getState()).toBe('open');
  });

  it('uses an absolute base as it is', () => {
    startClient('wss://live.klik.example/ws/');
    expect(sockets.latest().url).toBe('wss://live.klik.example/ws/token-a');
  });

  it('opens nothing without a session', () => {
    token = null;
    startClient();
    vi.advanceTimersByTime(5000);
    expect(sockets.sockets).toHaveLength(0);
    expect(client.getState()).toBe('terminate');
  });
});

describe('websocket client: reconnecting', () => {
  it('reconnects 1000 ms after the server closed the socket', () => {
    startClient();
    sockets.latest().open();
    sockets.latest().serverClose(1006);
    expect(client.getState()).toBe('closed');
    vi.advanceTimersByTime(999);
    expect(sockets.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets.sockets).toHaveLength(2);
    expect(sockets.latest().url).toBe('wss://klik.example/ws/token-a');
    sockets.latest().open();
    expect(client.getState()).toBe('open');
  });

  it('keeps trying every 1000 ms while the server refuses', () => {
    startClient();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      sockets.latest().serverClose(1006);
      vi.advanceTimersByTime(1000);
      expect(sockets.sockets).toHaveLength(attempt + 1);
    }
  });

  it('does not reconnect after the client closed the socket', () => {
    startClient();
    const first = sockets.latest();
    first.open();
    client.stop();
    expect(first.closed).toBe(true);
    expect(first.closeCode).toBe(1000);
    expect(client.getState()).toBe('terminate');
    // A close event arriving afterwards is not a reason to come back.
    first.serverClose(1000);
    vi.advanceTimersByTime(10_000);
    expect(sockets.sockets).toHaveLength(1);
    expect(client.getState()).toBe('terminate');
  });

  it('gives up an attempt that has not opened after 2000 ms and tries again 1000 ms later', () => {
    startClient();
    const stuck = sockets.latest();
    vi.advanceTimersByTime(1999);
    expect(stuck.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(stuck.closed).toBe(true);
    expect(client.getState()).toBe('closed');
    // Its late open or close no longer counts.
    stuck.open();
    expect(client.getState()).toBe('closed');
    vi.advanceTimersByTime(999);
    expect(sockets.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets.sockets).toHaveLength(2);
  });

  it('does not time out a socket that opened in time', () => {
    startClient();
    vi.advanceTimersByTime(1500);
    sockets.latest().open();
    vi.advanceTimersByTime(10_000);
    expect(sockets.latest().closed).toBe(false);
    expect(sockets.sockets).toHaveLength(1);
    expect(client.getState()).toBe('open');
  });
});

describe('websocket client: the check every second', () => {
  it('opens the socket within a second of a session appearing', () => {
    token = null;
    startClient();
    token = 'token-a';
    vi.advanceTimersByTime(999);
    expect(sockets.sockets).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(sockets.sockets).toHaveLength(1);
  });

  it('closes the socket within a second of the session going, and does not reconnect', () => {
    startClient();
    const socket = sockets.latest();
    socket.open();
    token = null;
    vi.advanceTimersByTime(1000);
    expect(socket.closed).toBe(true);
    expect(client.getState()).toBe('terminate');
    vi.advanceTimersByTime(10_000);
    expect(sockets.sockets).toHaveLength(1);
  });

  it('stops a pending reconnect when the session is gone', () => {
    startClient();
    sockets.latest().serverClose(1006);
    token = null;
    vi.advanceTimersByTime(1000);
    vi.advanceTimersByTime(10_000);
    expect(sockets.sockets).toHaveLength(1);
    expect(client.getState()).toBe('terminate');
  });

  it('reconnects with the new token when the token changes', () => {
    startClient();
    const first = sockets.latest();
    first.open();
    token = 'token-b';
    vi.advanceTimersByTime(1000);
    expect(first.closed).toBe(true);
    expect(sockets.sockets).toHaveLength(2);
    expect(sockets.latest().url).toBe('wss://klik.example/ws/token-b');
    sockets.latest().open();
    expect(client.getState()).toBe('open');
    // Closing the old socket was the client's doing: no extra reconnect follows.
    vi.advanceTimersByTime(5000);
    expect(sockets.sockets).toHaveLength(2);
  });
});

describe('websocket client: sending', () => {
  it('sends while open', () => {
    startClient();
    sockets.latest().open();
    client.send('ping');
    expect(sockets.latest().sent).toEqual(['ping']);
  });

  it("refuses with 'INVALID_STATE_ERR : Pausing to reconnect websocket' while reconnecting", () => {
    startClient();
    sockets.latest().open();
    sockets.latest().serverClose(1006);
    expect(() => client.send('ping')).toThrow('INVALID_STATE_ERR : Pausing to reconnect websocket');
    expect(PAUSING_TO_RECONNECT).toBe('INVALID_STATE_ERR : Pausing to reconnect websocket');
    // While the next attempt is still connecting too.
    vi.advanceTimersByTime(1000);
    expect(() => client.send('ping')).toThrow(PAUSING_TO_RECONNECT);
  });

  it('refuses once the client closed it', () => {
    startClient();
    client.stop();
    expect(() => client.send('ping')).toThrow(CLOSED_BY_CLIENT);
  });
});

describe('websocket client: messages', () => {
  it('passes every event on with its parsed payload and ignores socketUpdate', () => {
    startClient();
    const socket = sockets.latest();
    socket.open();
    socket.emit('socketUpdate', { at: '2026-11-20T10:00:00.000Z' });
    socket.emit('sessionCountUpdate', { count: 3 });
    socket.emit('clickUpdate', { contractId: 'KL-270001' });
    socket.emit('priceUpdate', {
      prices: [
        {
          product: 'TTF_GAS',
          yearOfSupply: 2027,
          maturity: 'Y',
          market: 'OTC',
          price: '36.125',
          at: '2026-11-20T10:15:00.000Z',
        },
      ],
      sentAt: 1_795_000_000_000.5,
    });
    expect(events.map((event) => event.name)).toEqual([
      'sessionCountUpdate',
      'clickUpdate',
      'priceUpdate',
    ]);
    expect(events[0]).toEqual({ name: 'sessionCountUpdate', payload: { count: 3 } });
  });

  it('ignores, with a warning, a message that breaks the contract', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    startClient();
    const socket = sockets.latest();
    socket.open();
    socket.emitRaw('not json');
    socket.emitRaw(JSON.stringify({ name: 'somethingElse', json: '{}' }));
    socket.emit('clickUpdate', { contractId: 42 });
    socket.emit('priceUpdate', { prices: [{ product: 'COAL' }], sentAt: 1 });
    expect(events).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(4);
    expect(client.getState()).toBe('open');
  });

  it('takes terminateSession, closes and stays closed while that session is still stored', () => {
    startClient();
    const socket = sockets.latest();
    socket.open();
    socket.emit('terminateSession', { reason: 'TERMINATED' });
    expect(events).toEqual([{ name: 'terminateSession', payload: { reason: 'TERMINATED' } }]);
    expect(socket.closed).toBe(true);
    expect(client.getState()).toBe('terminate');
    vi.advanceTimersByTime(10_000);
    expect(sockets.sockets).toHaveLength(1);
    // The next session connects again.
    token = null;
    vi.advanceTimersByTime(1000);
    token = 'token-b';
    vi.advanceTimersByTime(1000);
    expect(sockets.sockets).toHaveLength(2);
    expect(sockets.latest().url).toBe('wss://klik.example/ws/token-b');
  });

  it('does not pass on the end of a session that is no longer the stored one', () => {
    startClient();
    const old = sockets.latest();
    old.open();
    // Signed out and in again within the second before the check moves the socket on.
    token = 'token-b';
    old.emit('terminateSession', { reason: 'LOGOUT' });
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(sockets.latest().url).toBe('wss://klik.example/ws/token-b');
  });

  it('does not reconnect after the server closes with the session-ended code 4001', () => {
    startClient();
    sockets.latest().open();
    sockets.latest().serverClose(4001);
    expect(client.getState()).toBe('terminate');
    vi.advanceTimersByTime(10_000);
    expect(sockets.sockets).toHaveLength(1);
  });
});

describe('websocket client: trading status updates at most once per 60 s', () => {
  function tradingStatuses(): boolean[] {
    return events.flatMap((event) =>
      event.name === 'tradingStatusUpdate' ? [event.payload.pauzeActive] : [],
    );
  }

  it('takes the first at once and holds later ones until 60 s have passed, passing on the latest', () => {
    startClient();
    const socket = sockets.latest();
    socket.open();
    socket.emit('tradingStatusUpdate', { pauzeActive: true });
    expect(tradingStatuses()).toEqual([true]);

    vi.advanceTimersByTime(10_000);
    socket.emit('tradingStatusUpdate', { pauzeActive: false });
    vi.advanceTimersByTime(10_000);
    socket.emit('tradingStatusUpdate', { pauzeActive: true });
    vi.advanceTimersByTime(10_000);
    socket.emit('tradingStatusUpdate', { pauzeActive: false });
    expect(tradingStatuses()).toEqual([true]);

    vi.advanceTimersByTime(29_999);
    expect(tradingStatuses()).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(tradingStatuses()).toEqual([true, false]);

    // The next one within 60 s of that waits again.
    socket.emit('tradingStatusUpdate', { pauzeActive: true });
    vi.advanceTimersByTime(59_999);
    expect(tradingStatuses()).toEqual([true, false]);
    vi.advanceTimersByTime(1);
    expect(tradingStatuses()).toEqual([true, false, true]);
  });

  it('takes an update at once when the last one is 60 s or more ago', () => {
    startClient();
    const socket = sockets.latest();
    socket.open();
    socket.emit('tradingStatusUpdate', { pauzeActive: true });
    vi.advanceTimersByTime(60_000);
    socket.emit('tradingStatusUpdate', { pauzeActive: false });
    expect(tradingStatuses()).toEqual([true, false]);
  });

  it('does not let other events wait', () => {
    startClient();
    const socket = sockets.latest();
    socket.open();
    socket.emit('tradingStatusUpdate', { pauzeActive: true });
    socket.emit('tradingStatusUpdate', { pauzeActive: false });
    socket.emit('clickUpdate', { contractId: 'KL-1' });
    expect(events.map((event) => event.name)).toEqual(['tradingStatusUpdate', 'clickUpdate']);
  });
});
