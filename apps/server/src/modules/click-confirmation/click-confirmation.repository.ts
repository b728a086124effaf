import { sql } from 'kysely';
import type { ClickDetail } from '@klik/api';
import type { PriceSource } from '@klik/domain';
import type { Db } from '../../db/database';
import type { MarketProduct, StoredQuotePart } from '../../db/schema';
import { PRODUCT_OF_PART } from '../positions/prepared-contract';
import { firstAuditEntry } from '../../kernel/audit/audit-reading';

export interface ConfirmationPerson {
  name: string;
  username: string;
}

export interface ConfirmationPart extends Omit<ClickDetail['parts'][number], 'name'> {
  name: ClickDetail['parts'][number]['name'];
  product: MarketProduct;
  /** The margin scenario version whose mark-up and fee priced the part; null: the contract's own. */
  margin: { name: string; version: number } | null;
}

/** Everything a click confirmation shows, as stored when the click was made and completed. */
export interface ConfirmationFacts {
  clickId: number;
  customerId: number;
  customerName: string;
  contractId: string;
  commodity: 'Power' | 'Gas';
  product: string;
  yearOfSupply: number;
  maturity: string;
  market: 'OTC' | 'ICE';
  priceSource: PriceSource | null;
  /** When the market price was taken: the quote for OTC, the fixing for ICE. */
  priceAt: Date | null;
  parts: ConfirmationPart[];
  totalCost: string;
  auto: boolean;
  quote: { id: string; createdAt: Date; expiresAt: Date } | null;
  createdAt: Date;
  completedAt: Date;
  /** Who confirmed the click; null for an automatic click. */
  clickedBy: ConfirmationPerson | null;
  /** The administrator who was signed in as clickedBy (login-as), from the audit log. */
  impersonator: ConfirmationPerson | null;
  /** The second user of a four-eyes click. */
  approvedBy: ConfirmationPerson | null;
  approvedAt: Date | null;
  /** The standing order that made the click, and the price that triggered it (null: a person). */
  standingOrder: ConfirmationStandingOrder | null;
}

/** What a click made by a standing order says of it (docs/standing-orders.md). */
export interface ConfirmationStandingOrder {
  id: number;
  triggeredBy: 'LIMIT' | 'STOP';
  /** The threshold met, EUR/MWh. */
  threshold: string;
  /** The quote's (volume-weighted) click price that met it. */
  clickPrice: string;
  /** The market price that entered the portal and triggered it, its product and time. */
  marketPrice: string | null;
  marketProduct: string | null;
  pricedAt: Date | null;
}

/** The names of the scenario versions that priced a quote's parts, by 'scenarioId/version'. */
async function marginScenarioNames(
  db: Db,
  parts: readonly StoredQuotePart[],
): Promise<Map<string, string>> {
  const ids = [...new Set(parts.flatMap((part) => part.marginScenario?.scenarioId ?? []))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('margin_scenario_versions')
    .select(['scenario_id', 'version', 'name'])
    .where('scenario_id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [`${row.scenario_id}/${row.version}`, row.name]));
}

export type ConfirmationLookup =
  | { found: false }
  | { found: true; status: ClickDetail['status']; facts: ConfirmationFacts | null };

/**
 * The stored click, its quote, its customer and the audit row of its execution. `customerId`
 * narrows the search to one customer's clicks (a click of another customer is not found).
 * facts is null while the click is not completed.
 */
export async function findConfirmationFacts(
  db: Db,
  clickId: number,
  /** The click as the clicks module tells it (its service's clickDetail). */
  detailOf: (db: Db, clickId: number) => Promise<ClickDetail | undefined>,
  customerId?: number,
): Promise<ConfirmationLookup> {
  const row = await db
    .selectFrom('clicks as k')
    .innerJoin('contracts as c', 'c.id', 'k.contract_id')
    .innerJoin('customers as cu', 'cu.id', 'c.customer_id')
    .leftJoin('purchase_quotes as q', 'q.id', 'k.quote_id')
    .leftJoin('users as creator', 'creator.id', 'k.created_by')
    .leftJoin('users as decider', 'decider.id', 'k.decided_by')
    .select([
      'k.id',
      'k.status',
      'k.market',
      'k.fixing_at',
      'k.decided_at',
      'c.customer_id',
      'cu.name as customer_name',
      'q.id as quote_id',
      'q.created_at as quote_created_at',
      'q.expires_at as quote_expires_at',
      'q.parts as quote_parts',
      'creator.name as creator_name',
      'creator.username as creator_username',
      'decider.name as decider_name',
      'decider.username as decider_username',
    ])
    .where('k.id', '=', clickId)
    .$if(customerId !== undefined, (query) => query.where('c.customer_id', '=', customerId ?? 0))
    .executeTakeFirst();
  if (!row) return { found: false };
  if (row.status !== 'COMPLETED') return { found: true, status: row.status, facts: null };

  const detail = await detailOf(db, clickId);
  const scenarioNames = await marginScenarioNames(db, row.quote_parts ?? []);
  if (!detail || detail.completedAt === null) return { found: false };
  // The execution's audit row names the administrator who was signed in as the user, if any.
  const executed = await firstAuditEntry(db, {
    subject: `click:${clickId}`,
    action: 'click.execute',
    outcome: 'success',
  });
  const impersonatorUser =
    executed?.impersonatorUserId == null
      ? undefined
      : await db
          .selectFrom('users')
          .select(['name', 'username'])
          .where('id', '=', executed.impersonatorUserId)
          .executeTakeFirst();
  // The audit row keeps the username even if the account was removed since.
  const impersonatorName = executed?.impersonatorUsername ?? null;
  const person = (name: string | null, username: string | null): ConfirmationPerson | null =>
    name === null || username === null ? null : { name, username };

  return {
    found: true,
    status: row.status,
    facts: {
      clickId: detail.id,
      customerId: row.customer_id,
      customerName: row.customer_name,
      contractId: detail.contractId,
      commodity: detail.commodity,
      product: detail.product,
      yearOfSupply: detail.yearOfSupply,
      maturity: detail.maturity,
      market: detail.market,
      priceSource: detail.priceSource,
      priceAt: row.market === 'ICE' ? row.fixing_at : (row.quote_created_at ?? null),
      parts: detail.parts.map((part) => {
        const quoted = row.quote_parts?.find((candidate) => candidate.name === part.name);
        const scenario = quoted?.marginScenario ?? null;
        return {
          ...part,
          product: quoted?.marketProduct ?? PRODUCT_OF_PART[part.name],
          margin:
            scenario === null
              ? null
              : {
                  name: scenarioNames.get(`${scenario.scenarioId}/${scenario.version}`) ?? '',
                  version: scenario.version,
                },
        };
      }),
      totalCost: detail.totalCost,
      auto: detail.auto,
      quote:
        row.quote_id === null || row.quote_created_at === null || row.quote_expires_at === null
          ? null
          : { id: row.quote_id, createdAt: row.quote_created_at, expiresAt: row.quote_expires_at },
      createdAt: new Date(detail.createdAt),
      completedAt: new Date(detail.completedAt),
      clickedBy: person(row.creator_name, row.creator_username),
      impersonator:
        impersonatorUser ??
        (impersonatorName === null ? null : { name: impersonatorName, username: impersonatorName }),
      approvedBy: person(row.decider_name, row.decider_username),
      approvedAt: row.decided_at,
      standingOrder: await standingOrderOf(db, clickId),
    },
  };
}

async function standingOrderOf(db: Db, clickId: number): Promise<ConfirmationStandingOrder | null> {
  const order = await db
    .selectFrom('standing_orders as o')
    .leftJoin('market_prices as p', 'p.id', 'o.trigger_price_id')
    .select([
      'o.id',
      'o.triggered_by',
      sql<string | null>`trim_scale(o.limit_price)::text`.as('limit_price'),
      sql<string | null>`trim_scale(o.stop_price)::text`.as('stop_price'),
      sql<string | null>`o.trigger_click_price::text`.as('click_price'),
      sql<string | null>`trim_scale(o.trigger_market_price)::text`.as('market_price'),
      'p.product',
      'p.at',
    ])
    .where('o.click_id', '=', clickId)
    .executeTakeFirst();
  if (!order || order.triggered_by === null) return null;
  return {
    id: order.id,
    triggeredBy: order.triggered_by,
    threshold: (order.triggered_by === 'LIMIT' ? order.limit_price : order.stop_price) ?? '',
    clickPrice: order.click_price ?? '',
    marketPrice: order.market_price,
    marketProduct: order.product ?? null,
    pricedAt: order.at ?? null,
  };
}
