import { type DeadlineCalendar, type DeadlineCalendarCreated, DEADLINE_PATHS } from '@klik/api';
import type { Db } from '../../db/database';
import { AppError } from '../../kernel/http/app-error';
import { writeAudit } from '../../kernel/audit/audit-log';
import type { AuthContext, RequestInfo } from '../../kernel/auth/auth-context';
import { hashSessionToken, newSessionToken } from '../../kernel/auth/session-token';
import { deadlinesIcs } from './deadline-ics';
import {
  deleteFeedOfUser,
  findFeedOfUser,
  findFeedUser,
  findLinkedCustomers,
  insertFeed,
} from './deadlines.repository';
import { openDeadlines } from './deadlines.service';

/** A token as newSessionToken makes it (256 bits, base64url) followed by ".ics". */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/** At most this many deadlines, soonest first, in one feed (a large consultant's book). */
export const FEED_MAX_EVENTS = 1_000;

export interface DeadlineCalendarDeps {
  db: Db;
  now: () => Date;
  /** PUBLIC_URL: the feed's address and the events' link to the dashboard start with it. */
  publicUrl: string;
}

export function feedPath(token: string): string {
  return DEADLINE_PATHS.calendarFeed.replace(':file', `${token}.ics`);
}

/**
 * A user's deadline calendar feed (docs/deadlines.md): a secret URL whose random token is the
 * credential, stored only as its digest, as sessions are. Making one again revokes the one before.
 */
export class DeadlineCalendarService {
  constructor(private readonly deps: DeadlineCalendarDeps) {}

  async status(auth: AuthContext): Promise<DeadlineCalendar> {
    const feed = await findFeedOfUser(this.deps.db, auth.user.id);
    return { active: feed !== undefined, createdAt: feed?.createdAt.toISOString() ?? null };
  }

  /** Makes the feed, or renews it: the old URL stops working at once. */
  async create(auth: AuthContext, info: RequestInfo): Promise<DeadlineCalendarCreated> {
    // A credential of the user's own: someone signed in as them does not make or end it.
    if (auth.impersonator) throw new AppError('FORBIDDEN');
    const token = newSessionToken();
    const at = this.deps.now();
    await this.deps.db.transaction().execute(async (trx) => {
      const renewed = await deleteFeedOfUser(trx, auth.user.id);
      await insertFeed(trx, {
        userId: auth.user.id,
        tokenHash: hashSessionToken(token),
        createdAt: at,
      });
      await writeAudit(trx, {
        at,
        actor: { id: auth.user.id, username: auth.user.username },
        action: renewed ? 'deadlines.calendar.renew' : 'deadlines.calendar.create',
        outcome: 'success',
        subject: auth.user.username,
        ip: info.ip,
      });
    });
    const path = feedPath(token);
    return { url: `${this.deps.publicUrl}${path}`, path, createdAt: at.toISOString() };
  }

  /** Ends the feed; its URL answers 404 from now on. */
  async revoke(auth: AuthContext, info: RequestInfo): Promise<void> {
    if (auth.impersonator) throw new AppError('FORBIDDEN');
    const at = this.deps.now();
    await this.deps.db.transaction().execute(async (trx) => {
      const hadFeed = await deleteFeedOfUser(trx, auth.user.id);
      await writeAudit(trx, {
        at,
        actor: { id: auth.user.id, username: auth.user.username },
        action: 'deadlines.calendar.revoke',
        outcome: 'success',
        subject: auth.user.username,
        details: { hadFeed },
        ip: info.ip,
      });
    });
  }

  /**
   * The feed of a `<token>.ics` path: the deadlines of the user's customers. Unknown, revoked,
   * malformed and a disabled user's tokens are all the same 404, so the answer tells nothing.
   */
  async feed(file: string): Promise<string> {
    const token = FEED_FILE.exec(file)?.[1];
    // The digest is taken either way, so a malformed token costs the same as a wrong one.
    const tokenHash = hashSessionToken(token ?? file);
    const user = token === undefined ? undefined : await findFeedUser(this.deps.db, tokenHash);
    if (!user) throw new AppError('NOT_FOUND');
    const at = this.deps.now();
    const customers = await findLinkedCustomers(this.deps.db, user.id);
    const deadlines = await openDeadlines(this.deps.db, customers, at);
    return deadlinesIcs({
      deadlines: deadlines.slice(0, FEED_MAX_EVENTS),
      locale: user.locale === 'en' ? 'en' : 'nl',
      at,
      publicUrl: this.deps.publicUrl,
    });
  }
}
