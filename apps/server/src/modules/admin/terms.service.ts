import type { PublishTermsBody, TermsVersion, TermsVersionList } from '@klik/api';
import { AppError } from '../../kernel/http/app-error';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { notify } from '../notifications/notify';
import { type AdminDeps } from './admin-change';
import { auditChange } from '../../kernel/audit/audit-log';
import { scopeOf } from '../../kernel/access/admin-scope';
import { LOCK_KEYS } from '../../kernel/jobs/lock-keys';
import { lockForTransaction } from '../../kernel/jobs/transaction-lock';
import { insertNextTermsVersion, termsVersionsOf } from './terms.repository';

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
    if (customerId === null) return { data: await termsVersionsOf(db, null) };
    await scope.assertCustomer(db, customerId);
    return {
      data: [...(await termsVersionsOf(db, customerId)), ...(await termsVersionsOf(db, null))],
    };
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
      const stored = await insertNextTermsVersion(trx, customerId, body, at);
      await auditChange(trx, at, auth, {
        action: 'terms.publish',
        subject: customerId === null ? 'terms:default' : `customer:${customerId}`,
        customerIds: customerId === null ? [] : [customerId],
        after: { version: stored.version, customerId },
        ip,
      });
      // Every user who must accept it before their next click: the customer's, or for the
      // default terms everyone (a customer with terms of its own is told needlessly: rare).
      await notify(trx, {
        kind: 'TERMS_PUBLISHED',
        to: customerId === null ? { everyone: true } : { customerId },
        customerId,
        params: { version: stored.version },
        at,
      });
      return stored;
    });
    await this.deps.flushEvents();
    return published;
  }
}
