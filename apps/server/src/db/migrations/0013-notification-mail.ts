import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Per user, per notification kind: in the portal only or by e-mail as well. A kind without a
  // row follows DEFAULT_DELIVERY (packages/api/src/notifications.schemas.ts).
  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('channel', 'text', (col) => col.notNull().check(sql`channel in ('portal', 'email')`))
    .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'kind'])
    .execute();
  // One e-mail per notification and recipient, written in the notification's transaction and
  // sent by the mail worker (modules/mail/mail-worker.ts): pending until it is handed over
  // (sent), kept by the development outbox (outbox), or given up after the last attempt (failed).
  await db.schema
    .createTable('mail_jobs')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('notification_id', 'bigint', (col) =>
      col.notNull().references('notifications.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'sent', 'outbox', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('finished_at', 'timestamptz')
    // What went out (or would have): the admin's mail outbox shows it.
    .addColumn('recipient', 'text')
    .addColumn('subject', 'text')
    .addColumn('body_text', 'text')
    .addUniqueConstraint('mail_jobs_notification_user_key', ['notification_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('mail_jobs_due_idx')
    .on('mail_jobs')
    .columns(['next_attempt_at', 'id'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('mail_jobs_created_idx')
    .on('mail_jobs')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_jobs').execute();
  await db.schema.dropTable('notification_preferences').execute();
}
