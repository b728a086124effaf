import { sql } from 'kysely';
import {
  DEFAULT_DELIVERY,
  LocaleSchema,
  NOTIFICATION_KINDS,
  NotificationKindSchema,
  type MailOutboxPage,
  type MailOutboxQuery,
} from '@klik/api';
import type { Db } from '../../db/database';
import type { MailNotification, MailRecipient } from './notification-mail';

const EMAIL_BY_DEFAULT = NOTIFICATION_KINDS.filter((kind) => DEFAULT_DELIVERY[kind] === 'email');

/**
 * Queues the e-mail of each of these notifications whose user wants that kind by e-mail (their
 * choice on myinfo, else DEFAULT_DELIVERY) and has an e-mail address, in the caller's
 * transaction: a notification and its e-mail are stored together or not at all. At most one job
 * per notification and recipient, however often this is called. Answers how many were queued.
 */
export async function enqueueNotificationMails(
  trx: Db,
  notificationIds: readonly number[],
): Promise<number> {
  if (notificationIds.length === 0) return 0;
  const result = await sql`
    insert into mail_jobs (notification_id, user_id, next_attempt_at, created_at)
    select n.id, n.user_id, n.publish_date, n.publish_date
    from notifications n
    join users u on u.id = n.user_id
    left join notification_preferences p on p.user_id = n.user_id and p.kind = n.kind
    where n.id in (${sql.join([...new Set(notificationIds)])})
      and n.kind in (${sql.join([...NOTIFICATION_KINDS])})
      and not u.disabled
      and coalesce(trim(u.email), '') <> ''
      and coalesce(p.channel, case when n.kind in (${sql.join(EMAIL_BY_DEFAULT)})
        then 'email' else 'portal' end) = 'email'
    on conflict (notification_id, user_id) do nothing`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/** A job that is due, with what its e-mail is made from. */
export interface DueMailJob {
  id: string;
  attempts: number;
  notification: MailNotification;
  /** Null when the user has no address any more or was deactivated since. */
  recipient: MailRecipient | null;
  attachment: { kind: string; ref: number } | null;
}

/** The pending jobs whose time has come, oldest first. */
export async function dueMailJobs(db: Db, at: Date, limit: number): Promise<DueMailJob[]> {
  const rows = await db
    .selectFrom('mail_jobs as j')
    .innerJoin('notifications as n', 'n.id', 'j.notification_id')
    .innerJoin('users as u', 'u.id', 'j.user_id')
    .leftJoin('announcements as a', 'a.id', 'n.announcement_id')
    .select([
      'j.id',
      'j.attempts',
      'n.id as notification_id',
      'n.kind',
      'n.params',
      'n.click_id',
      'n.contract_id',
      'n.attachment_kind',
      'n.attachment_ref',
      'u.email',
      'u.name',
      'u.locale',
      'u.disabled',
      'a.title_nl',
      'a.title_en',
      'a.body_nl',
      'a.body_en',
    ])
    .where('j.status', '=', 'pending')
    .where('j.next_attempt_at', '<=', at)
    .orderBy('j.next_attempt_at')
    .orderBy('j.id')
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const locale = LocaleSchema.catch('nl').parse(row.locale);
    const email = row.email?.trim() ?? '';
    return {
      id: row.id,
      attempts: row.attempts,
      notification: {
        id: Number(row.notification_id),
        kind: NotificationKindSchema.parse(row.kind),
        params: row.params,
        clickId: row.click_id,
        contractId: row.contract_id,
        announcement:
          row.title_nl === null
            ? null
            : locale === 'en'
              ? { title: row.title_en ?? '', body: row.body_en ?? '' }
              : { title: row.title_nl, body: row.body_nl ?? '' },
      },
      recipient: email === '' || row.disabled ? null : { email, name: row.name, locale },
      attachment:
        row.attachment_kind && row.attachment_ref !== null
          ? { kind: row.attachment_kind, ref: row.attachment_ref }
          : null,
    };
  });
}

export type MailJobOutcome =
  | { status: 'sent' | 'outbox'; recipient: string; subject: string; text: string | null }
  | { status: 'retry'; error: string; nextAttemptAt: Date }
  | { status: 'failed'; error: string; recipient: string | null };

/**
 * Records an attempt's outcome. Only a job still pending with the attempts the worker read is
 * changed, so an outcome is recorded once even if a second worker ever read the same job.
 */
export async function recordMailOutcome(
  db: Db,
  job: { id: string; attempts: number },
  outcome: MailJobOutcome,
  at: Date,
): Promise<boolean> {
  const base = db
    .updateTable('mail_jobs')
    .where('id', '=', job.id)
    .where('status', '=', 'pending')
    .where('attempts', '=', job.attempts);
  const attempts = job.attempts + 1;
  const query =
    outcome.status === 'retry'
      ? base.set({ attempts, last_error: outcome.error, next_attempt_at: outcome.nextAttemptAt })
      : outcome.status === 'failed'
        ? base.set({
            attempts,
            status: 'failed',
            last_error: outcome.error,
            recipient: outcome.recipient,
            finished_at: at,
          })
        : base.set({
            attempts,
            status: outcome.status,
            recipient: outcome.recipient,
            subject: outcome.subject,
            body_text: outcome.text,
            finished_at: at,
          });
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The administrators' view of every notification e-mail, newest first. */
export async function listMailJobs(db: Db, query: MailOutboxQuery): Promise<MailOutboxPage> {
  const { page, size } = query;
  let base = db
    .selectFrom('mail_jobs as j')
    .innerJoin('notifications as n', 'n.id', 'j.notification_id')
    .innerJoin('users as u', 'u.id', 'j.user_id');
  if (query.status) base = base.where('j.status', '=', query.status);
  const [rows, total] = await Promise.all([
    base
      .select([
        'j.id',
        'j.notification_id',
        'n.kind',
        'u.username',
        'u.locale',
        'j.recipient',
        'j.status',
        'j.attempts',
        'j.next_attempt_at',
        'j.last_error',
        'j.created_at',
        'j.finished_at',
        'j.subject',
        'j.body_text',
      ])
      .orderBy('j.created_at', 'desc')
      .orderBy('j.id', 'desc')
      .limit(size)
      .offset(page * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    data: rows.map((row) => ({
      id: Number(row.id),
      notificationId: Number(row.notification_id),
      kind: row.kind,
      username: row.username,
      recipient: row.recipient,
      locale: LocaleSchema.catch('nl').parse(row.locale),
      status: row.status,
      attempts: row.attempts,
      nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
      lastError: row.last_error,
      createdAt: row.created_at.toISOString(),
      finishedAt: row.finished_at?.toISOString() ?? null,
      subject: row.subject,
      text: row.body_text,
    })),
    page,
    size,
    total: Number(total.count),
  };
}
