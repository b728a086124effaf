import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from './schema-columns';

// Tables of telling users: notifications, announcements, the event outbox and e-mail.

export interface NotificationsTable {
  /** bigint: read as a string. */
  id: Generated<string>;
  user_id: number;
  customer_id: number | null;
  kind: string;
  message_key: string;
  params: ColumnType<Record<string, string | number>, string, string>;
  publish_date: Date;
  read: Generated<boolean>;
  /** What the screen opens: the click (0012). */
  click_id: Generated<number | null>;
  /** The contract id as text (contracts.contract_id, not the row id), for its position (0012). */
  contract_id: Generated<string | null>;
  /** The announcement whose words an ANNOUNCEMENT notification shows (0012). */
  announcement_id: Generated<number | null>;
  attachment_kind: Generated<'announcement' | 'clickConfirmation' | null>;
  /** The announcement's id or the click's id, as attachment_kind says. */
  attachment_ref: Generated<number | null>;
}

/** A message an administrator published to every user or chosen customers (0012). */
export interface AnnouncementsTable {
  id: Generated<number>;
  title_nl: string;
  title_en: string;
  body_nl: string;
  body_en: string;
  audience: 'all' | 'customers';
  published_at: Date;
  published_by: number | null;
  recipients: Generated<number>;
}

export interface AnnouncementCustomersTable {
  announcement_id: number;
  customer_id: number;
}

export interface AnnouncementAttachmentsTable {
  announcement_id: number;
  locale: 'nl' | 'en';
  filename: string;
  content_type: string;
  size: number;
  content: Buffer;
}

/** Events of committed changes not yet published on the bus (modules/realtime/event-outbox.ts). */
export interface EventOutboxTable {
  /** bigint: read as a string. */
  id: Generated<string>;
  name: string;
  payload: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
}

/** A user's choice per notification kind; absent kinds follow DEFAULT_DELIVERY (0013). */
export interface NotificationPreferencesTable {
  user_id: number;
  kind: string;
  channel: 'portal' | 'email';
}

export type MailJobStatus = 'pending' | 'sent' | 'outbox' | 'failed';

/** One e-mail per notification and recipient, sent by the mail worker (0013, modules/mail). */
export interface MailJobsTable {
  /** bigint: read as a string. */
  id: Generated<string>;
  /** bigint: read as a string. */
  notification_id: ColumnType<string, string | number, string | number>;
  user_id: number;
  status: Generated<MailJobStatus>;
  attempts: Generated<number>;
  next_attempt_at: Date;
  last_error: string | null;
  created_at: Date;
  finished_at: Date | null;
  recipient: string | null;
  subject: string | null;
  body_text: string | null;
}
