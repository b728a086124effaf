import type { Locale, Terms } from '@klik/api';
import type { Db } from '../../db/database';
import { AppError } from '../../kernel/http/app-error';
import { writeAudit } from '../../kernel/audit/audit-log';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { currentTerms, recordTermsAcceptance } from './purchase.repository';
import { actorOf } from '../../kernel/audit/audit-log';
import { assertMaySee } from '../../kernel/access/customer-access';

export interface ClickTermsDeps {
  db: Db;
  now: () => Date;
}

/** The terms that apply to the customer, in the reader's language, and whether accepted. */
export async function readTerms(
  db: Db,
  auth: AuthContext,
  customerId: number,
  locale: Locale,
): Promise<Terms> {
  await assertMaySee(db, auth, customerId);
  const terms = await currentTerms(db, customerId, auth.user.id);
  if (!terms) throw new AppError('NOT_FOUND');
  return {
    version: terms.version,
    body: locale === 'en' ? terms.bodyEn : terms.bodyNl,
    publishedAt: terms.publishedAt.toISOString(),
    accepted: terms.accepted,
  };
}

export async function acceptTerms(
  deps: ClickTermsDeps,
  auth: AuthContext,
  customerId: number,
  version: number,
  ip: string | null,
): Promise<Terms> {
  await assertMaySee(deps.db, auth, customerId);
  await acceptTermsVersion(deps, auth, customerId, version, ip);
  return readTerms(deps.db, auth, customerId, auth.user.locale);
}

/** Records the user's acceptance of the terms' current version, refusing an outdated one. */
export async function acceptTermsVersion(
  deps: ClickTermsDeps,
  auth: AuthContext,
  customerId: number,
  version: number,
  ip: string | null,
): Promise<void> {
  const terms = await currentTerms(deps.db, customerId, auth.user.id);
  if (!terms) throw new AppError('NOT_FOUND');
  if (terms.version !== version) {
    throw new AppError('TERMS_VERSION_OUTDATED', {
      messageArgs: [terms.version],
      details: { version: terms.version },
    });
  }
  if (terms.accepted) return;
  const at = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await recordTermsAcceptance(trx, auth.user.id, customerId, version, at);
    await writeAudit(trx, {
      ...actorOf(auth),
      at,
      action: 'purchase.terms.accept',
      outcome: 'success',
      subject: `customer:${customerId}`,
      customerIds: [customerId],
      details: { version },
      ip,
    });
  });
}

/** The terms version the user must still accept for the customer, or null. */
export async function requiredTermsVersion(
  db: Db,
  userId: number,
  customerId: number,
): Promise<number | null> {
  const terms = await currentTerms(db, customerId, userId);
  return !terms || terms.accepted ? null : terms.version;
}
