import { sql } from 'kysely';
import type { PublishTermsBody, TermsVersion, TermsVersionList } from '@klik/api';
import type { Db } from '../../db/database';
import { AppError } from '../../kernel/http/app-error';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { notify } from '../notifications/notify';
import { type AdminDeps } from './admin-change';
import { auditChange } from '../../kernel/audit/audit-log';
import { scopeOf } from './permissions';
import { LOCK_KEYS } from '../../kernel/jobs/lock-keys';
import { lockForTransaction } from '../../kernel/jobs/transaction-lock';

interface TermsRow {
  version: number;
  customer_id: number | null;
  body_nl: string;
  body_en: string;
  published_at: Date;
}

function versionOf(row: TermsRow): TermsVersion {
  return {
    version: row.version,
    customerId: row.customer_id,
    bodyNl: row.body_nl,
    bodyEn: row.body_en,
    publishedAt: row.published_at.toISOString(),
  };
}

/** The versions of one customer's terms (or the default terms: null), newest first. */
async function versionsOf(db: Db, customerId: number | null): Promise<TermsVersion[]> {
  const rows = await db
    .selectFrom('terms_versions')
    .select(['version', 'customer_id', 'body_nl', 'body_en', 'published_at'])
    .where('customer_id', customerId === null ? 'is' : '=', customerId)
    .orderBy('version', 'desc')
    .execute();
  return rows.map(versionOf);
}

/**
 * Terms: a customer's own, or the default terms for every customer without terms of its own
 * (docs/purchase.md). A published version applies at once: every user must accept it before
 * their next click (TERMS_NOT_ACCEPTED). Version numbers are one sequence over all terms, so an
 * acceptance of one customer's version n can never count for another version n.
 */
export class TermsService {
  constructor(private readonly deps: AdminDeps) {}

  /** The customer's own versions, then the default ones, each newest first. */
  async list(auth: AuthContext, customerId: number | null): Promise<TermsVersionList> {
    const { db } = this.deps;
    const scope = await scopeOf(db, auth, 'customers.read');
    if (customerId === null) return { data: await versionsOf(db, null) };
    await scope.assertCustomer(db, customerId);
    return { data: [...(await versionsOf(db, customerId)), ...(await versionsOf(db, null))] };
  }

  /** Publishes a new version in Dutch and English; the default terms need reach over all. */
  async publish(
    auth: AuthContext,
    customerId: number | null,
    body: PublishTermsBody,
    ip: string | null,
  ): Promise<TermsVersion> {
    const { db, now } = this.deps;
    const scope = await scopeOf(db, auth, 'terms.publish');
    if (customerId === null) {
      if (!scope.all) throw new AppError('FORBIDDEN');
    } else {
      await scope.assertCustomer(db, customerId);
    }
    const published = await db.transaction().execute(async (trx) => {
      await lockForTransaction(trx, LOCK_KEYS.terms);
      const at = now();
      const { previous } = await trx
        .selectFrom('terms_versions')
        .select(sql<number>`coalesce(max(version), 0)::int`.as('previous'))
        .executeTakeFirstOrThrow();
      const row = await trx
        .insertInto('terms_versions')
        .values({
          customer_id: customerId,
          version: previous + 1,
          body_nl: body.bodyNl,
          body_en: body.bodyEn,
          published_at: at,
        })
        .returning(['version', 'customer_id', 'body_nl', 'body_en', 'published_at'])
        .executeTakeFirstOrThrow();
      await auditChange(trx, at, auth, {
        action: 'terms.publish',
        subject: customerId === null ? 'terms:default' : `customer:${customerId}`,
        customerIds: customerId === null ? [] : [customerId],
        after: { version: row.version, customerId },
        ip,
      });
      // Every user who must accept it before their next click: the customer's, or for the
      // default terms everyone (a customer with terms of its own is told needlessly: rare).
      await notify(trx, {
        kind: 'TERMS_PUBLISHED',
        to: customerId === null ? { everyone: true } : { customerId },
        customerId,
        params: { version: row.version },
        at,
      });
      return versionOf(row);
    });
    await this.deps.flushEvents();
    return published;
  }
}
