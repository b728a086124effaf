import type { LightMyRequestResponse } from 'fastify';
import {
  ErrorBodySchema,
  StandingOrderSchema,
  type MarketProduct,
  type PlaceStandingOrderBody,
  type StandingOrder,
  STANDING_ORDER_PATHS,
} from '@klik/api';
import type { Maturity } from '@klik/domain';
import { bearer } from '../../../test/test-app';
import {
  purchaseWorlds,
  type purchaseWorld,
  type PurchaseWorld,
} from '../purchase/purchase-test-kit';

/*
 * The purchase world's contract (power 2027, 100 MWh per part per month, mark-up 2, fee 0.25;
 * OTC Peak 80 / Off-peak 60): 25% of Q1 is quoted at click prices 82.25 and 62.25, 72.25 on
 * average, so a limit of 70 is met once Peak falls to 75 (click price (77.25 + 62.25) / 2).
 */

/**
 * For a test file of standing orders: each call makes a purchase world (purchase-test-kit), with
 * the watcher started when `watching`; the world is closed after its test.
 */
export function standingOrderWorlds(
  watching = false,
): (options?: Parameters<typeof purchaseWorld>[0]) => Promise<PurchaseWorld> {
  const openWorld = purchaseWorlds();
  return async (options = {}) => {
    const world = await openWorld(options);
    if (watching) await startWatching(world);
    return world;
  };
}

export function placeOrder(
  w: PurchaseWorld,
  body: Partial<PlaceStandingOrderBody> = {},
  token = w.token,
): Promise<LightMyRequestResponse> {
  return w.t.app.inject({
    method: 'POST',
    url: STANDING_ORDER_PATHS.orders,
    headers: bearer(token),
    payload: {
      customerId: w.customer.id,
      contractId: w.contract.contractId,
      yearOfSupply: 2027,
      maturity: 'Q1',
      ...(body.volumes === undefined && body.percentage === undefined ? { percentage: '25' } : {}),
      ...(body.limitPrice === undefined && body.stopPrice === undefined
        ? { limitPrice: '70' }
        : {}),
      ...body,
    },
  });
}

export async function placeOk(
  w: PurchaseWorld,
  body: Partial<PlaceStandingOrderBody> = {},
  token = w.token,
): Promise<StandingOrder> {
  const response = await placeOrder(w, body, token);
  if (response.statusCode !== 200) {
    throw new Error(`place answered ${response.statusCode}: ${response.body}`);
  }
  return StandingOrderSchema.parse(response.json());
}

export function codeOf(response: { body: string }): string {
  return ErrorBodySchema.parse(JSON.parse(response.body)).code;
}

/** The standing orders' watcher of the app, ready: its cursor starts before the next price. */
export async function startWatching(w: PurchaseWorld): Promise<void> {
  await w.t.app.priceWatches.get('standing-orders')?.drain();
}

/** Records prices as the ingest endpoint would, and lets the watcher act on them. */
export async function pushPrices(
  w: PurchaseWorld,
  prices: { product: MarketProduct; price: string; maturity?: Maturity; market?: 'OTC' | 'ICE' }[],
): Promise<number> {
  const at = w.t.app.deps.now().toISOString();
  await w.t.app.market.recorder.record(
    prices.map((price) => ({
      product: price.product,
      yearOfSupply: 2027,
      maturity: price.maturity ?? 'Q1',
      market: price.market ?? 'OTC',
      price: price.price,
      at,
    })),
    'INGEST',
  );
  return (await w.t.app.priceWatches.get('standing-orders')?.drain()) ?? 0;
}

export async function orderRow(w: PurchaseWorld, id: number) {
  return w.t.db
    .selectFrom('standing_orders')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

export async function clicksOf(w: PurchaseWorld) {
  return w.t.db
    .selectFrom('clicks')
    .select(['id', 'status', 'created_by', 'idempotency_key', 'quote_id'])
    .where('contract_id', '=', w.contract.id)
    .orderBy('id')
    .execute();
}

export async function auditActions(w: PurchaseWorld, prefix: string) {
  const rows = await w.t.db
    .selectFrom('audit_log')
    .select(['action', 'outcome', 'details', 'actor_user_id', 'subject'])
    .where('action', 'like', `${prefix}%`)
    .orderBy('id')
    .execute();
  return rows;
}
