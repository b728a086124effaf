// A process of fan-out clients, driven by the bench over IPC. Each server's clients live in
// processes of their own, so receiving does not compete with sending inside one event loop and
// one server's clients do not read their messages on the other's time.
//
// Each client knows the market products it must hear about. For the round under way it records
// when the round's price reached each client that must receive it (epoch ms with a fraction: the
// bench reads the same wall clock on this machine), and counts deliveries to clients that must
// not receive it, second deliveries, and deliveries after their round was given up.
import WebSocket from 'ws';

export interface ClientEntry {
  url: string;
  products: string[];
}

export type ClientCommand =
  | { cmd: 'connect'; entries: ClientEntry[]; greeting: boolean }
  | { cmd: 'expect'; key: string; product: string }
  | { cmd: 'collect' }
  | { cmd: 'totals' }
  | { cmd: 'exit' };

export interface RoundReport {
  event: 'round-done';
  key: string;
  /** Arrival instants of the clients that had to receive the round's price. */
  arrivals: number[];
  /** How many of this process's clients had to receive it. */
  expected: number;
  partial: boolean;
}

export interface Totals {
  event: 'totals';
  /** Deliveries to clients whose customer does not hold the price's product. */
  unwanted: number;
  duplicates: number;
  /** Deliveries of a round after it was given up (or of a price no round announced). */
  late: number;
  /** Sockets that closed during the run. */
  closed: number;
}

interface Client {
  socket: WebSocket;
  products: Set<string>;
  /** The key of the last round this client received. */
  lastKey: string;
}

const CONNECT_CONCURRENCY = 100;
const PRICE = /\\"price\\":\\"([0-9.]+)\\"/;

const clients: Client[] = [];
const totals: Totals = { event: 'totals', unwanted: 0, duplicates: 0, late: 0, closed: 0 };
let round: { key: string; product: string; arrivals: number[]; expected: number; done: boolean } = {
  key: '',
  product: '',
  arrivals: [],
  expected: 0,
  done: true,
};

function send(message: object): void {
  process.send?.(message);
}

function report(partial: boolean): void {
  round.done = true;
  const message: RoundReport = {
    event: 'round-done',
    key: round.key,
    arrivals: round.arrivals,
    expected: round.expected,
    partial,
  };
  send(message);
}

function onMessage(client: Client, data: WebSocket.RawData): void {
  const arrived = performance.timeOrigin + performance.now();
  const text = String(data);
  if (!text.startsWith('{"name":"priceUpdate"')) return;
  const key = PRICE.exec(text)?.[1];
  if (key === undefined) return;
  if (key !== round.key) {
    totals.late += 1;
    return;
  }
  if (!client.products.has(round.product)) {
    totals.unwanted += 1;
    return;
  }
  if (client.lastKey === key) {
    totals.duplicates += 1;
    return;
  }
  client.lastKey = key;
  if (round.done) {
    totals.late += 1;
    return;
  }
  round.arrivals.push(arrived);
  if (round.arrivals.length === round.expected) report(false);
}

function openOne(entry: ClientEntry, greeting: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(entry.url, { perMessageDeflate: false });
    const client: Client = { socket, products: new Set(entry.products), lastKey: '' };
    let ready = false;
    const settle = () => {
      if (ready) return;
      ready = true;
      clients.push(client);
      resolve();
    };
    // The portal greets a socket once it has registered it: only then can it receive prices.
    if (greeting) socket.once('message', settle);
    else socket.once('open', settle);
    socket.on('message', (data) => {
      if (ready) onMessage(client, data);
    });
    socket.on('error', (error) => {
      if (!ready) reject(error);
    });
    socket.once('close', () => {
      if (ready) totals.closed += 1;
      else reject(new Error(`socket closed before it was ready: ${entry.url.split('/ws/')[0]}`));
    });
  });
}

async function connect(entries: ClientEntry[], greeting: boolean): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < entries.length) {
      const entry = entries[next] as ClientEntry;
      next += 1;
      await openOne(entry, greeting);
    }
  };
  await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, worker));
  send({ event: 'connected', count: clients.length });
}

process.on('message', (command: ClientCommand) => {
  switch (command.cmd) {
    case 'connect':
      connect(command.entries, command.greeting).catch((error: unknown) => {
        send({ event: 'failed', message: String(error) });
      });
      break;
    case 'expect': {
      const expected = clients.filter((client) => client.products.has(command.product)).length;
      round = { key: command.key, product: command.product, arrivals: [], expected, done: false };
      send({ event: 'expecting', key: command.key });
      if (expected === 0) report(false);
      break;
    }
    case 'collect':
      if (!round.done) report(true);
      break;
    case 'totals':
      send(totals);
      break;
    case 'exit':
      for (const client of clients) client.socket.terminate();
      process.exit(0);
  }
});

// The bench is gone (it crashed or hit its time limit): nothing of this run may stay behind.
process.on('disconnect', () => process.exit(0));

send({ event: 'ready' });
