import type { MarketProduct } from '@klik/api';
import type { Db } from '../../db/database';
import { marketProductsOfContracts } from '../../kernel/pricing/margin-pricing';

export interface CustomerAccess {
  customerIds: Set<number>;
  products: Set<MarketProduct>;
}

/** The customers each user is linked to and the market products of those customers' contracts. */
export async function customerAccessOf(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, CustomerAccess>> {
  const access = new Map<number, CustomerAccess>();
  for (const userId of userIds) access.set(userId, { customerIds: new Set(), products: new Set() });
  if (userIds.length === 0) return access;
  const links = await db
    .selectFrom('user_customers')
    .select(['user_id', 'customer_id'])
    .where('user_id', 'in', [...userIds])
    .execute();
  const customerIds = [...new Set(links.map((link) => link.customer_id))];
  const contracts =
    customerIds.length === 0
      ? []
      : await db
          .selectFrom('contracts')
          .select(['customer_id', 'commodity', 'product'])
          .distinct()
          .where('customer_id', 'in', customerIds)
          .execute();
  // The products the contracts' pricing IDs name, the ones their positions move with.
  const productsOf = await marketProductsOfContracts(db, contracts);
  const productsOfCustomer = new Map<number, MarketProduct[]>();
  for (const row of contracts) {
    const list = productsOfCustomer.get(row.customer_id) ?? [];
    list.push(...Object.values(productsOf(row)));
    productsOfCustomer.set(row.customer_id, list);
  }
  for (const link of links) {
    const entry = access.get(link.user_id);
    if (!entry) continue;
    entry.customerIds.add(link.customer_id);
    for (const product of productsOfCustomer.get(link.customer_id) ?? [])
      entry.products.add(product);
  }
  return access;
}
