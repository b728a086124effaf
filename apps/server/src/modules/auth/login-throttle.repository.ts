import { sql } from 'kysely';
import type { Db } from '../../db/database';

/*
 * The SQL of the sign-in throttle (login-throttle.ts, docs/security.md): the rows of
 * login_attempts. The throttle takes the account's lock before it calls the functions that take a
 * transaction.
 */

/** Failed and in-flight attempts count; successful ones do not. */
const notSucceeded = sql<boolean>`succeeded is not true`;

/**
 * The pair's (account and address) attempts that still count in the window, newest first, at most
 * `limit`: enough to tell whether the pair is locked out, until when, and whether one is in flight.
 */
export function findCountingPairAttempts(
  trx: Db,
  pair: { usernameKey: string; ip: string },
  since: Date,
  limit: number,
): Promise<{ at: Date; succeeded: boolean | null }[]> {
  return trx
    .selectFrom('login_attempts')
    .select(['at', 'succeeded'])
    .where('username_key', '=', pair.usernameKey)
    .where('ip', '=', pair.ip)
    .where('at', '>', since)
    .where(notSucceeded)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * How many of the account's attempts, from any address, still count in the window; counting
 * stops at `cap`, beyond which the wait does not grow.
 */
export async function countCountingAccountAttempts(
  trx: Db,
  usernameKey: string,
  since: Date,
  cap: number,
): Promise<number> {
  const account = await trx
    .selectFrom((qb) =>
      qb
        .selectFrom('login_attempts')
        .select('id')
        .where('username_key', '=', usernameKey)
        .where('at', '>', since)
        .where(notSucceeded)
        .limit(cap)
        .as('recent'),
    )
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(account.count);
}

/** Records an admitted attempt as in flight (succeeded null), so it counts at once; answers its id. */
export async function insertAttempt(
  trx: Db,
  attempt: { at: Date; usernameKey: string; ip: string },
): Promise<string> {
  const { id } = await trx
    .insertInto('login_attempts')
    .values({ at: attempt.at, username_key: attempt.usernameKey, ip: attempt.ip, succeeded: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Stores how an attempt ended: from then on a success no longer counts, a failure does. */
export async function setAttemptOutcome(db: Db, id: string, succeeded: boolean): Promise<void> {
  await db.updateTable('login_attempts').set({ succeeded }).where('id', '=', id).execute();
}

/**
 * Whether the pair has an attempt that began after this one: this one was then part of a burst,
 * and its success must not wipe the pair's failures.
 */
export async function hasLaterPairAttempt(
  trx: Db,
  attempt: { id: string; usernameKey: string; ip: string },
): Promise<boolean> {
  const joined = await trx
    .selectFrom('login_attempts')
    .select('id')
    .where('username_key', '=', attempt.usernameKey)
    .where('ip', '=', attempt.ip)
    .where('id', '>', attempt.id)
    .executeTakeFirst();
  return joined !== undefined;
}

/** Forgets the pair's failures from before this attempt (a mistyped password, then the right one). */
export async function deleteEarlierPairFailures(
  trx: Db,
  attempt: { id: string; usernameKey: string; ip: string },
): Promise<void> {
  await trx
    .deleteFrom('login_attempts')
    .where('username_key', '=', attempt.usernameKey)
    .where('ip', '=', attempt.ip)
    .where('id', '<', attempt.id)
    .where('succeeded', '=', false)
    .execute();
}

/**
 * Deletes the attempts of the account that count (from one address, or from all: ip null), which
 * lifts its throttle; answers how many went.
 */
export async function deleteCountingAttempts(
  trx: Db,
  usernameKey: string,
  ip: string | null,
): Promise<number> {
  let query = trx
    .deleteFrom('login_attempts')
    .where('username_key', '=', usernameKey)
    .where(notSucceeded);
  if (ip !== null) query = query.where('ip', '=', ip);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes up to `batch` attempts from before `expired`. Skips rows another instance is pruning at
 * the same moment: waiting could deadlock.
 */
export async function pruneAttemptsBefore(db: Db, expired: Date, batch: number): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('id', 'in', (qb) =>
      qb
        .selectFrom('login_attempts')
        .select('id')
        .where('at', '<', expired)
        .limit(batch)
        .forUpdate()
        .skipLocked(),
    )
    .execute();
}
