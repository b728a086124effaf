import { sql } from 'kysely';
import type { TermsVersion } from '@klik/api';
import type { Db } from '../../db/database';

const TERMS_COLUMNS = ['version', 'customer_id', 'body_nl', 'body_en', 'published_at'] as const;

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
export async function termsVersionsOf(db: Db, customerId: number | null): Promise<TermsVersion[]> {
  const rows = await db
    .selectFrom('terms_versions')
    .select(TERMS_COLUMNS)
    .where('customer_id', customerId === null ? 'is' : '=', customerId)
    .orderBy('version', 'desc')
    .execute();
  return rows.map(versionOf);
}

/**
 * Stores a new version of a customer's terms (or of the default terms: null) under the next
 * number of the one sequence over all terms. The caller holds LOCK_KEYS.terms in the same
 * transaction, so two publications never take the same number.
 */
export async function insertNextTermsVersion(
  trx: Db,
  customerId: number | null,
  bodies: { bodyNl: string; bodyEn: string },
  at: Date,
): Promise<TermsVersion> {
  const { previous } = await trx
    .selectFrom('terms_versions')
    .select(sql<number>`coalesce(max(version), 0)::int`.as('previous'))
    .executeTakeFirstOrThrow();
  const row = await trx
    .insertInto('terms_versions')
    .values({
      customer_id: customerId,
      version: previous + 1,
      body_nl: bodies.bodyNl,
      body_en: bodies.bodyEn,
      published_at: at,
    })
    .returning(TERMS_COLUMNS)
    .executeTakeFirstOrThrow();
  return versionOf(row);
}
