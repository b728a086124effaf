import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach } from 'vitest';
import {
  ExecuteResponseSchema,
  QuoteSchema,
  type Quote,
  type QuoteBody,
  PURCHASE_PATHS,
} from '@klik/api';
import { fromDec, toDec, type Maturity } from '@klik/domain';
import {
  createContract,
  createCustomer,
  createOffers,
  createUser,
  type BuiltContract,
  type BuiltCustomer,
  type BuiltUser,
} from '../../../test/builders';
import { bearer, buildTestApp, login, type TestApp } from '../../../test/test-app';
import { TestClock } from '../../../test/test-clock';
import type { TestDatabase } from '../../../test/test-database';
import type { Db } from '../../db/database';

/** Friday 2026-11-20 11:00 in Amsterdam: OTC and ICE end-of-day are open. */
export const FRIDAY_11 = new Date('2026-11-20T10:00:00Z');

export interface PurchaseWorld {
  t: TestApp;
  customer: BuiltCustomer;
  user: BuiltUser;
  token: string;
  contract: BuiltContract;
  /** Every clickUpdate published on the bus. */
  clickUpdates: { contractId: string; customerId: number }[];
}

/**
 * A power contract for 2027 (100 MWh per part per month, mark-up 2, fee 0.25) of a customer
 * with one signed-in user, offers for every maturity (OTC Peak 80 / OffPeak 60, ICE 79 / 59),
 * and the clock at Friday 11:00.
 */
export async function purchaseWorld(
  options: {
    env?: Record<string, string>;
    contract?: Partial<Parameters<typeof createContract>[1]>;
    /** The database of the world (buildTestApp's option); a fresh one when not given. */
    database?: TestDatabase;
  } = {},
): Promise<PurchaseWorld> {
  const t = await buildTestApp({
    clock: new TestClock(FRIDAY_11),
    env: options.env,
    database: options.database,
  });
  const customer = await createCustomer(t.db);
  const user = await createUser(t.db, { customerIds: [customer.id] });
  const contract = await createContract(t.db, {
    customerId: customer.id,
    commodity: 'Power',
    years: [2027],
    monthlyVolume: '100',
    clickOption: 'PRE_EOD',
    ...options.contract,
  });
  await createOffers(t.db, {
    product: 'NL_POWER_PEAK',
    yearOfSupply: 2027,
    otcPrice: '80',
    icePrice: '79',
  });
  await createOffers(t.db, {
    product: 'NL_POWER_OFFPEAK',
    yearOfSupply: 2027,
    otcPrice: '60',
    icePrice: '59',
  });
  const session = await login(t.app, user.username, user.password);
  const clickUpdates: PurchaseWorld['clickUpdates'] = [];
  t.app.deps.bus.subscribe('clickUpdate', (payload) => clickUpdates.push(payload));
  return { t, customer, user, token: session.token, contract, clickUpdates };
}

/**
 * Opens a purchase world for the test that asks, and closes it after that test: one call per test
 * file, `const openWorld = purchaseWorlds();`, then `const w = await openWorld(options)`.
 */
export function purchaseWorlds(): (
  options?: Parameters<typeof purchaseWorld>[0],
) => Promise<PurchaseWorld> {
  let world: PurchaseWorld | undefined;
  afterEach(async () => {
    await world?.t.close();
    world = undefined;
  });
  return async (options) => {
    world = await purchaseWorld(options);
    return world;
  };
}

export function postQuote(
  world: PurchaseWorld,
  body: Partial<QuoteBody> & { maturity?: Maturity },
  token = world.token,
): Promise<LightMyRequestResponse> {
  return world.t.app.inject({
    method: 'POST',
    url: PURCHASE_PATHS.quote,
    headers: bearer(token),
    payload: {
      customerId: world.customer.id,
      contractId: world.contract.contractId,
      yearOfSupply: 2027,
      maturity: 'Q1',
      market: 'OTC',
      ...(body.volumes === undefined && body.percentage === undefined ? { percentage: '25' } : {}),
      ...body,
    },
  });
}

export async function quoteOk(
  world: PurchaseWorld,
  body: Partial<QuoteBody> = {},
  token = world.token,
): Promise<Quote> {
  const response = await postQuote(world, body, token);
  if (response.statusCode !== 200) {
    throw new Error(`quote answered ${response.statusCode}: ${response.body}`);
  }
  return QuoteSchema.parse(response.json());
}

export function postExecute(
  world: PurchaseWorld,
  body: {
    quoteId: string;
    idempotencyKey?: string;
    acceptedTermsVersion?: number;
    smsCode?: string;
    totpCode?: string;
  },
  token = world.token,
): Promise<LightMyRequestResponse> {
  return world.t.app.inject({
    method: 'POST',
    url: PURCHASE_PATHS.execute,
    headers: bearer(token),
    payload: { idempotencyKey: randomUUID(), ...body },
  });
}

export async function executeOk(
  world: PurchaseWorld,
  quoteId: string,
  token = world.token,
): Promise<ReturnType<typeof ExecuteResponseSchema.parse>['click']> {
  const response = await postExecute(world, { quoteId }, token);
  if (response.statusCode !== 200) {
    throw new Error(`execute answered ${response.statusCode}: ${response.body}`);
  }
  return ExecuteResponseSchema.parse(response.json()).click;
}

/** Signs the world's user in again (after the clock jumped past the session's life). */
export async function relogin(world: PurchaseWorld): Promise<void> {
  world.token = (await login(world.t.app, world.user.username, world.user.password)).token;
}

/** Another signed-in user of the world's customer. */
export async function secondUser(
  world: PurchaseWorld,
  options: Parameters<typeof createUser>[1] = {},
): Promise<{ user: BuiltUser; token: string }> {
  const user = await createUser(world.t.db, { customerIds: [world.customer.id], ...options });
  const session = await login(world.t.app, user.username, user.password);
  return { user, token: session.token };
}

/** The ledger of a contract's year per part and month. */
export async function ledger(
  db: Db,
  contractId: number,
): Promise<{ part: string; month: number; clicked: string; cost: string }[]> {
  const rows = await db
    .selectFrom('position_months')
    .select(['part', 'month', 'clicked_volume', 'clicked_cost'])
    .where('contract_id', '=', contractId)
    .orderBy('part')
    .orderBy('month')
    .execute();
  return rows.map((row) => ({
    part: row.part,
    month: row.month,
    clicked: fromDec(toDec(row.clicked_volume)),
    cost: fromDec(toDec(row.clicked_cost)),
  }));
}

/** Sum of clicked volume of some months of one part. */
export async function clickedIn(
  db: Db,
  contractId: number,
  part: string,
  months: number[],
): Promise<string> {
  const row = await db
    .selectFrom('position_months')
    .select((eb) => eb.fn.sum<string>('clicked_volume').as('sum'))
    .where('contract_id', '=', contractId)
    .where('part', '=', part as 'Peak')
    .where('month', 'in', months)
    .executeTakeFirstOrThrow();
  return fromDec(toDec(String(row.sum ?? '0')));
}

/** The world's customer requires a second user's approval of every click (four eyes). */
export async function requireApproval(world: PurchaseWorld): Promise<void> {
  await world.t.db
    .updateTable('customers')
    .set({ require_approval: true })
    .where('id', '=', world.customer.id)
    .execute();
}
