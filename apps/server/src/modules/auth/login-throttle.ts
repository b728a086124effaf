import type { Config } from '../../kernel/config/config';
import type { Db } from '../../db/database';
import { LOCK_NAMESPACES } from '../../kernel/jobs/lock-keys';
import { lockForTransactionOf } from '../../kernel/jobs/transaction-lock';
import {
  countCountingAccountAttempts,
  deleteCountingAttempts,
  deleteEarlierPairFailures,
  findCountingPairAttempts,
  hasLaterPairAttempt,
  insertAttempt,
  pruneAttemptsBefore,
  setAttemptOutcome,
} from './login-throttle.repository';

type Settings = Config['loginThrottle'];

/** An admitted attempt, written before its password is checked so that it counts at once. */
export interface Attempt {
  id: string;
  usernameKey: string;
  ip: string;
  /** No other attempt of the same account and address was in flight when this one began. */
  alone: boolean;
}

export type Admission =
  | { kind: 'allow'; delayMs: number; attempt: Attempt }
  | { kind: 'refuse'; retryAfterSeconds: number };

// Expired rows are pruned a few at a time, by whoever signs in next.
const PRUNE_BATCH = 100;

/** The key an account is counted under: usernames are case-insensitive. */
export function usernameKeyOf(username: string): string {
  return username.trim().toLowerCase();
}

/**
 * OWASP-style throttling (docs/security.md): failures are counted per (account, address) pair,
 * which is refused after lockoutAfter, and per account, which is only ever slowed down. Counts
 * live in the database, so every instance agrees; unknown usernames are counted like known
 * ones, so the answers never reveal which exist.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly settings: Settings,
  ) {}

  private windowStart(now: Date): Date {
    return new Date(now.getTime() - this.settings.windowMinutes * 60_000);
  }

  private delayFor(accountFailures: number): number {
    const { slowdownAfter, slowdownMs, slowdownMaxMs } = this.settings;
    if (accountFailures < slowdownAfter) return 0;
    return Math.min(slowdownMaxMs, slowdownMs * (accountFailures - slowdownAfter + 1));
  }

  /** The fewest failures of an account that already give the longest wait: no need to count on. */
  private accountCountCap(): number {
    const { slowdownAfter, slowdownMs, slowdownMaxMs } = this.settings;
    return slowdownMs === 0 ? slowdownAfter : slowdownAfter + Math.ceil(slowdownMaxMs / slowdownMs);
  }

  /**
   * Checks the counts and records the attempt in one transaction that holds the account's
   * lock, so attempts running at the same time see each other: a burst cannot slip past.
   */
  async admit(usernameKey: string, ip: string, now: Date): Promise<Admission> {
    const since = this.windowStart(now);
    const { lockoutAfter, windowMinutes } = this.settings;
    const admission = await this.db.transaction().execute(async (trx): Promise<Admission> => {
      await lockAccount(trx, usernameKey);
      const pair = await findCountingPairAttempts(trx, { usernameKey, ip }, since, lockoutAfter);
      if (pair.length >= lockoutAfter) {
        // Refused until the oldest of the last lockoutAfter attempts leaves the window.
        const until = pair[lockoutAfter - 1]!.at.getTime() + windowMinutes * 60_000;
        const retryAfterSeconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
        return { kind: 'refuse', retryAfterSeconds };
      }
      const accountFailures = await countCountingAccountAttempts(
        trx,
        usernameKey,
        since,
        this.accountCountCap(),
      );
      const id = await insertAttempt(trx, { at: now, usernameKey, ip });
      return {
        kind: 'allow',
        delayMs: this.delayFor(accountFailures),
        attempt: { id, usernameKey, ip, alone: pair.every((row) => row.succeeded !== null) },
      };
    });
    await this.pruneExpired(now);
    return admission;
  }

  /**
   * Records the outcome. A success that ran alone forgets the earlier failures of its pair (the
   * user mistyped, then got it right); one that was part of a burst forgets nothing, and the
   * failures of other addresses always stay.
   */
  async settle(attempt: Attempt, succeeded: boolean): Promise<void> {
    if (!succeeded || !attempt.alone) {
      await setAttemptOutcome(this.db, attempt.id, succeeded);
      return;
    }
    await this.db.transaction().execute(async (trx) => {
      await lockAccount(trx, attempt.usernameKey);
      await setAttemptOutcome(trx, attempt.id, true);
      // Another attempt of the pair began while this one was in flight: a burst.
      if (await hasLaterPairAttempt(trx, attempt)) return;
      await deleteEarlierPairFailures(trx, attempt);
    });
  }

  /** An administrator lifts the throttle of an account, from one address or from all. */
  async lift(usernameKey: string, ip: string | null): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await lockAccount(trx, usernameKey);
      return deleteCountingAttempts(trx, usernameKey, ip);
    });
  }

  // Skips rows another instance is pruning at the same moment: waiting could deadlock.
  private async pruneExpired(now: Date): Promise<void> {
    const expired = new Date(this.windowStart(now).getTime() - 60_000);
    await pruneAttemptsBefore(this.db, expired, PRUNE_BATCH);
  }
}

async function lockAccount(trx: Db, usernameKey: string): Promise<void> {
  await lockForTransactionOf(trx, LOCK_NAMESPACES.loginThrottle, usernameKey);
}
