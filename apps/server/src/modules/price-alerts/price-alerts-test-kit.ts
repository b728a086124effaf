import { expect } from 'vitest';
import { PRICE_ALERT_PATHS, PriceAlertSchema, type PriceAlertView, pathTo } from '@klik/api';
import type { PriceQuote } from '@klik/api';
import { createContract, createCustomer, createUser, type BuiltUser } from '../../../test/builders';
import { bearer, login, type TestApp } from '../../../test/test-app';

/** A customer with a gas and a power contract for 2027, a user who manages, one who only reads. */
export async function alertWorld(t: TestApp) {
  const customer = await createCustomer(t.db);
  const gas = await createContract(t.db, { customerId: customer.id, commodity: 'Gas' });
  const power = await createContract(t.db, { customerId: customer.id, commodity: 'Power' });
  const owner = await createUser(t.db, { customerIds: [customer.id], name: 'Anna Eigenaar' });
  const colleague = await createUser(t.db, { customerIds: [customer.id], name: 'Bart Collega' });
  const reader = await createUser(t.db, { customerIds: [customer.id], readOnly: true });
  const other = await createCustomer(t.db);
  const outsider = await createUser(t.db, { customerIds: [other.id] });
  const token = async (user: BuiltUser) => (await login(t.app, user.username, user.password)).token;
  return { customer, gas, power, owner, colleague, reader, other, outsider, token };
}

export type AlertWorld = Awaited<ReturnType<typeof alertWorld>>;

/** A valid alert on the gas contract's Q1 2027 OTC price at or below 80, for the owner. */
export function aDraft(world: AlertWorld, overrides: Record<string, unknown> = {}) {
  return {
    contract: world.gas.id,
    yearOfSupply: 2027,
    maturity: 'Q1',
    market: 'OTC',
    direction: 'EQUAL_OR_LOWER',
    price: '80',
    recipients: [world.owner.id],
    expiresOn: '2026-12-31',
    ...overrides,
  };
}

export async function createAlert(
  t: TestApp,
  token: string,
  customerId: number,
  draft: Record<string, unknown>,
): Promise<PriceAlertView> {
  const response = await t.app.inject({
    method: 'POST',
    url: pathTo(PRICE_ALERT_PATHS.list, { customerId }),
    headers: bearer(token),
    payload: draft,
  });
  expect(response.statusCode, response.body).toBe(201);
  return PriceAlertSchema.parse(response.json());
}

/** A gas Q1 2027 OTC price as the feed would record it. */
export function gasPrice(
  price: string,
  at: string,
  overrides: Partial<PriceQuote> = {},
): PriceQuote {
  return {
    product: 'TTF_GAS',
    yearOfSupply: 2027,
    maturity: 'Q1',
    market: 'OTC',
    price,
    at,
    ...overrides,
  };
}

/** Records prices and lets the price alert watcher work through them; answers how many. */
export async function pushPrices(t: TestApp, quotes: readonly PriceQuote[]): Promise<number> {
  const watch = t.app.priceWatches.get('price-alerts');
  if (!watch) throw new Error('no price-alerts watcher');
  // A new watcher starts at the prices recorded from its first round on.
  await watch.drain();
  await t.app.market.recorder.record(quotes, 'INGEST');
  return watch.drain();
}

/** The PRICE_ALERT notifications of a user, oldest first. */
export async function alertNotificationsOf(t: TestApp, userId: number) {
  return t.db
    .selectFrom('notifications')
    .select(['params', 'customer_id', 'contract_id'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'PRICE_ALERT')
    .orderBy('id')
    .execute();
}
