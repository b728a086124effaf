import { sql } from 'kysely';
import type {
  CustomerDetail,
  CustomerListQuery,
  CustomerSummary,
  DashboardsBody,
  UpdateCustomerBody,
} from '@klik/api';
import { fromDec, toDec } from '@klik/domain';
import type { Db } from '../../db/database';
import { likePattern } from '../../db/like-pattern';

const SUMMARY_COLUMNS = sql<SummaryRow>`c.id, c.name, c.active, c.require_sms, c.require_approval,
  c.allow_totp, c.sso_link_by_email, c.created_at, c.version,
  (select count(*)::int from dashboards d where d.customer_id = c.id) as dashboard_count,
  (select count(*)::int from contracts k where k.customer_id = c.id) as contract_count,
  (select count(*)::int from user_customers uc where uc.customer_id = c.id) as user_count`;

interface SummaryRow {
  id: number;
  name: string;
  active: boolean;
  require_sms: boolean;
  require_approval: boolean;
  allow_totp: boolean;
  sso_link_by_email: boolean;
  created_at: Date;
  version: number;
  dashboard_count: number;
  contract_count: number;
  user_count: number;
}

function summaryOf(row: SummaryRow): CustomerSummary {
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    requireSms: row.require_sms,
    requireApproval: row.require_approval,
    allowTotp: row.allow_totp,
    ssoLinkByEmail: row.sso_link_by_email,
    dashboardCount: row.dashboard_count,
    contractCount: row.contract_count,
    userCount: row.user_count,
    createdAt: row.created_at.toISOString(),
    version: row.version,
  };
}

const SORT = { name: sql`lower(c.name)`, createdAt: sql`c.created_at` } as const;

/** One page of customers; with own customers given, only those. q: part of the name, or the id. */
export async function listCustomers(
  db: Db,
  query: CustomerListQuery,
  ownCustomers: readonly number[] | null,
): Promise<{ data: CustomerSummary[]; total: number }> {
  if (ownCustomers !== null && ownCustomers.length === 0) return { data: [], total: 0 };
  const conditions = [sql`true`];
  if (query.q) {
    const id = /^\d{1,9}$/.test(query.q) ? Number(query.q) : null;
    conditions.push(
      id === null
        ? sql`lower(c.name) like ${likePattern(query.q)}`
        : sql`(lower(c.name) like ${likePattern(query.q)} or c.id = ${id})`,
    );
  }
  if (query.active !== undefined) conditions.push(sql`c.active = ${query.active}`);
  if (ownCustomers !== null) conditions.push(sql`c.id in (${sql.join([...ownCustomers])})`);
  const where = sql.join(conditions, sql` and `);
  const descending = query.sort.startsWith('-');
  const field = (descending ? query.sort.slice(1) : query.sort) as keyof typeof SORT;
  const direction = sql.raw(descending ? 'desc' : 'asc');
  const rows = await sql<SummaryRow>`
    select ${SUMMARY_COLUMNS} from customers c where ${where}
    order by ${SORT[field]} ${direction}, c.id ${direction}
    limit ${query.size} offset ${query.page * query.size}`.execute(db);
  const counted = await sql<{ total: number }>`
    select count(*)::int as total from customers c where ${where}`.execute(db);
  return { data: rows.rows.map(summaryOf), total: counted.rows[0]?.total ?? 0 };
}

export async function findCustomerSummary(
  db: Db,
  id: number,
): Promise<CustomerSummary | undefined> {
  const result = await sql<SummaryRow>`
    select ${SUMMARY_COLUMNS} from customers c where c.id = ${id}`.execute(db);
  const row = result.rows[0];
  return row ? summaryOf(row) : undefined;
}

/** editcustomer's customer: dashboards with their contracts, click limits, users and terms. */
export async function findCustomerDetail(db: Db, id: number): Promise<CustomerDetail | undefined> {
  const summary = await findCustomerSummary(db, id);
  if (!summary) return undefined;
  const [dashboards, placements, contracts, users, terms] = await Promise.all([
    db
      .selectFrom('dashboards')
      .select(['id', 'name'])
      .where('customer_id', '=', id)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('dashboard_contracts as dc')
      .innerJoin('contracts as k', 'k.id', 'dc.contract_id')
      .select(['dc.dashboard_id', 'k.contract_id'])
      .where('dc.customer_id', '=', id)
      .orderBy('k.contract_id')
      .execute(),
    db
      .selectFrom('contracts')
      .select([
        'contract_id',
        'commodity',
        'product',
        'max_clicks_per_year',
        'min_click_percentage',
      ])
      .where('customer_id', '=', id)
      .orderBy('contract_id')
      .execute(),
    db
      .selectFrom('user_customers as uc')
      .innerJoin('users as u', 'u.id', 'uc.user_id')
      .select([
        'u.id',
        'u.username',
        'u.name',
        'u.role',
        'u.disabled',
        'uc.read_only',
        'uc.click_authorized',
      ])
      .where('uc.customer_id', '=', id)
      .orderBy(sql`lower(u.name)`)
      .orderBy('u.id')
      .execute(),
    sql<{ version: number; published_at: Date; own: boolean }>`
      select version, published_at, customer_id is not null as own from terms_versions
      where customer_id = ${id} or customer_id is null
      order by customer_id is null, version desc limit 1`.execute(db),
  ]);
  const term = terms.rows[0];
  return {
    ...summary,
    dashboards: dashboards.map((dashboard) => ({
      id: dashboard.id,
      name: dashboard.name,
      contractIds: placements
        .filter((placement) => placement.dashboard_id === dashboard.id)
        .map((placement) => placement.contract_id),
    })),
    clickLimits: contracts.map((contract) => ({
      contractId: contract.contract_id,
      commodity: contract.commodity,
      product: contract.product,
      maxClicksPerYear: contract.max_clicks_per_year,
      minClickPercentage: fromDec(toDec(contract.min_click_percentage)),
    })),
    users: users.map((user) => ({
      id: user.id,
      username: user.username,
      name: user.name,
      role: user.role,
      active: !user.disabled,
      readOnly: user.read_only,
      clickAuthorized: user.click_authorized,
    })),
    terms: term
      ? { version: term.version, publishedAt: term.published_at.toISOString(), own: term.own }
      : null,
  };
}

export async function insertCustomer(
  db: Db,
  values: { name: string; requireSms: boolean; requireApproval: boolean; createdAt: Date },
  dashboards: readonly string[],
): Promise<number> {
  const { id } = await db
    .insertInto('customers')
    .values({
      name: values.name,
      require_sms: values.requireSms,
      require_approval: values.requireApproval,
      created_at: values.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (dashboards.length > 0) {
    await db
      .insertInto('dashboards')
      .values(dashboards.map((name, position) => ({ customer_id: id, name, position })))
      .execute();
  }
  return id;
}

/** Writes the customer's fields if the version is still the one read; raises the version. */
export async function updateCustomerIfCurrent(
  db: Db,
  id: number,
  version: number,
  values: Partial<
    Pick<
      UpdateCustomerBody,
      'name' | 'requireSms' | 'requireApproval' | 'allowTotp' | 'ssoLinkByEmail'
    >
  > & {
    active?: boolean;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('customers')
    .set((eb) => ({
      ...(values.name === undefined ? {} : { name: values.name }),
      ...(values.requireSms === undefined ? {} : { require_sms: values.requireSms }),
      ...(values.requireApproval === undefined ? {} : { require_approval: values.requireApproval }),
      ...(values.allowTotp === undefined ? {} : { allow_totp: values.allowTotp }),
      ...(values.ssoLinkByEmail === undefined ? {} : { sso_link_by_email: values.ssoLinkByEmail }),
      ...(values.active === undefined ? {} : { active: values.active }),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The customer's contracts by public id (those named that are not the customer's are absent). */
export async function customerContracts(
  db: Db,
  customerId: number,
  contractIds: readonly string[],
): Promise<Map<string, number>> {
  if (contractIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('contracts')
    .select(['id', 'contract_id'])
    .where('customer_id', '=', customerId)
    .where('contract_id', 'in', [...contractIds])
    .execute();
  return new Map(rows.map((row) => [row.contract_id, row.id]));
}

/**
 * Replaces the customer's dashboards as DashboardsBody says, their contracts apart; returns each
 * dashboard's id in the body's order.
 */
export async function replaceDashboards(
  db: Db,
  customerId: number,
  dashboards: DashboardsBody['dashboards'],
): Promise<number[]> {
  const kept = dashboards.flatMap((dashboard) =>
    dashboard.id === undefined ? [] : [dashboard.id],
  );
  let removal = db.deleteFrom('dashboards').where('customer_id', '=', customerId);
  if (kept.length > 0) removal = removal.where('id', 'not in', kept);
  await removal.execute();
  // Names are unique per customer: park the kept ones first, so a swap of two names works.
  if (kept.length > 0) {
    await db
      .updateTable('dashboards')
      .set({ name: sql`'~' || id::text` })
      .where('customer_id', '=', customerId)
      .execute();
  }
  const ids: number[] = [];
  for (const [position, dashboard] of dashboards.entries()) {
    let id = dashboard.id;
    if (id === undefined) {
      ({ id } = await db
        .insertInto('dashboards')
        .values({ customer_id: customerId, name: dashboard.name, position })
        .returning('id')
        .executeTakeFirstOrThrow());
    } else {
      await db
        .updateTable('dashboards')
        .set({ name: dashboard.name, position })
        .where('id', '=', id)
        .execute();
    }
    ids.push(id);
  }
  return ids;
}

/** Customer-side users of the customer who have no other active customer: they lose the portal. */
export async function usersLeftWithoutCustomers(db: Db, customerId: number): Promise<number[]> {
  const rows = await sql<{ id: number }>`
    select u.id from users u
    join user_customers uc on uc.user_id = u.id and uc.customer_id = ${customerId}
    where u.role in ('customer', 'consultant')
      and not exists (select 1 from user_customers o join customers c on c.id = o.customer_id
        where o.user_id = u.id and c.active)`.execute(db);
  return rows.rows.map((row) => row.id);
}
