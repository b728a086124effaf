import type { Db } from '../../db/database';
import type { Config } from '../../config';

export type ThrottleDecision =
  { kind: 'allow'; delayMs: number } | { kind: 'refuse'; retryAfterSeconds: number };

type Settings = Config['loginThrottle'];

/**
 * Counts recent failures per username and per address in the database, so every instance
 * behind a load balancer sees the same count. Usernames are counted whether or not they
 * exist, so the answers never reveal which ones do.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly settings: Settings,
  ) {}

  private windowStart(now: Date): Date {
    return new Date(now.getTime() - this.settings.windowMinutes * 60_000);
  }

  /** Times of the most recent failures, newest first, at most lockoutAfter of them. */
  private async recentFailures(
    column: 'username_key' | 'ip',
    value: string,
    since: Date,
  ): Promise<Date[]> {
    const rows = await this.db
      .selectFrom('login_attempts')
      .select('at')
      .where(column, '=', value)
      .where('succeeded', '=', false)
      .where('at', '>', since)
      .orderBy('at', 'desc')
      .limit(this.settings.lockoutAfter)
      .execute();
    return rows.map((row) => row.at);
  }

  private async lastSuccess(usernameKey: string): Promise<Date | null> {
    const row = await this.db
      .selectFrom('login_attempts')
      .select('at')
      .where('username_key', '=', usernameKey)
      .where('succeeded', '=', true)
      .orderBy('at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.at ?? null;
  }

  private decide(failures: Date[], now: Date): ThrottleDecision {
    const { lockoutAfter, slowdownAfter, slowdownMs, windowMinutes } = this.settings;
    if (failures.length >= lockoutAfter) {
      // Refusal lasts until the oldest of the last lockoutAfter failures leaves the window.
      const oldest = failures[lockoutAfter - 1]!;
      const until = oldest.getTime() + windowMinutes * 60_000;
      return {
        kind: 'refuse',
        retryAfterSeconds: Math.max(1, Math.ceil((until - now.getTime()) / 1000)),
      };
    }
    if (failures.length >= slowdownAfter) {
      return { kind: 'allow', delayMs: slowdownMs * (failures.length - slowdownAfter + 1) };
    }
    return { kind: 'allow', delayMs: 0 };
  }

  async check(usernameKey: string, ip: string, now: Date): Promise<ThrottleDecision> {
    const windowStart = this.windowStart(now);
    const success = await this.lastSuccess(usernameKey);
    // A successful sign-in clears the username's count, not the address's: an attacker
    // with one valid account must not be able to reset the count for an address.
    const userSince = success && success > windowStart ? success : windowStart;
    const byUser = this.decide(
      await this.recentFailures('username_key', usernameKey, userSince),
      now,
    );
    const byIp = this.decide(await this.recentFailures('ip', ip, windowStart), now);
    if (byUser.kind === 'refuse' || byIp.kind === 'refuse') {
      const seconds = Math.max(
        byUser.kind === 'refuse' ? byUser.retryAfterSeconds : 0,
        byIp.kind === 'refuse' ? byIp.retryAfterSeconds : 0,
      );
      return { kind: 'refuse', retryAfterSeconds: seconds };
    }
    return { kind: 'allow', delayMs: Math.max(byUser.delayMs, byIp.delayMs) };
  }

  async record(usernameKey: string, ip: string, succeeded: boolean, now: Date): Promise<void> {
    const expired = new Date(this.windowStart(now).getTime() - 60_000);
    await this.db
      .insertInto('login_attempts')
      .values({ at: now, username_key: usernameKey, ip, succeeded })
      .execute();
    // Old rows are useless; keeping the table small keeps the checks cheap.
    await this.db
      .deleteFrom('login_attempts')
      .where((eb) => eb.or([eb('username_key', '=', usernameKey), eb('ip', '=', ip)]))
      .where('at', '<', expired)
      .execute();
  }
}
