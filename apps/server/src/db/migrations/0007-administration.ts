import { sql, type Kysely } from 'kysely';

/** The demo account manager's portfolio (seed-demo.ts writes the same for a new database). */
export const DEMO_PORTFOLIO = [
  'Bakkerij Van der Meer B.V.',
  'Tuinbouwbedrijf De Groene Kas B.V.',
  'Zuivelfabriek Friesland Noord B.V.',
];

// Migrations take Kysely<unknown>: they must not depend on today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Users: optimistic concurrency, the initial password that must be changed, and the right of a
  // customer user to manage their own company's users (editusers, addviewonlyuser).
  await db.schema
    .alterTable('users')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('must_change_password', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('manage_users', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  // E-mail addresses are unique regardless of case (spec: user_not_unique).
  await db.schema
    .createIndex('users_email_lower_key')
    .on('users')
    .unique()
    .expression(sql`lower(email)`)
    .where(sql.ref('email'), 'is not', null)
    .execute();
  // Consultant names are unique (spec: consultant name unique).
  await db.schema
    .createIndex('users_consultant_name_key')
    .on('users')
    .unique()
    .expression(sql`lower(name)`)
    .where(sql.ref('role'), '=', 'consultant')
    .execute();

  // Customers are deactivated, never deleted: history refers to them.
  await db.schema
    .alterTable('customers')
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('customers_name_lower_key')
    .on('customers')
    .unique()
    .expression(sql`lower(name)`)
    .execute();

  // Read-only and the right to click, per user and customer (the user's own flags still apply:
  // a user may click for a customer only when both allow it).
  await db.schema
    .alterTable('user_customers')
    .addColumn('read_only', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('click_authorized', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute();

  // The customers an audit event is about, so account managers see their portfolio's events and
  // the log can be filtered by customer.
  await db.schema
    .alterTable('audit_log')
    .addColumn('customer_ids', sql`integer[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .execute();
  await sql`create index audit_log_customer_ids_idx on audit_log using gin (customer_ids)`.execute(
    db,
  );
  await db.schema
    .createIndex('audit_log_actor_at_idx')
    .on('audit_log')
    .columns(['actor_user_id', 'at'])
    .execute();

  // Account managers see their portfolio only: the customers they are linked to. Nobody loses
  // access by this migration: every account manager is linked to every customer, except the demo
  // account manager of a demo database, who gets the demo portfolio.
  await sql`
    insert into user_customers (user_id, customer_id)
    select u.id, c.id from users u cross join customers c
    where u.role = 'accountmanager'
      and case
        when lower(u.username) = 'accountmanager' and u.email = 'pieter.bakker@klik.example'
          then c.name in (${sql.join(DEMO_PORTFOLIO)})
        else true
      end
    on conflict do nothing`.execute(db);

  // The positions scope learns two things: a deactivated customer is not visible to those who
  // are limited to their own customers, and whether the viewer may click for that customer.
  await sql`drop function positions_scope(text, integer, text, integer)`.execute(db);
  await sql`
    create function positions_scope(
      p_kind text, p_id integer, p_contract text, p_user integer
    ) returns table (
      out_id integer, out_version bigint, out_offers_version bigint, out_paused boolean,
      out_may_click boolean
    ) language plpgsql stable as $$
    #variable_conflict use_column
    begin
      if p_kind = 'dashboard' then
        return query
          select c.id, c.version,
            (select v.version from data_versions v where v.name = 'market_offers'),
            (select t.pauze_active from trading_status t),
            cu.active and (p_user is null or coalesce(
              (select not uc.read_only and uc.click_authorized from user_customers uc
                where uc.user_id = p_user and uc.customer_id = cu.id), false))
          from dashboards d
          join customers cu on cu.id = d.customer_id
          left join dashboard_contracts dc on dc.dashboard_id = d.id
          left join contracts c on c.id = dc.contract_id
          where d.id = p_id
            and (p_user is null or (cu.active and d.customer_id in
              (select uc.customer_id from user_customers uc where uc.user_id = p_user)))
          order by c.contract_id;
      else
        return query
          select c.id, c.version,
            (select v.version from data_versions v where v.name = 'market_offers'),
            (select t.pauze_active from trading_status t),
            cu.active and (p_user is null or coalesce(
              (select not uc.read_only and uc.click_authorized from user_customers uc
                where uc.user_id = p_user and uc.customer_id = cu.id), false))
          from customers cu
          left join contracts c on c.customer_id = cu.id
            and (p_contract is null or c.contract_id = p_contract)
          where cu.id = p_id
            and (p_user is null or (cu.active and exists
              (select 1 from user_customers uc where uc.user_id = p_user and uc.customer_id = cu.id)))
          order by c.contract_id;
      end if;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function positions_scope(text, integer, text, integer)`.execute(db);
  await sql`
    create function positions_scope(
      p_kind text, p_id integer, p_contract text, p_user integer
    ) returns table (
      out_id integer, out_version bigint, out_offers_version bigint, out_paused boolean
    ) language plpgsql stable as $$
    #variable_conflict use_column
    begin
      if p_kind = 'dashboard' then
        return query
          select c.id, c.version,
            (select v.version from data_versions v where v.name = 'market_offers'),
            (select t.pauze_active from trading_status t)
          from dashboards d
          left join dashboard_contracts dc on dc.dashboard_id = d.id
          left join contracts c on c.id = dc.contract_id
          where d.id = p_id
            and (p_user is null or d.customer_id in
              (select uc.customer_id from user_customers uc where uc.user_id = p_user))
          order by c.contract_id;
      else
        return query
          select c.id, c.version,
            (select v.version from data_versions v where v.name = 'market_offers'),
            (select t.pauze_active from trading_status t)
          from customers cu
          left join contracts c on c.customer_id = cu.id
            and (p_contract is null or c.contract_id = p_contract)
          where cu.id = p_id
            and (p_user is null or exists
              (select 1 from user_customers uc where uc.user_id = p_user and uc.customer_id = cu.id))
          order by c.contract_id;
      end if;
    end
    $$`.execute(db);
  // Account managers' links were their portfolio; without it they saw every customer.
  await sql`delete from user_customers uc using users u
    where u.id = uc.user_id and u.role = 'accountmanager'`.execute(db);
  await db.schema.dropIndex('audit_log_actor_at_idx').execute();
  await db.schema.dropIndex('audit_log_customer_ids_idx').execute();
  await db.schema.alterTable('audit_log').dropColumn('customer_ids').execute();
  await db.schema
    .alterTable('user_customers')
    .dropColumn('read_only')
    .dropColumn('click_authorized')
    .execute();
  await db.schema.dropIndex('customers_name_lower_key').execute();
  await db.schema.alterTable('customers').dropColumn('active').dropColumn('version').execute();
  await db.schema.dropIndex('users_consultant_name_key').execute();
  await db.schema.dropIndex('users_email_lower_key').execute();
  await db.schema
    .alterTable('users')
    .dropColumn('version')
    .dropColumn('must_change_password')
    .dropColumn('manage_users')
    .execute();
}
