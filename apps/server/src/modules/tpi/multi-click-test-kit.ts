import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import {
  MultiClickPreviewSchema,
  MultiClickResultSchema,
  type MultiClickPreview,
  type MultiClickPreviewBody,
  type MultiClickResult,
  type Quote,
  TPI_PATHS,
} from '@klik/api';
import {
  createContract,
  createCustomer,
  createUser,
  type BuiltContract,
  type BuiltCustomer,
  type BuiltUser,
} from '../../../test/builders';
import { bearer, login } from '../../../test/test-app';
import { purchaseWorld, type PurchaseWorld } from '../purchase/purchase-test-kit';

export interface MultiClickWorld extends PurchaseWorld {
  /** The purchase world's customer and two more with a Power contract for 2027 each. */
  customers: BuiltCustomer[];
  contracts: BuiltContract[];
  /** A TPI consultant linked to every customer, signed in. */
  tpi: BuiltUser;
  tpiToken: string;
}

/** Three customers with the same Power position; the second requires four-eyes approval. */
export async function multiClickWorld(): Promise<MultiClickWorld> {
  const world = await purchaseWorld();
  const customers = [world.customer];
  const contracts = [world.contract];
  for (let index = 0; index < 2; index += 1) {
    const customer = await createCustomer(world.t.db);
    customers.push(customer);
    contracts.push(
      await createContract(world.t.db, {
        customerId: customer.id,
        commodity: 'Power',
        years: [2027],
        monthlyVolume: '100',
        clickOption: 'PRE_EOD',
      }),
    );
  }
  await world.t.db
    .updateTable('customers')
    .set({ require_approval: true })
    .where('id', '=', (customers[1] as BuiltCustomer).id)
    .execute();
  const tpi = await createUser(world.t.db, {
    role: 'consultant',
    allowTPIPage: true,
    customerIds: customers.map((customer) => customer.id),
  });
  const session = await login(world.t.app, tpi.username, tpi.password);
  return { ...world, customers, contracts, tpi, tpiToken: session.token };
}

export function postPreview(
  world: MultiClickWorld,
  /** Fields over the defaults; bad values too, for the 400 tests. */
  body: Record<string, unknown> = {},
  token = world.tpiToken,
): Promise<LightMyRequestResponse> {
  return world.t.app.inject({
    method: 'POST',
    url: TPI_PATHS.multiClickPreview,
    headers: bearer(token),
    payload: {
      customerIds: world.customers.map((customer) => customer.id),
      commodity: 'Power',
      yearOfSupply: 2027,
      maturity: 'Y',
      percentage: '10',
      ...body,
    },
  });
}

export async function previewOk(
  world: MultiClickWorld,
  body: Partial<MultiClickPreviewBody> = {},
): Promise<MultiClickPreview> {
  const response = await postPreview(world, body);
  if (response.statusCode !== 200) {
    throw new Error(`preview answered ${response.statusCode}: ${response.body}`);
  }
  return MultiClickPreviewSchema.parse(response.json());
}

/** Every quote of a preview, in its order. */
export function quotesOf(preview: MultiClickPreview): Quote[] {
  return preview.customers.flatMap((customer) =>
    customer.lines.flatMap((line) => (line.quote ? [line.quote] : [])),
  );
}

export function itemsFor(quotes: Quote[]): { quoteId: string; idempotencyKey: string }[] {
  return quotes.map((quote) => ({ quoteId: quote.quoteId, idempotencyKey: randomUUID() }));
}

export function postMultiExecute(
  world: MultiClickWorld,
  items: { quoteId: string; idempotencyKey: string }[],
  token = world.tpiToken,
): Promise<LightMyRequestResponse> {
  return world.t.app.inject({
    method: 'POST',
    url: TPI_PATHS.multiClickExecute,
    headers: bearer(token),
    payload: { items },
  });
}

export async function multiExecuteOk(
  world: MultiClickWorld,
  items: { quoteId: string; idempotencyKey: string }[],
): Promise<MultiClickResult> {
  const response = await postMultiExecute(world, items);
  if (response.statusCode !== 200) {
    throw new Error(`execute answered ${response.statusCode}: ${response.body}`);
  }
  return MultiClickResultSchema.parse(response.json());
}
