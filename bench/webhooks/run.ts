// npm run bench:webhooks
//
// Webhook deliveries (docs/webhooks.md) on PostgreSQL, with the delivery worker as it runs in
// production (WEBHOOK_CONCURRENCY, WEBHOOK_POLL_MS from the environment, their defaults otherwise):
//  1. throughput: BENCH_WEBHOOK_BURST messages written at once for ENDPOINTS customers, each with
//     an endpoint on a local receiver that verifies every signature: deliveries per second, and
//     the delay from each message's commit to its arrival at p50/p99;
//  2. delay: BENCH_WEBHOOK_TRICKLE messages written one at a time every 20 ms: the delay from
//     commit to arrival at p50/p99 when nothing queues;
//  3. a click's own latency (quote, then confirm) with no webhook work and again while
//     BENCH_WEBHOOK_BACKLOG deliveries wait on endpoints that never answer (each attempt held
//     until its timeout): p50/p99 of both and their ratio.
// The floor of 1, measured in the same run: a bare HTTP POST loop with the worker's concurrency,
// sending the same bodies to the same receiver. Reports; asserts only that every message arrived
// exactly once with a valid signature.
// Needs PostgreSQL on 127.0.0.1:5432 (BENCH_DATABASE_URL to use another); creates and drops its
// own database, listens on loopback only, and ends by itself.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { PURCHASE_PATHS, WEBHOOK_PATHS, WebhookEndpointWithSecretSchema, pathTo } from '@klik/api';
import { MONTHS, type Maturity } from '@klik/domain';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/kernel/config/config';
import type { Db } from '../../apps/server/src/db/database';
import { enqueueWebhook } from '../../apps/server/src/kernel/webhooks/enqueue-webhook';
import { benchSession, pool, runBench, type BenchContext } from '../bench-kit';
import { machineLoad } from '../machine-load';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ENDPOINTS = Number(process.env.BENCH_WEBHOOK_ENDPOINTS ?? 20);
const BURST = Number(process.env.BENCH_WEBHOOK_BURST ?? 4000);
const TRICKLE = Number(process.env.BENCH_WEBHOOK_TRICKLE ?? 150);
const BACKLOG = Number(process.env.BENCH_WEBHOOK_BACKLOG ?? 10_000);
const CLICKS = Number(process.env.BENCH_WEBHOOK_CLICKS ?? 40);
const RUN_LIMIT_MS = 480_000;
// Friday 2026-11-20 11:00 in Amsterdam: the click window is open whenever the bench runs.
const TRADING_MOMENT = new Date('2026-11-20T10:00:00Z').getTime();

/** What the receiver got: per webhook-id the arrival time (ms, performance clock) and count. */
interface Receiver {
  url: string;
  arrivals: Map<string, { at: number; count: number }>;
  badSignatures: number;
  /** true: accept and never answer (the attempt waits for the worker's timeout). */
  hang: boolean;
  close: () => Promise<void>;
}

async function startReceiver(secrets: Map<string, Webhook>): Promise<Receiver> {
  const held: ServerResponse[] = [];
  const state: Receiver = {
    url: '',
    arrivals: new Map(),
    badSignatures: 0,
    hang: false,
    close: async () => {},
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (state.hang) {
        held.push(response);
        return;
      }
      if (request.url === '/floor') {
        response.writeHead(204).end();
        return;
      }
      const at = performance.now();
      const body = Buffer.concat(chunks).toString('utf8');
      const id = String(request.headers['webhook-id']);
      // The endpoint is named in the path, so each delivery is checked with its own secret.
      const verifier = secrets.get(request.url ?? '');
      try {
        if (!verifier) throw new Error('unknown endpoint');
        verifier.verify(body, request.headers as Record<string, string>);
      } catch {
        state.badSignatures += 1;
      }
      const seen = state.arrivals.get(id);
      state.arrivals.set(id, { at: seen?.at ?? at, count: (seen?.count ?? 0) + 1 });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = async () => {
    for (const response of held) response.destroy();
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  };
  return state;
}

const at = (sorted: readonly number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Customers with a user manager each, and one clicking customer with a contract and offers. */
async function seed(db: Db, now: Date) {
  await sql`insert into market_offers (product, year_of_supply, maturity, market, price, quoted_at)
    select p, 2027, m, 'OTC', 80, ${now}
    from unnest(array['NL_POWER_PEAK', 'NL_POWER_OFFPEAK']) p,
      unnest(array['Y','Q1','Q2','Q3','Q4','M1','M2','M3','M4','M5','M6','M7','M8','M9','M10','M11','M12']) m`.execute(
    db,
  );
  const user = async (customerId: number, manageUsers: boolean) => {
    const { id } = await db
      .insertInto('users')
      .values({
        username: `bench-${randomBytes(5).toString('hex')}`,
        name: 'Bench',
        password_hash: 'not-used',
        role: 'customer',
        locale: 'nl',
        manage_users: manageUsers,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_customers')
      .values({ user_id: id, customer_id: customerId })
      .execute();
    return benchSession(db, id, now);
  };
  const managers: { customerId: number; token: string }[] = [];
  for (let index = 0; index < ENDPOINTS + 1; index += 1) {
    const { id } = await db
      .insertInto('customers')
      .values({ name: `Bench ${index} B.V.` })
      .returning('id')
      .executeTakeFirstOrThrow();
    managers.push({ customerId: id, token: await user(id, true) });
  }
  // The last customer clicks and has no endpoint: its click writes its own messages, nobody
  // receives them, so phase 3 measures the click and nothing else.
  const clicker = managers.pop()!;
  // A month can hold one click in progress: a contract of its own for every twelve clicks.
  const contractIds: string[] = [];
  for (let index = 0; index < Math.ceil((2 * CLICKS) / 12); index += 1) {
    const contractId = `KL-W${String(index).padStart(6, '0')}`;
    const { id } = await db
      .insertInto('contracts')
      .values({
        contract_id: contractId,
        customer_id: clicker.customerId,
        commodity: 'Power',
        product: 'Stroom Peak/Off-peak NL',
        click_type: null,
        click_option: 'PRE_EOD',
        mark_up: '2',
        transaction_fee: '0.25',
        contracted_volume: '24000',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into position_months (contract_id, part, year_of_supply, month, total_volume)
      select ${id}, part, 2027, month, 1000
      from unnest(array['Peak', 'OffPeak']) part, generate_series(1, 12) month`.execute(db);
    contractIds.push(contractId);
  }
  return { managers, clicker: { ...clicker, contractIds } };
}

async function main({ db, databaseUrl, closers }: BenchContext): Promise<void> {
  const started = Date.now();
  const now = () => new Date(TRADING_MOMENT + (Date.now() - started));
  const { managers, clicker } = await seed(db, now());
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATABASE_URL: databaseUrl,
    MARKET_FEED: 'none',
    WEB_DIST_DIR: '/nonexistent',
  });
  const app = await buildApp(config, { db, now });
  closers.unshift(() => app.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  app.startBackgroundJobs();
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };

  // Each customer's endpoint, made as its user manager would, on its own path of the receiver.
  const secrets = new Map<string, Webhook>();
  const receiver = await startReceiver(secrets);
  closers.unshift(() => receiver.close());
  for (const manager of managers) {
    const path = `/hook/${manager.customerId}`;
    const endpoint = WebhookEndpointWithSecretSchema.parse(
      await call(
        'POST',
        pathTo(WEBHOOK_PATHS.endpoints, { customerId: manager.customerId }),
        manager.token,
        {
          url: `${receiver.url}${path}`,
          description: 'bench',
          eventTypes: ['click.created'],
        },
      ),
    );
    secrets.set(path, new Webhook(endpoint.secret));
  }

  // Writes messages in one transaction; answers their ids with the moment the commit returned.
  const commits = new Map<string, number>();
  const write = async (count: number, offset: number) => {
    const ids: string[] = [];
    await db.transaction().execute(async (trx) => {
      for (let index = 0; index < count; index += 1) {
        const manager = managers[(offset + index) % managers.length]!;
        ids.push(
          await enqueueWebhook(trx, {
            customerId: manager.customerId,
            type: 'click.created',
            data: { clickId: offset + index, contractId: 'KL-BENCH', volume: '100.000' },
            at: now(),
          }),
        );
      }
    });
    const committed = performance.now();
    for (const id of ids) commits.set(id, committed);
    // A change's commit publishes its durable bus event, which wakes the worker (docs/webhooks.md);
    // messages written here directly wake it the same way.
    app.webhookWorker.wake();
    return ids;
  };
  const delays = (ids: readonly string[]) =>
    ids.map((id) => receiver.arrivals.get(id)!.at - commits.get(id)!).sort((a, b) => a - b);
  const arrived = async (ids: readonly string[], limitMs: number) => {
    const until = Date.now() + limitMs;
    while (ids.some((id) => !receiver.arrivals.has(id))) {
      if (Date.now() > until) throw new Error('deliveries did not all arrive in time');
      await new Promise((done) => setTimeout(done, 20));
    }
  };

  const load = machineLoad();
  // 1. Throughput: a burst, written in transactions of 100.
  const burstStart = performance.now();
  const burstIds: string[] = [];
  for (let offset = 0; offset < BURST; offset += 100) {
    burstIds.push(...(await write(Math.min(100, BURST - offset), offset)));
  }
  await arrived(burstIds, 300_000);
  const lastArrival = Math.max(...burstIds.map((id) => receiver.arrivals.get(id)!.at));
  const perSecond = BURST / ((lastArrival - burstStart) / 1000);
  const burstDelays = delays(burstIds);

  // The floor: the same bodies posted by a bare loop with the worker's concurrency.
  const body = JSON.stringify({
    type: 'click.created',
    timestamp: new Date().toISOString(),
    customerId: managers[0]!.customerId,
    data: { clickId: 1, contractId: 'KL-BENCH', volume: '100.000' },
  });
  const floorStart = performance.now();
  await pool(
    Array.from({ length: BURST }, (_, index) => async () => {
      const id = `msg_floor${index}`;
      const response = await fetch(`${receiver.url}/floor`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'webhook-id': id },
        body,
      });
      await response.arrayBuffer();
    }),
    config.webhooks.concurrency,
  );
  const floorPerSecond = BURST / ((performance.now() - floorStart) / 1000);
  load.note();

  // 2. Delay when nothing queues: one message every 20 ms.
  const trickleIds: string[] = [];
  for (let index = 0; index < TRICKLE; index += 1) {
    trickleIds.push(...(await write(1, BURST + index)));
    await new Promise((done) => setTimeout(done, 20));
  }
  await arrived(trickleIds, 120_000);
  const trickleDelays = delays(trickleIds);
  load.note();

  // 3. A click's latency, without webhook work and while a backlog waits on hanging endpoints.
  let clickNumber = 0;
  const clickMs = async () => {
    const maturity = MONTHS[clickNumber % 12] as Maturity;
    const contractId = clicker.contractIds[Math.floor(clickNumber / 12)]!;
    clickNumber += 1;
    const quote = await call('POST', PURCHASE_PATHS.quote, clicker.token, {
      customerId: clicker.customerId,
      contractId,
      yearOfSupply: 2027,
      maturity,
      market: 'OTC',
      percentage: '5',
    });
    const t0 = performance.now();
    await call('POST', PURCHASE_PATHS.execute, clicker.token, {
      quoteId: quote.quoteId,
      idempotencyKey: randomUUID(),
    });
    return performance.now() - t0;
  };
  const clicks = async () => {
    const times: number[] = [];
    for (let index = 0; index < CLICKS; index += 1) times.push(await clickMs());
    return times.sort((a, b) => a - b);
  };
  const quiet = await clicks();
  receiver.hang = true;
  for (let offset = 0; offset < BACKLOG; offset += 500) {
    await write(Math.min(500, BACKLOG - offset), BURST + TRICKLE + offset);
  }
  // Wait until the worker has fanned the backlog out and holds its slots on the hanging endpoints.
  const until = Date.now() + 120_000;
  for (;;) {
    const { waiting } = await db
      .selectFrom('webhook_deliveries')
      .select(db.fn.countAll<string>().as('waiting'))
      .where('status', 'in', ['pending', 'failed'])
      .executeTakeFirstOrThrow();
    if (Number(waiting) >= BACKLOG) break;
    if (Date.now() > until) throw new Error('the backlog was not fanned out in time');
    await new Promise((done) => setTimeout(done, 100));
  }
  const busy = await clicks();
  load.note();

  const duplicates = [...receiver.arrivals.values()].filter((one) => one.count > 1).length;
  console.info(
    `1. burst: ${BURST} messages to ${ENDPOINTS} endpoints (concurrency ` +
      `${config.webhooks.concurrency}, poll ${config.webhooks.pollMs} ms)`,
  );
  console.info(
    `   Klik: ${perSecond.toFixed(0)} deliveries/s; commit to arrival p50 ` +
      `${ms(at(burstDelays, 0.5))}, p99 ${ms(at(burstDelays, 0.99))}`,
  );
  console.info(`   floor (bare POST loop, same bodies): ${floorPerSecond.toFixed(0)} posts/s`);
  console.info(`   ratio Klik / floor: ${(perSecond / floorPerSecond).toFixed(2)}`);
  console.info(
    `2. trickle: ${TRICKLE} messages, one every 20 ms: commit to arrival p50 ` +
      `${ms(at(trickleDelays, 0.5))}, p99 ${ms(at(trickleDelays, 0.99))}`,
  );
  console.info(
    `3. click confirm, ${CLICKS} each: quiet p50 ${ms(at(quiet, 0.5))}, p99 ${ms(at(quiet, 0.99))}; ` +
      `with ${BACKLOG} deliveries waiting p50 ${ms(at(busy, 0.5))}, p99 ${ms(at(busy, 0.99))}; ` +
      `p50 ratio ${(at(busy, 0.5) / at(quiet, 0.5)).toFixed(2)}`,
  );
  console.info(
    `   every message arrived: ${burstIds.length + trickleIds.length} ids, ` +
      `${duplicates} more than once, ${receiver.badSignatures} bad signatures`,
  );
  process.exitCode = load.verdict(
    receiver.badSignatures === 0,
    'every delivery verified',
    'A DELIVERY FAILED VERIFICATION',
  );
}

runBench({ adminUrl: ADMIN_URL, prefix: 'klik_bench_webhooks', limitMs: RUN_LIMIT_MS }, main);
