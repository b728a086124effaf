// A process of bench:cluster's websocket clients, driven over IPC (fleet.ts). Every client
// connects through HAProxy, so which instance holds it is HAProxy's choice; the client learns it
// from the keep-alives: each instance stamps its own keep-alive with its own clock, and the bench
// tells which stamp came from which instance (it hears them on sockets opened on each instance's
// own port). The probe prices the bench pushes into one instance are told apart from the feed's
// by their level (100000 and up); each arrival is kept with the instance that delivered it.
import WebSocket from 'ws';

export interface ClientEntry {
  url: string;
  products: string[];
}

export type ClientCommand =
  | { cmd: 'connect'; entries: ClientEntry[] }
  | { cmd: 'identify'; instanceOf: Record<string, string> }
  | { cmd: 'collect' }
  | { cmd: 'exit' };

/** Per probe key, per instance name, the arrival instants (epoch ms with a fraction). */
export type Arrivals = Record<string, Record<string, number[]>>;

export interface Collected {
  event: 'collected';
  arrivals: Arrivals;
  /** Probe prices delivered to clients whose customer does not hold the product. */
  unwanted: number;
  duplicates: number;
  /** Sockets that closed during the run. */
  closed: number;
  /** Sockets that failed to open and were tried again. */
  connectRetries: number;
  /** Messages of every kind the clients received, by name. */
  messages: Record<string, number>;
}

interface Client {
  socket: WebSocket;
  products: Set<string>;
  instance: string;
  /** Keep-alive stamps heard lately. */
  stamps: string[];
  keys: Set<string>;
}

const CONNECT_CONCURRENCY = 50;
const CONNECT_ATTEMPTS = 5;
const STAMPS_KEPT = 8;
const PROBE = /\\"product\\":\\"([A-Z_]+)\\"[^}]*?\\"price\\":\\"(1\d{5}\.5)\\"/;
const AT = /\\"at\\":\\"([^\\]+)\\"/;

const clients: Client[] = [];
const collected: Collected = {
  event: 'collected',
  arrivals: {},
  unwanted: 0,
  duplicates: 0,
  closed: 0,
  connectRetries: 0,
  messages: {},
};

function send(message: object): void {
  process.send?.(message);
}

function onMessage(client: Client, data: WebSocket.RawData): void {
  const arrived = performance.timeOrigin + performance.now();
  const text = String(data);
  const name = /^\{"name":"([A-Za-z]+)"/.exec(text)?.[1] ?? '?';
  collected.messages[name] = (collected.messages[name] ?? 0) + 1;
  if (name === 'socketUpdate') {
    const stamp = AT.exec(text)?.[1];
    if (stamp) client.stamps = [...client.stamps.slice(1 - STAMPS_KEPT), stamp];
    return;
  }
  if (name !== 'priceUpdate') return;
  const probe = PROBE.exec(text);
  if (!probe) return;
  const [, product, key] = probe as unknown as [string, string, string];
  if (!client.products.has(product)) {
    collected.unwanted += 1;
    return;
  }
  if (client.keys.has(key)) {
    collected.duplicates += 1;
    return;
  }
  client.keys.add(key);
  const perInstance = (collected.arrivals[key] ??= {});
  (perInstance[client.instance] ??= []).push(arrived);
}

function openOne(entry: ClientEntry): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(entry.url, { perMessageDeflate: false });
    const client: Client = {
      socket,
      products: new Set(entry.products),
      instance: 'unknown',
      stamps: [],
      keys: new Set(),
    };
    let ready = false;
    socket.on('message', (data) => {
      if (ready) return onMessage(client, data);
      // The portal greets a socket once it has registered it: only then can it receive prices.
      // The greeting's stamp is this socket's own, not a keep-alive: it is not kept.
      ready = true;
      clients.push(client);
      resolve();
    });
    socket.on('error', (error) => {
      if (!ready) reject(error);
    });
    socket.once('close', () => {
      if (ready) collected.closed += 1;
      else reject(new Error('socket closed before the greeting'));
    });
  });
}

/** As the browser does: a socket that could not open is tried again a second later. */
async function openWithRetries(entry: ClientEntry): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await openOne(entry);
    } catch (error) {
      if (attempt >= CONNECT_ATTEMPTS) throw error;
      collected.connectRetries += 1;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

async function connect(entries: ClientEntry[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < entries.length) {
      const entry = entries[next] as ClientEntry;
      next += 1;
      await openWithRetries(entry);
    }
  };
  await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, worker));
  send({ event: 'connected', count: clients.length });
}

function identify(instanceOf: Record<string, string>): void {
  const counts: Record<string, number> = {};
  for (const client of clients) {
    // The instance most of its keep-alives came from (two instances may stamp one alike).
    const votes = new Map<string, number>();
    for (const stamp of client.stamps) {
      const name = instanceOf[stamp];
      if (name) votes.set(name, (votes.get(name) ?? 0) + 1);
    }
    const ranked = [...votes].sort((a, b) => b[1] - a[1]);
    const [first, second] = ranked;
    client.instance = first && (!second || second[1] < first[1]) ? first[0] : 'unknown';
    counts[client.instance] = (counts[client.instance] ?? 0) + 1;
  }
  send({ event: 'identified', counts });
}

process.on('message', (command: ClientCommand) => {
  switch (command.cmd) {
    case 'connect':
      connect(command.entries).catch((error: unknown) => {
        send({ event: 'failed', message: String(error) });
      });
      break;
    case 'identify':
      identify(command.instanceOf);
      break;
    case 'collect':
      send(collected);
      break;
    case 'exit':
      for (const client of clients) client.socket.terminate();
      process.exit(0);
  }
});

// The bench is gone (it crashed or hit its time limit): nothing of this run may stay behind.
process.on('disconnect', () => process.exit(0));

send({ event: 'ready' });
