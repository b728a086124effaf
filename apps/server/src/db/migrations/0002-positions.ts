import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Lets dashboard_contracts refer to (dashboard, customer) so a dashboard can only ever hold
  // contracts of its own customer, enforced by the database itself.
  await db.schema
    .alterTable('dashboards')
    .addUniqueConstraint('dashboards_id_customer_key', ['id', 'customer_id'])
    .execute();

  await db.schema
    .createTable('contracts')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('contract_id', 'text', (col) =>
      col
        .notNull()
        .unique()
        .check(sql`contract_id ~ '^[A-Za-z0-9][A-Za-z0-9_-]{2,39}$'`),
    )
    .addColumn('customer_id', 'integer', (col) =>
      col.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('commodity', 'text', (col) =>
      col.notNull().check(sql`commodity in ('Power', 'Gas')`),
    )
    .addColumn('product', 'text', (col) => col.notNull())
    .addColumn('click_type', 'text', (col) =>
      col.check(sql`click_type in ('ALL', 'YEAR', 'QUARTER', 'MONTH')`),
    )
    .addColumn('click_option', 'text', (col) =>
      col.notNull().check(sql`click_option in ('OTC_ONLY', 'PRE_EOD', 'PRE_EOD_AND_OVERNIGHT')`),
    )
    .addColumn('mark_up', sql`numeric(12, 4)`, (col) => col.notNull().check(sql`mark_up >= 0`))
    .addColumn('transaction_fee', sql`numeric(12, 4)`, (col) =>
      col.notNull().check(sql`transaction_fee >= 0`),
    )
    .addColumn('lump_sum', sql`numeric(14, 2)`, (col) => col.notNull().defaultTo(0))
    .addColumn('contracted_volume', sql`numeric(18, 3)`, (col) =>
      col.notNull().check(sql`contracted_volume >= 0`),
    )
    .addColumn('run_out', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('max_clicks_per_year', 'integer', (col) => col.check(sql`max_clicks_per_year > 0`))
    // Raised by a trigger whenever the contract, its positions or its clicks change, so a
    // cached view of the contract can be checked with one cheap read.
    .addColumn('version', 'bigint', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('contracts_id_customer_key', ['id', 'customer_id'])
    .execute();
  await db.schema
    .createIndex('contracts_customer_idx')
    .on('contracts')
    .column('customer_id')
    .execute();

  await db.schema
    .createTable('dashboard_contracts')
    .addColumn('dashboard_id', 'integer', (col) => col.notNull())
    .addColumn('contract_id', 'integer', (col) => col.notNull())
    .addColumn('customer_id', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('dashboard_contracts_pkey', ['dashboard_id', 'contract_id'])
    .addForeignKeyConstraint(
      'dashboard_contracts_dashboard_fkey',
      ['dashboard_id', 'customer_id'],
      'dashboards',
      ['id', 'customer_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addForeignKeyConstraint(
      'dashboard_contracts_contract_fkey',
      ['contract_id', 'customer_id'],
      'contracts',
      ['id', 'customer_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('dashboard_contracts_contract_idx')
    .on('dashboard_contracts')
    .column('contract_id')
    .execute();

  // The monthly ledger: every position's figures are sums over these rows (docs/positions.md).
  await db.schema
    .createTable('position_months')
    .addColumn('contract_id', 'integer', (col) =>
      col.notNull().references('contracts.id').onDelete('cascade'),
    )
    .addColumn('part', 'text', (col) =>
      col.notNull().check(sql`part in ('Gas', 'Peak', 'OffPeak')`),
    )
    .addColumn('year_of_supply', 'integer', (col) => col.notNull())
    .addColumn('month', 'integer', (col) => col.notNull().check(sql`month between 1 and 12`))
    .addColumn('total_volume', sql`numeric(18, 3)`, (col) => col.notNull())
    .addColumn('clicked_volume', sql`numeric(18, 3)`, (col) => col.notNull().defaultTo(0))
    .addColumn('auto_clicked_volume', sql`numeric(18, 3)`, (col) => col.notNull().defaultTo(0))
    // volume (3 decimals) x price (4 decimals) has 7 decimals: kept exactly.
    .addColumn('clicked_cost', sql`numeric(26, 7)`, (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('position_months_pkey', [
      'contract_id',
      'part',
      'year_of_supply',
      'month',
    ])
    .addCheckConstraint(
      'position_months_clicked_within_total',
      sql`0 <= clicked_volume and clicked_volume <= total_volume`,
    )
    .addCheckConstraint(
      'position_months_auto_within_clicked',
      sql`0 <= auto_clicked_volume and auto_clicked_volume <= clicked_volume`,
    )
    .addCheckConstraint('position_months_cost_not_negative', sql`clicked_cost >= 0`)
    .execute();

  await db.schema
    .createTable('clicks')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('contract_id', 'integer', (col) =>
      col.notNull().references('contracts.id').onDelete('cascade'),
    )
    .addColumn('year_of_supply', 'integer', (col) => col.notNull())
    .addColumn('maturity', 'text', (col) =>
      col.notNull().check(sql`maturity ~ '^(Y|Q[1-4]|M([1-9]|1[0-2]))$'`),
    )
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`status in ('PENDING_APPROVAL', 'IN_PROGRESS', 'COMPLETED', 'REJECTED', 'EXPIRED')`,
        ),
    )
    .addColumn('auto', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('market', 'text', (col) => col.notNull().check(sql`market in ('OTC', 'ICE')`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('completed_at', 'timestamptz')
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('clicks_contract_idx')
    .on('clicks')
    .columns(['contract_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('click_months')
    .addColumn('click_id', 'integer', (col) =>
      col.notNull().references('clicks.id').onDelete('cascade'),
    )
    .addColumn('part', 'text', (col) =>
      col.notNull().check(sql`part in ('Gas', 'Peak', 'OffPeak')`),
    )
    .addColumn('month', 'integer', (col) => col.notNull().check(sql`month between 1 and 12`))
    .addColumn('volume', sql`numeric(18, 3)`, (col) => col.notNull().check(sql`volume > 0`))
    .addColumn('price', sql`numeric(14, 4)`, (col) => col.notNull())
    .addPrimaryKeyConstraint('click_months_pkey', ['click_id', 'part', 'month'])
    .execute();

  await db.schema
    .createTable('market_offers')
    .addColumn('product', 'text', (col) =>
      col
        .notNull()
        .check(sql`product in ('NL_POWER_BASE', 'NL_POWER_PEAK', 'NL_POWER_OFFPEAK', 'TTF_GAS')`),
    )
    .addColumn('year_of_supply', 'integer', (col) => col.notNull())
    .addColumn('maturity', 'text', (col) =>
      col.notNull().check(sql`maturity ~ '^(Y|Q[1-4]|M([1-9]|1[0-2]))$'`),
    )
    .addColumn('market', 'text', (col) => col.notNull().check(sql`market in ('OTC', 'ICE')`))
    // NULL: the market offers the maturity but has not quoted a price yet (DC_23).
    .addColumn('price', sql`numeric(12, 4)`)
    .addColumn('quoted_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('market_offers_pkey', [
      'product',
      'year_of_supply',
      'maturity',
      'market',
    ])
    .execute();

  // Versions of data that many contracts share; a cached view records the version it saw.
  await db.schema
    .createTable('data_versions')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('version', 'bigint', (col) => col.notNull().defaultTo(1))
    .execute();
  await sql`insert into data_versions (name, version) values ('market_offers', 1)`.execute(db);

  await sql`
    create function bump_market_offers_version() returns trigger language plpgsql as $$
    begin
      update data_versions set version = version + 1 where name = 'market_offers';
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger market_offers_version
    after insert or update or delete or truncate on market_offers
    for each statement execute function bump_market_offers_version()`.execute(db);

  await sql`
    create function bump_contract_version() returns trigger language plpgsql as $$
    begin
      new.version := old.version + 1;
      new.updated_at := now();
      return new;
    end
    $$`.execute(db);
  await sql`
    create trigger contracts_version
    before update on contracts
    for each row execute function bump_contract_version()`.execute(db);

  // Asked on every positions request: whether the viewer may see the customer or dashboard,
  // its contracts' versions, the offers' version and the pause. A PL/pgSQL function keeps its
  // query plans per connection, so this costs an execution, not a planning, per request.
  // No rows: not visible. A row without a contract: visible, but holding no contracts.
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

  // A change to a contract's positions or clicks touches the contract row once per statement
  // (not once per row: a click updates up to 24 month rows), which raises its version through
  // the trigger above.
  await sql`
    create function touch_contracts_of_rows() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update contracts set updated_at = now()
        where id in (select distinct contract_id from new_rows);
      elsif tg_op = 'UPDATE' then
        update contracts set updated_at = now()
        where id in (select contract_id from new_rows union select contract_id from old_rows);
      else
        update contracts set updated_at = now()
        where id in (select distinct contract_id from old_rows);
      end if;
      return null;
    end
    $$`.execute(db);
  for (const table of ['position_months', 'clicks']) {
    for (const [event, transition] of [
      ['insert', 'new table as new_rows'],
      ['update', 'old table as old_rows new table as new_rows'],
      ['delete', 'old table as old_rows'],
    ] as const) {
      await sql`
        create trigger ${sql.raw(`${table}_${event}_touch_contract`)}
        after ${sql.raw(event)} on ${sql.table(table)}
        referencing ${sql.raw(transition)}
        for each statement execute function touch_contracts_of_rows()`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'data_versions',
    'market_offers',
    'click_months',
    'clicks',
    'position_months',
    'dashboard_contracts',
    'contracts',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await sql`drop function positions_scope(text, integer, text, integer)`.execute(db);
  await sql`drop function touch_contracts_of_rows()`.execute(db);
  await sql`drop function bump_contract_version()`.execute(db);
  await sql`drop function bump_market_offers_version()`.execute(db);
  await db.schema.alterTable('dashboards').dropConstraint('dashboards_id_customer_key').execute();
}
