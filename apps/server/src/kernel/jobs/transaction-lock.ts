import { sql } from 'kysely';
import type { Db } from '../../db/database';

/*
 * Transaction advisory locks: held until the caller's transaction ends, so changes of one kind
 * never interleave across instances. The keys are in lock-keys.ts (decision 013).
 */

/** Waits for the lock of one kind of change (LOCK_KEYS), e.g. publishing terms. */
export async function lockForTransaction(trx: Db, key: bigint): Promise<void> {
  await sql`select pg_advisory_xact_lock(${key.toString()}::bigint)`.execute(trx);
}

/** Waits for the lock of one account (or address) in a namespace (LOCK_NAMESPACES). */
export async function lockForTransactionOf(
  trx: Db,
  namespace: number,
  account: string,
): Promise<void> {
  await sql`select pg_advisory_xact_lock(${namespace}::int4, hashtext(${account}))`.execute(trx);
}
