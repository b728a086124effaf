// The fan-out bench's own PostgreSQL database: created, migrated and filled here, dropped at the
// end. Two server instances must share one database, so this is PostgreSQL, never PGlite.
import { randomBytes } from 'node:crypto';
import { MARKET_PRODUCTS, type MarketProduct } from '@klik/api';
import { createDatabase, type Db } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { hashSessionToken } from '../../apps/server/src/kernel/auth/session-token';
import { createContract, createCustomer } from '../../apps/server/test/builders';
import { adminQuery } from '../../apps/server/test/test-database';

/** A contract product of the bench's own whose two power parts are both priced on baseload. */
const BASELOAD_PRODUCT = 'Stroom Baseload NL';

type ContractKind = 'gas' | 'peakOffPeak' | 'baseload';

/**
 * Customer portfolios, assigned in turn: seven audiences (distinct sets of market products), and
 * every market product reaches four of the seven, so each price reaches about 4/7 of the clients.
 */
const PORTFOLIOS: readonly (readonly ContractKind[])[] = [
  ['gas'],
  ['peakOffPeak'],
  ['baseload'],
  ['gas', 'peakOffPeak'],
  ['gas', 'baseload'],
  ['baseload', 'peakOffPeak'],
  ['gas', 'peakOffPeak', 'baseload'],
];

const PRODUCTS_OF: Record<ContractKind, readonly MarketProduct[]> = {
  gas: ['TTF_GAS'],
  peakOffPeak: ['NL_POWER_PEAK', 'NL_POWER_OFFPEAK'],
  baseload: ['NL_POWER_BASE'],
};

/** One websocket client to be: a session of its own, of a user of one customer. */
export interface BenchClient {
  token: string;
  customerId: number;
  /** The market products of the customer's contracts: the prices this client must receive. */
  products: MarketProduct[];
}

export interface BenchDatabase {
  url: string;
  db: Db;
  clients: BenchClient[];
  /** How many distinct product sets the clients hold. */
  audiences: number;
  drop(): Promise<void>;
}

/**
 * A fresh database with `customers` customers and `clients` sessions (fillFanoutDatabase), dropped
 * by the answer's drop().
 */
export async function seedFanoutDatabase(
  adminUrl: string,
  customers: number,
  clients: number,
): Promise<BenchDatabase> {
  const name = `klik_bench_fanout_${randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await createDatabase({ databaseUrl: url.toString(), dataDir: null });
  const drop = async () => {
    await db.destroy().catch(() => {});
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  };
  try {
    await migrateToLatest(db);
    const filled = await fillFanoutDatabase(db, customers, clients);
    return { url: url.toString(), db, ...filled, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}

/**
 * `customers` customers (contracts per PORTFOLIOS) and `clients` customer users spread evenly over
 * them, each with a session made directly: signing in thousands of users would time argon2, not
 * the fan-out. `now` is the portal's clock (bench:cluster runs it at CLOCK_START).
 */
export async function fillFanoutDatabase(
  db: Db,
  customers: number,
  clients: number,
  now = new Date(),
): Promise<{ clients: BenchClient[]; audiences: number }> {
  await db
    .insertInto('pricing_ids')
    .values([
      { product: BASELOAD_PRODUCT, part: 'Peak', market_product: 'NL_POWER_BASE' },
      { product: BASELOAD_PRODUCT, part: 'OffPeak', market_product: 'NL_POWER_BASE' },
    ])
    .execute();

  const productsOfCustomer: { id: number; products: MarketProduct[] }[] = [];
  for (let index = 0; index < customers; index += 1) {
    const customer = await createCustomer(db, { name: `Fan-out ${index} B.V.`, dashboards: [] });
    const portfolio = PORTFOLIOS[index % PORTFOLIOS.length] ?? ['gas'];
    for (const kind of portfolio) {
      await createContract(db, {
        customerId: customer.id,
        commodity: kind === 'gas' ? 'Gas' : 'Power',
        ...(kind === 'baseload' ? { product: BASELOAD_PRODUCT } : {}),
      });
    }
    const products = MARKET_PRODUCTS.filter((product) =>
      portfolio.some((kind) => PRODUCTS_OF[kind].includes(product)),
    );
    productsOfCustomer.push({ id: customer.id, products });
  }

  const made: BenchClient[] = [];
  const BATCH = 500;
  for (let start = 0; start < clients; start += BATCH) {
    const customersOfBatch = Array.from(
      { length: Math.min(BATCH, clients - start) },
      (_, i) => productsOfCustomer[(start + i) % customers] as (typeof productsOfCustomer)[0],
    );
    const tokens = await customerSessions(
      db,
      customersOfBatch.map((customer) => customer.id),
      now,
      `fanout-${start}`,
    );
    customersOfBatch.forEach((customer, i) => {
      made.push({
        token: tokens[i] as string,
        customerId: customer.id,
        products: customer.products,
      });
    });
  }
  const audiences = new Set(productsOfCustomer.map((c) => c.products.join(','))).size;
  return { clients: made, audiences };
}

/**
 * A customer user per customer id given (one user per entry), each with a session made directly;
 * answers their session tokens in the same order. `now` is the portal's clock.
 */
export async function customerSessions(
  db: Db,
  customerIds: number[],
  now: Date,
  namePrefix: string,
): Promise<string[]> {
  if (customerIds.length === 0) return [];
  const users = await db
    .insertInto('users')
    .values(
      customerIds.map((_, index) => ({
        username: `${namePrefix}-${index}-${randomBytes(3).toString('hex')}`,
        name: `${namePrefix} ${index}`,
        password_hash: 'not-used',
        role: 'customer' as const,
        locale: 'nl',
        email: null,
      })),
    )
    .returning('id')
    .execute();
  await db
    .insertInto('user_customers')
    .values(users.map((user, i) => ({ user_id: user.id, customer_id: customerIds[i] as number })))
    .execute();
  const tokens = users.map(() => randomBytes(32).toString('base64url'));
  await db
    .insertInto('sessions')
    .values(
      users.map((user, i) => ({
        token_hash: hashSessionToken(tokens[i] as string),
        user_id: user.id,
        read_only: false,
        created_at: now,
        last_used_at: now,
        absolute_expires_at: new Date(now.getTime() + 6 * 3600_000),
      })),
    )
    .execute();
  return tokens;
}
