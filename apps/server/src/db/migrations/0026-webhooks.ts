import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A customer's webhook endpoints (docs/webhooks.md). The signing secret must be usable to
  // sign, so it is stored (sealed under WEBHOOK_ENCRYPTION_KEY when set); after a rotation the
  // previous one is signed with too until previous_secret_until, so receivers can switch over.
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('customer_id', 'integer', (col) =>
      col.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('event_types', sql`text[]`, (col) => col.notNull())
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_until', 'timestamptz')
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('disabled_reason', 'text', (col) =>
      col.check(sql`disabled_reason in ('BY_USER', 'FAILING')`),
    )
    .addColumn('disabled_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_customer')
    .on('webhook_endpoints')
    .column('customer_id')
    .execute();

  // What happened, written in the transaction of the change (one insert, so a click does not
  // wait for anyone's endpoints); `seq` is the order of delivery. A null customer is an event
  // of every customer (a pause of trading); a set endpoint, a test sent to that endpoint only.
  // The worker fans a message out to the subscribed endpoints and marks it fanned out.
  await db.schema
    .createTable('webhook_messages')
    .addColumn('seq', 'bigserial', (col) => col.primaryKey())
    .addColumn('id', 'text', (col) => col.notNull().unique())
    .addColumn('customer_id', 'integer', (col) =>
      col.references('customers.id').onDelete('cascade'),
    )
    .addColumn('endpoint_id', 'integer', (col) =>
      col.references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('payload', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('fanned_out', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await sql`create index webhook_messages_waiting on webhook_messages (seq) where not fanned_out`.execute(
    db,
  );

  // One delivery per message and endpoint: its state, attempts and the last answer.
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('endpoint_id', 'integer', (col) =>
      col.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('message_seq', 'bigint', (col) =>
      col.notNull().references('webhook_messages.seq').onDelete('cascade'),
    )
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('pending', 'succeeded', 'failed', 'given_up')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    // The first failed attempt since the delivery was (re)queued: 24 h after it, give up.
    .addColumn('failing_since', 'timestamptz')
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('last_response_code', 'integer')
    .addColumn('last_duration_ms', 'integer')
    .addColumn('last_error', 'text')
    .addUniqueConstraint('webhook_deliveries_once', ['endpoint_id', 'message_seq'])
    .execute();
  await sql`create index webhook_deliveries_open on webhook_deliveries (endpoint_id, message_seq)
    where status in ('pending', 'failed')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_messages').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
