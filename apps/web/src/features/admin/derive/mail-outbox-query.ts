import {
  MailOutboxQuerySchema,
  NOTIFICATION_KINDS,
  type MailJobStatus,
  type NotificationKind,
} from '@klik/api';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { listQuery, type ListParams } from './list-query';
import type { StatusTone } from '../../../shared/ui/status-badge';

export const MAIL_OUTBOX_LIST_FIELDS = ['status', 'page', 'size'] as const;
export type MailOutboxListField = (typeof MAIL_OUTBOX_LIST_FIELDS)[number];
export type MailOutboxListParams = ListParams<MailOutboxListField>;

/** The mail outbox's state filter and page in the address bar; the server lists newest first. */
export const mailOutboxListQuery = listQuery<MailOutboxListField, 'createdAt'>(
  MAIL_OUTBOX_LIST_FIELDS,
  MailOutboxQuerySchema,
  '-createdAt',
);

export function mailStatusKey(status: MailJobStatus): MessageKey {
  return `admin.mailOutbox.status.${status}`;
}

export const MAIL_STATUS_TONES: Readonly<Record<MailJobStatus, StatusTone>> = {
  pending: 'warning',
  sent: 'success',
  outbox: 'neutral',
  failed: 'danger',
};

/**
 * A kind's name as myinfo's e-mail choice shows it; a kind this build does not know (an old row)
 * is shown as the server names it.
 */
export function mailKindLabel(kind: string, t: (key: MessageKey) => string): string {
  return (NOTIFICATION_KINDS as readonly string[]).includes(kind)
    ? t(`myInfo.notifications.kind.${kind as NotificationKind}`)
    : kind;
}
