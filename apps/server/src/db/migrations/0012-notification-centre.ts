import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // What the screen opens from a notification (the click, or the contract's position) and the
  // file it may carry (docs/notifications.md): an announcement's file per language, or a click's
  // PDF confirmation rendered on demand from the stored click.
  await db.schema
    .alterTable('notifications')
    .addColumn('click_id', 'integer', (col) => col.references('clicks.id').onDelete('set null'))
    .addColumn('contract_id', 'text')
    .addColumn('announcement_id', 'integer')
    .addColumn('attachment_kind', 'text')
    .addColumn('attachment_ref', 'integer')
    .execute();
  // The unread count and the unread filter read only a user's unread rows.
  await db.schema
    .createIndex('notifications_unread_idx')
    .on('notifications')
    .column('user_id')
    .where(sql.ref('read'), '=', false)
    .execute();

  // Rows written before the kinds of packages/api NOTIFICATION_KINDS: CLICK_<status>.
  await sql`
    update notifications set
      click_id = case when params ? 'clickId'
        and exists (select 1 from clicks c where c.id = (params->>'clickId')::int)
        then (params->>'clickId')::int end,
      contract_id = params->>'contractId',
      kind = case kind
        when 'CLICK_IN_PROGRESS' then 'CLICK_CREATED'
        when 'CLICK_PENDING_APPROVAL' then 'CLICK_PENDING_APPROVAL'
        else kind end,
      message_key = case kind
        when 'CLICK_IN_PROGRESS' then 'notification.CLICK_CREATED'
        else 'notification.' || kind end
    where kind like 'CLICK\\_%'
  `.execute(db);
  await sql`
    update notifications set attachment_kind = 'clickConfirmation', attachment_ref = click_id
    where kind = 'CLICK_COMPLETED' and click_id is not null
  `.execute(db);

  await db.schema
    .createTable('announcements')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('title_nl', 'text', (col) => col.notNull())
    .addColumn('title_en', 'text', (col) => col.notNull())
    .addColumn('body_nl', 'text', (col) => col.notNull())
    .addColumn('body_en', 'text', (col) => col.notNull())
    // 'all': every active user; 'customers': the users of announcement_customers.
    .addColumn('audience', 'text', (col) => col.notNull())
    .addColumn('published_at', 'timestamptz', (col) => col.notNull())
    .addColumn('published_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('recipients', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('announcement_customers')
    .addColumn('announcement_id', 'integer', (col) =>
      col.notNull().references('announcements.id').onDelete('cascade'),
    )
    .addColumn('customer_id', 'integer', (col) =>
      col.notNull().references('customers.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('announcement_customers_pk', ['announcement_id', 'customer_id'])
    .execute();
  // Files are kept in the database, so every instance serves them and a backup holds them.
  await db.schema
    .createTable('announcement_attachments')
    .addColumn('announcement_id', 'integer', (col) =>
      col.notNull().references('announcements.id').onDelete('cascade'),
    )
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('filename', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('content', 'bytea', (col) => col.notNull())
    .addPrimaryKeyConstraint('announcement_attachments_pk', ['announcement_id', 'locale'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('announcement_attachments').execute();
  await db.schema.dropTable('announcement_customers').execute();
  await db.schema.dropTable('announcements').execute();
  await db.schema.dropIndex('notifications_unread_idx').execute();
  await db.schema
    .alterTable('notifications')
    .dropColumn('attachment_ref')
    .dropColumn('attachment_kind')
    .dropColumn('announcement_id')
    .dropColumn('contract_id')
    .dropColumn('click_id')
    .execute();
}
