// The client side of the fan-out benchmark, in a process of its own so that receiving does not
// compete with sending inside one event loop. Driven by the parent over IPC.
import WebSocket from 'ws';

type Command =
  | { cmd: 'connect'; group: string; url: string; count: number }
  | { cmd: 'expect'; group: string; round: number }
  | { cmd: 'results' }
  | { cmd: 'exit' };

interface Group {
  sockets: WebSocket[];
  /** Latency in ms per received priceUpdate, all rounds. */
  latencies: number[];
  received: number;
  round: number;
}

const groups = new Map<string, Group>();
const SENT_AT = /sentAt\\":([0-9.]+)/;
const CONNECT_CONCURRENCY = 200;

function send(message: object): void {
  process.send?.(message);
}

function onMessage(group: Group, data: WebSocket.RawData): void {
  const received = performance.timeOrigin + performance.now();
  const text = String(data);
  if (!text.startsWith('{"name":"priceUpdate"')) return;
  const match = SENT_AT.exec(text);
  if (!match?.[1]) return;
  // Warm-up rounds (negative numbers) are delivered but not measured.
  if (group.round >= 0) group.latencies.push(received - Number(match[1]));
  group.received += 1;
  if (group.received === group.sockets.length) {
    send({ event: 'round-done', round: group.round });
  }
}

function openOne(group: Group, url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    socket.once('open', () => {
      group.sockets.push(socket);
      resolve();
    });
    socket.once('error', reject);
    socket.on('message', (data) => onMessage(group, data));
  });
}

async function connect(name: string, url: string, count: number): Promise<void> {
  const group: Group = { sockets: [], latencies: [], received: 0, round: -1 };
  groups.set(name, group);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      await openOne(group, url);
    }
  };
  await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, worker));
  send({ event: 'connected', group: name, count: group.sockets.length });
}

process.on('message', (command: Command) => {
  switch (command.cmd) {
    case 'connect':
      connect(command.group, command.url, command.count).catch((error: unknown) => {
        send({ event: 'failed', message: String(error) });
      });
      break;
    case 'expect': {
      const group = groups.get(command.group);
      if (!group) break;
      group.received = 0;
      group.round = command.round;
      send({ event: 'expecting', round: command.round });
      break;
    }
    case 'results':
      send({
        event: 'results',
        latencies: Object.fromEntries([...groups].map(([name, group]) => [name, group.latencies])),
      });
      break;
    case 'exit':
      for (const group of groups.values()) for (const socket of group.sockets) socket.terminate();
      process.exit(0);
  }
});

send({ event: 'ready' });
