import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('roles')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('description', 'text', (col) => col.notNull())
    .execute();
  await db
    .insertInto('roles' as never)
    .values([
      { name: 'admin', description: 'Administrator' },
      { name: 'accountmanager', description: 'Account manager' },
      { name: 'consultant', description: 'Consultant' },
      { name: 'customer', description: 'Customer user' },
    ] as never)
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull().references('roles.name'))
    .addColumn('locale', 'text', (col) => col.notNull().defaultTo('nl'))
    .addColumn('read_only', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('allow_tpi_page', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('click_authorized', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('email', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('disabled', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  // Usernames are unique regardless of case: "Admin" and "admin" are one account.
  await db.schema
    .createIndex('users_username_lower_key')
    .on('users')
    .unique()
    .expression(sql`lower(username)`)
    .execute();

  await db.schema
    .createTable('customers')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('dashboards')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('customer_id', 'integer', (col) =>
      col.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('dashboards_customer_name_key', ['customer_id', 'name'])
    .execute();

  await db.schema
    .createTable('user_customers')
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('customer_id', 'integer', (col) =>
      col.notNull().references('customers.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('user_customers_pkey', ['user_id', 'customer_id'])
    .execute();
  await db.schema
    .createIndex('user_customers_customer_idx')
    .on('user_customers')
    .column('customer_id')
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('impersonator_user_id', 'integer', (col) =>
      col.references('users.id').onDelete('cascade'),
    )
    .addColumn('read_only', 'boolean', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_used_at', 'timestamptz', (col) => col.notNull())
    .addColumn('absolute_expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('at', 'timestamptz', (col) => col.notNull())
    .addColumn('actor_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('actor_username', 'text')
    .addColumn('impersonator_user_id', 'integer', (col) =>
      col.references('users.id').onDelete('set null'),
    )
    .addColumn('impersonator_username', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('subject', 'text')
    .addColumn('details', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
  await db.schema
    .createIndex('audit_log_action_at_idx')
    .on('audit_log')
    .columns(['action', 'at'])
    .execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('at', 'timestamptz', (col) => col.notNull())
    .addColumn('username_key', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('succeeded', 'boolean', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('login_attempts_username_at_idx')
    .on('login_attempts')
    .columns(['username_key', 'at'])
    .execute();
  await db.schema
    .createIndex('login_attempts_ip_at_idx')
    .on('login_attempts')
    .columns(['ip', 'at'])
    .execute();

  // One row only: the primary key can only ever be true.
  await db.schema
    .createTable('trading_status')
    .addColumn('id', 'boolean', (col) =>
      col
        .primaryKey()
        .defaultTo(true)
        .check(sql`id`),
    )
    .addColumn('pauze_active', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await sql`insert into trading_status (id, pauze_active) values (true, false)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'trading_status',
    'login_attempts',
    'audit_log',
    'sessions',
    'user_customers',
    'dashboards',
    'customers',
    'users',
    'roles',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
