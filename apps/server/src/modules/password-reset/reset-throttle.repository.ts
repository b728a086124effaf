import type { Db } from '../../db/database';

/*
 * The SQL of the forgotPassword throttle (reset-throttle.ts, docs/security.md): the rows of
 * password_reset_requests. The throttle takes the account's lock before it counts.
 */

/**
 * How many requests of one account (account_key) or one address (ip) fall in the window, counted
 * no further than `limit`: all the throttle needs to know is whether the limit is reached.
 */
export async function countRecentResetRequests(
  trx: Db,
  by: { column: 'account_key' | 'ip'; value: string },
  since: Date,
  limit: number,
): Promise<number> {
  const rows = await trx
    .selectFrom('password_reset_requests')
    .select('id')
    .where(by.column, '=', by.value)
    .where('at', '>', since)
    .limit(limit)
    .execute();
  return rows.length;
}

/** Records a request that may send its e-mail, so it counts against the next ones. */
export async function insertResetRequest(
  trx: Db,
  request: { accountKey: string; ip: string; at: Date },
): Promise<void> {
  await trx
    .insertInto('password_reset_requests')
    .values({ account_key: request.accountKey, ip: request.ip, at: request.at })
    .execute();
}

/**
 * Deletes up to `batch` requests from before `before`, which no window counts any more. Skips
 * rows another instance is pruning at the same moment, rather than waiting on them.
 */
export async function pruneResetRequestsBefore(db: Db, before: Date, batch: number): Promise<void> {
  await db
    .deleteFrom('password_reset_requests')
    .where('id', 'in', (qb) =>
      qb
        .selectFrom('password_reset_requests')
        .select('id')
        .where('at', '<', before)
        .limit(batch)
        .forUpdate()
        .skipLocked(),
    )
    .execute();
}
