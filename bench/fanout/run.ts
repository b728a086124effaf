// npm run bench:fanout [-- N]
//
// N websocket clients (default 5000; or FANOUT_CLIENTS) connected to the real server, which sends
// one priceUpdate per round, next to N clients of a bare `ws` server broadcasting the very same
// payload in the same run: the floor of what sending those bytes to N sockets costs. Latency per
// client = receive time - the send time the server stamps into the payload (both processes on
// this machine read the same wall clock). Loopback only; ends by itself.
import { fork, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { createContract, createCustomer, createUser } from '../../apps/server/test/builders';
import { login } from '../../apps/server/test/test-app';

const CLIENTS = Number(process.argv[2] ?? process.env.FANOUT_CLIENTS ?? 5000);
const ROUNDS = Number(process.env.FANOUT_ROUNDS ?? 20);
const INTERVAL_MS = Number(process.env.FANOUT_INTERVAL_MS ?? 250);
// Rounds that warm up both servers (JIT, buffers) before anything is measured.
const WARMUP_ROUNDS = 3;
// The whole run must end: nothing may keep a machine busy unattended.
const RUN_LIMIT_MS = 300_000;

const limit = setTimeout(() => {
  console.error(`bench:fanout did not finish within ${RUN_LIMIT_MS / 1000} s`);
  process.exit(1);
}, RUN_LIMIT_MS);
limit.unref();

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

class Clients {
  readonly #child: ChildProcess;
  #listeners: ((message: Record<string, unknown>) => void)[] = [];

  constructor() {
    this.#child = fork(fileURLToPath(new URL('./clients.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      stdio: 'inherit',
    });
    this.#child.on('message', (message: Record<string, unknown>) => {
      if (message.event === 'failed') {
        console.error('client process failed:', message.message);
        process.exit(1);
      }
      for (const listener of [...this.#listeners]) listener(message);
    });
  }

  waitFor(event: string, match: (m: Record<string, unknown>) => boolean = () => true) {
    return new Promise<Record<string, unknown>>((resolve) => {
      const listener = (message: Record<string, unknown>) => {
        if (message.event !== event || !match(message)) return;
        this.#listeners = this.#listeners.filter((l) => l !== listener);
        resolve(message);
      };
      this.#listeners.push(listener);
    });
  }

  send(command: object): void {
    this.#child.send(command);
  }
}

async function main(): Promise<void> {
  console.info(`bench:fanout: ${CLIENTS} clients per server, ${ROUNDS} rounds`);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: 'memory://',
    MARKET_FEED: 'none',
    WEB_DIST_DIR: '/nonexistent/klik-web-dist',
  });
  const app = await buildApp(config);
  await migrateToLatest(app.deps.db);
  const customer = await createCustomer(app.deps.db);
  await createContract(app.deps.db, { customerId: customer.id, commodity: 'Gas' });
  const user = await createUser(app.deps.db, { customerIds: [customer.id] });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { token } = await login(app, user.username, user.password);
  const klikUrl = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws/${token}`;

  const bare = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await new Promise((resolve) => bare.once('listening', resolve));
  const bareUrl = `ws://127.0.0.1:${(bare.address() as AddressInfo).port}`;

  const clients = new Clients();
  await clients.waitFor('ready');
  const started = Date.now();
  for (const [group, url] of [
    ['klik', klikUrl],
    ['bare', bareUrl],
  ] as const) {
    const connected = clients.waitFor('connected', (m) => m.group === group);
    clients.send({ cmd: 'connect', group, url, count: CLIENTS });
    await connected;
  }
  console.info(
    `connected ${2 * CLIENTS} clients in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  // Every klik client has been greeted and registered before the first round.
  while (app.realtime.connectionCount < CLIENTS) await wait(50);

  const price = (round: number) => ({
    product: 'TTF_GAS' as const,
    yearOfSupply: 2027,
    maturity: 'Y' as const,
    market: 'OTC' as const,
    price: (35 + (round + WARMUP_ROUNDS) / 100).toFixed(2),
    at: new Date().toISOString(),
  });

  for (let round = -WARMUP_ROUNDS; round < ROUNDS; round += 1) {
    // Alternate which server goes first so drift on the machine hits both alike.
    const order =
      Math.abs(round) % 2 === 0 ? (['bare', 'klik'] as const) : (['klik', 'bare'] as const);
    for (const group of order) {
      clients.send({ cmd: 'expect', group, round });
      await clients.waitFor('expecting', (m) => m.round === round);
      const done = clients.waitFor('round-done', (m) => m.round === round);
      if (group === 'klik') {
        await app.market.recorder.record([price(round)], 'INGEST');
      } else {
        // The same shape the portal sends: serialised once, the same bytes to every client.
        const sentAt = performance.timeOrigin + performance.now();
        const payload = { prices: [{ ...price(round), at: new Date().toISOString() }], sentAt };
        const bytes = Buffer.from(
          JSON.stringify({ name: 'priceUpdate', json: JSON.stringify(payload) }),
        );
        for (const socket of bare.clients) socket.send(bytes, { binary: false });
      }
      await done;
      await wait(INTERVAL_MS);
    }
  }

  const resultsMessage = clients.waitFor('results');
  clients.send({ cmd: 'results' });
  const { latencies } = (await resultsMessage) as unknown as {
    latencies: Record<string, number[]>;
  };
  const figures = Object.fromEntries(
    Object.entries(latencies).map(([group, values]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return [
        group,
        { count: values.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) },
      ];
    }),
  ) as Record<'klik' | 'bare', { count: number; p50: number; p99: number }>;

  const row = (name: string, f: { count: number; p50: number; p99: number }) =>
    `| ${name.padEnd(28)} | ${String(f.count).padStart(9)} | ${f.p50.toFixed(1).padStart(8)} | ${f.p99.toFixed(1).padStart(8)} |`;
  console.info('');
  console.info(`| ${'server'.padEnd(28)} | deliveries | p50 (ms) | p99 (ms) |`);
  console.info(`| ${'-'.repeat(28)} | ---------: | -------: | -------: |`);
  console.info(row('bare ws broadcast', figures.bare));
  console.info(row('Klik (/ws/{token}, filtered)', figures.klik));
  const ratio = figures.klik.p99 / figures.bare.p99;
  console.info('');
  console.info(
    `p99 ratio Klik / bare: ${ratio.toFixed(2)} (target <= 1.5); p50 ratio ${(figures.klik.p50 / figures.bare.p50).toFixed(2)}`,
  );

  clients.send({ cmd: 'exit' });
  bare.close();
  await app.close();
  process.exit(ratio <= 1.5 ? 0 : 2);
}

main().catch((error: unknown) => {
  console.error('bench:fanout failed:', error);
  process.exit(1);
});
