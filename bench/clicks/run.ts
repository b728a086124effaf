// npm run bench:clicks
//
// Click executions over HTTP on PostgreSQL:
//  1. sustained: many users, each on a contract of their own, confirm quotes on positions that
//     do not overlap (M1..M12 in turn) with CONCURRENCY requests in flight: executions per second;
//  2. race: RACERS users confirm quotes on the very same position at once: how long until every
//     one is answered, and that exactly one click got through.
// Each sustained round is also run against a floor: a bare Fastify route on the same database
// that does the least a click must do (lock the contract row, insert the click and its month,
// add the volume to the ledger, commit), so the figure reads as a ratio under any machine load.
// After each part the volume invariant is checked in SQL: no month holds more clicked than total
// volume, and the ledger equals the volume of the clicks that hold volume.
// Needs PostgreSQL on 127.0.0.1:5432 (BENCH_DATABASE_URL to use another); creates and drops its
// own database, listens on loopback only, and ends by itself.
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { MONTHS, type Maturity } from '@klik/domain';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/kernel/config/config';
import { createDatabase, type Db } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { hashSessionToken } from '../../apps/server/src/kernel/auth/session-token';
import { startClickFloor } from './floor';
import { machineLoad } from '../machine-load';
import { pool } from '../bench-kit';
import { adminQuery } from '../../apps/server/test/test-database';
import { volumeInvariant } from './volume-invariant';
import { PURCHASE_PATHS } from '@klik/api';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONTRACTS = Number(process.env.BENCH_CLICK_CONTRACTS ?? 100);
const ROUNDS = Math.min(12, Number(process.env.BENCH_CLICK_ROUNDS ?? 6));
const CONCURRENCY = Number(process.env.BENCH_CLICK_CONCURRENCY ?? 20);
const RACERS = Number(process.env.BENCH_CLICK_RACERS ?? 1000);
/** The domain's refusals a racer may get: the position is full, a click is in progress, or used. */
const RACE_REFUSALS = ['DC_12', 'DC_31', 'QUOTE_USED'];
const RUN_LIMIT_MS = 300_000;
// Friday 2026-11-20 11:00 in Amsterdam: the click window is open whenever the bench runs.
const TRADING_MOMENT = new Date('2026-11-20T10:00:00Z').getTime();

const admin = (text: string) => adminQuery(ADMIN_URL, text);

interface Actor {
  token: string;
  customerId: number;
  contractId: string;
}

/** Users with sessions made directly (signing in 1000 users would time argon2, not clicks). */
async function seed(db: Db, now: Date): Promise<{ sustained: Actor[]; racers: Actor[] }> {
  await sql`insert into market_offers (product, year_of_supply, maturity, market, price, quoted_at)
    select p, 2027, m, k, case when k = 'OTC' then 80 else 79 end, ${now}
    from unnest(array['NL_POWER_PEAK', 'NL_POWER_OFFPEAK']) p,
      unnest(array['Y','Q1','Q2','Q3','Q4','M1','M2','M3','M4','M5','M6','M7','M8','M9','M10','M11','M12']) m,
      unnest(array['OTC', 'ICE']) k`.execute(db);
  // Sustained: a customer of its own per contract, as customers have a few users each (every
  // click notifies all users of its customer). Race: one customer with every racer.
  async function customer(name: string): Promise<number> {
    const { id } = await db
      .insertInto('customers')
      .values({ name })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async function contract(index: number, customerId: number): Promise<string> {
    const contractId = `KL-B${String(index).padStart(6, '0')}`;
    const { id } = await db
      .insertInto('contracts')
      .values({
        contract_id: contractId,
        customer_id: customerId,
        commodity: 'Power',
        product: 'Stroom Peak/Off-peak NL',
        click_type: null,
        click_option: 'PRE_EOD',
        mark_up: '2',
        transaction_fee: '0.25',
        contracted_volume: '2400',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into position_months (contract_id, part, year_of_supply, month, total_volume)
      select ${id}, part, 2027, month, 100
      from unnest(array['Peak', 'OffPeak']) part, generate_series(1, 12) month`.execute(db);
    return contractId;
  }

  async function actors(
    count: number,
    customerOf: (index: number) => Promise<number>,
    contractOf: (index: number, customerId: number) => Promise<string>,
  ) {
    const made: Actor[] = [];
    for (let index = 0; index < count; index += 1) {
      const token = randomBytes(32).toString('base64url');
      const customerId = await customerOf(index);
      const { id } = await db
        .insertInto('users')
        .values({
          username: `bench-${randomBytes(5).toString('hex')}`,
          name: `Bench ${index}`,
          password_hash: 'not-used',
          role: 'customer',
          locale: 'nl',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('user_customers')
        .values({ user_id: id, customer_id: customerId })
        .execute();
      await db
        .insertInto('sessions')
        .values({
          token_hash: hashSessionToken(token),
          user_id: id,
          read_only: false,
          created_at: now,
          last_used_at: now,
          absolute_expires_at: new Date(now.getTime() + 6 * 3600_000),
        })
        .execute();
      made.push({ token, customerId, contractId: await contractOf(index, customerId) });
    }
    return made;
  }

  const sustained = await actors(
    CONTRACTS,
    (index) => customer(`Bench ${index} B.V.`),
    (index, customerId) => contract(index, customerId),
  );
  const raceCustomer = await customer('Race B.V.');
  const shared = await contract(CONTRACTS, raceCustomer);
  const racers = await actors(
    RACERS,
    async () => raceCustomer,
    async () => shared,
  );
  return { sustained, racers };
}

async function main(): Promise<void> {
  const name = `klik_bench_clicks_${process.pid}`;
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const started = Date.now();
  const now = () => new Date(TRADING_MOMENT + (Date.now() - started));
  const config = {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      DATABASE_URL: url.toString(),
      MARKET_FEED: 'none',
      WEB_DIST_DIR: '/nonexistent',
    }),
  };
  const db = await createDatabase({ databaseUrl: url.toString(), dataDir: null });
  const app = await buildApp(config, { db, now });
  try {
    await migrateToLatest(db);
    const { sustained, racers } = await seed(db, now());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const post = async (path: string, token: string, body: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, json: (await response.json()) as Record<string, unknown> };
    };
    const quote = (actor: Actor, maturity: Maturity, percentage: string) =>
      post(PURCHASE_PATHS.quote, actor.token, {
        customerId: actor.customerId,
        contractId: actor.contractId,
        yearOfSupply: 2027,
        maturity,
        market: 'OTC',
        percentage,
      });
    const execute = (actor: Actor, quoteId: string) =>
      post(PURCHASE_PATHS.execute, actor.token, { quoteId, idempotencyKey: randomUUID() });

    // The floor: the least a click must write, under the same lock, over HTTP (./floor.ts).
    const floor = await startClickFloor(url.toString());
    const floorUrl = floor.url;

    const load = machineLoad();
    // 1. Sustained executions on positions that never overlap, round by round against the floor.
    let executed = 0;
    let failed = 0;
    let executeMs = 0;
    let floorDone = 0;
    let floorMs = 0;
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        const maturity = MONTHS[round] as Maturity;
        const quotes = await pool(
          sustained.map((actor) => () => quote(actor, maturity, '50')),
          CONCURRENCY,
        );
        const t0 = performance.now();
        const answers = await pool(
          sustained.map(
            (actor, index) => () => execute(actor, String(quotes[index]?.json.quoteId)),
          ),
          CONCURRENCY,
        );
        executeMs += performance.now() - t0;
        executed += answers.filter((answer) => answer.status === 200).length;
        failed += answers.filter((answer) => answer.status !== 200).length;

        const t1 = performance.now();
        const floorAnswers = await pool(
          sustained.map((actor) => async () => {
            const response = await fetch(floorUrl, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ contractId: actor.contractId, month: 12 - round }),
            });
            await response.arrayBuffer();
            return response.status;
          }),
          CONCURRENCY,
        );
        floorMs += performance.now() - t1;
        floorDone += floorAnswers.filter((status) => status === 200).length;
      }
    } finally {
      await floor.close();
    }
    const floorPerSecond = floorDone / (floorMs / 1000);
    const perSecond = executed / (executeMs / 1000);
    const afterSustained = await volumeInvariant(db);

    // 2. The race: every racer confirms a quote for the same position at the same moment.
    const raceQuotes = await pool(
      racers.map((actor) => () => quote(actor, 'Q1', '100')),
      CONCURRENCY,
    );
    const t1 = performance.now();
    const raceAnswers = await Promise.all(
      racers.map((actor, index) => execute(actor, String(raceQuotes[index]?.json.quoteId))),
    );
    const raceMs = performance.now() - t1;
    const codes = new Map<string, number>();
    // Every racer but one must be refused by the domain, with a 4xx and one of its codes: a 5xx or
    // another code would be a click lost to the server, not a refusal.
    let notDomainRefusals = 0;
    for (const answer of raceAnswers) {
      const code = answer.status === 200 ? 'accepted' : String(answer.json.code);
      codes.set(code, (codes.get(code) ?? 0) + 1);
      if (answer.status !== 200 && (answer.status >= 500 || !RACE_REFUSALS.includes(code))) {
        notDomainRefusals += 1;
      }
    }
    const afterRace = await volumeInvariant(db);

    console.info(
      JSON.stringify(
        {
          sustained: {
            contracts: CONTRACTS,
            rounds: ROUNDS,
            concurrency: CONCURRENCY,
            executions: executed,
            refused: failed,
            executionsPerSecond: Math.round(perSecond),
            floorPerSecond: Math.round(floorPerSecond),
            ratioKlikToFloor: Number((perSecond / floorPerSecond).toFixed(2)),
            invariant: afterSustained,
          },
          race: {
            racers: RACERS,
            allAnsweredMs: Math.round(raceMs),
            answers: Object.fromEntries(codes),
            notDomainRefusals,
            invariant: afterRace,
          },
        },
        null,
        2,
      ),
    );
    const ok =
      failed === 0 &&
      codes.get('accepted') === 1 &&
      notDomainRefusals === 0 &&
      afterSustained.overfilledMonths === 0 &&
      Number(afterSustained.ledgerMinusClicks) === 0 &&
      afterRace.overfilledMonths === 0 &&
      Number(afterRace.ledgerMinusClicks) === 0;
    process.exitCode = load.verdict(
      ok,
      'volume invariant holds',
      'INVARIANT OR EXPECTATION VIOLATED',
    );
  } finally {
    await app.close();
    await db.destroy();
    await admin(`drop database if exists ${name} with (force)`);
  }
}

const limit = setTimeout(() => {
  console.error(`bench:clicks did not finish within ${RUN_LIMIT_MS / 1000} s`);
  process.exit(1);
}, RUN_LIMIT_MS);
limit.unref();

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
