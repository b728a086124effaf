import type { Locale, Notification, NotificationPage } from '@klik/api';
import type { Db } from '../../db/database';
import { AppError } from '../../kernel/http/app-error';
import {
  announcementFile,
  findOwn,
  latestUnread,
  listNotifications,
  markRead,
  unreadCount,
  type ListQuery,
  type StoredFile,
} from './notifications.repository';
import { queueUnreadCounts } from './notify';

/**
 * Renders a click's PDF confirmation from the stored click (modules/click-confirmation); null
 * when none can be made for that click.
 */
export type ClickConfirmationRenderer = (
  db: Db,
  clickId: number,
  locale: Locale,
) => Promise<{ filename: string; contentType: string; bytes: Uint8Array } | null>;

export interface NotificationsDeps {
  db: Db;
  flushEvents: () => Promise<void>;
  /** Absent until the click confirmation module is installed: those attachments answer 404. */
  renderClickConfirmation?: ClickConfirmationRenderer;
}

/** A user's own notifications: read, counted, marked read, and their attachments. */
export class NotificationsService {
  constructor(private readonly deps: NotificationsDeps) {}

  get #available() {
    return { clickConfirmation: this.deps.renderClickConfirmation !== undefined };
  }

  async list(userId: number, query: ListQuery): Promise<NotificationPage> {
    const { data, total } = await listNotifications(this.deps.db, userId, query, this.#available);
    return { data, total, page: query.page, size: query.size };
  }

  latest(userId: number, size: number): Promise<Notification[]> {
    return latestUnread(this.deps.db, userId, size, this.#available);
  }

  unread(userId: number): Promise<number> {
    return unreadCount(this.deps.db, userId);
  }

  /**
   * Marks one (or, with id null, every) notification read. Idempotent; someone else's id is 404.
   * The user's other browsers hear the new unread count.
   */
  async markRead(userId: number, id: number | null): Promise<void> {
    const changed = await this.deps.db.transaction().execute(async (trx) => {
      if (id !== null && !(await findOwn(trx, userId, id))) throw new AppError('NOT_FOUND');
      const count = await markRead(trx, userId, id);
      if (count > 0) await queueUnreadCounts(trx, [userId]);
      return count;
    });
    if (changed > 0) await this.deps.flushEvents();
  }

  /**
   * The notification's attachment in a language. With messageKey (the spec's form of the path),
   * the notification must be the one that key names: another key is 404 like a foreign id.
   */
  async attachment(
    userId: number,
    id: number,
    locale: Locale,
    messageKey?: string,
  ): Promise<StoredFile> {
    const { db, renderClickConfirmation } = this.deps;
    const own = await findOwn(db, userId, id);
    let file: StoredFile | null | undefined;
    const keyMatches = messageKey === undefined || own?.messageKey === messageKey;
    if (own?.attachmentRef != null && keyMatches) {
      if (own.attachmentKind === 'announcement') {
        file = await announcementFile(db, own.attachmentRef, locale);
      } else if (own.attachmentKind === 'clickConfirmation' && renderClickConfirmation) {
        file = await renderClickConfirmation(db, own.attachmentRef, locale);
      }
    }
    if (!file) throw new AppError('NOT_FOUND');
    return file;
  }
}
