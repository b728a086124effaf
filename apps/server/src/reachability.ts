import type { Config } from './kernel/config/config';
import type { Db } from './db/database';
import { isDatabaseReachable } from './db/database';
import type { EventBus } from './kernel/events/event-bus';
import { redisAddress, RedisEventBus } from './kernel/events/redis-event-bus';

/** How long the start waits for PostgreSQL and Redis before it gives up. */
export const REACH_TIMEOUT_MS = 10_000;

/** Where a database URL points, without its password: for messages. */
function databaseAddress(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

/** The most telling text of a connection error (a refused localhost gives an empty AggregateError). */
export function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return reasonOf(error.errors[0]);
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return error.message || (typeof code === 'string' ? code : error.name);
  }
  return String(error);
}

function timeout(ms: number): { promise: Promise<never>; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

async function databaseProblem(db: Db, url: string, timeoutMs: number): Promise<string | null> {
  const limit = timeout(timeoutMs);
  try {
    await Promise.race([db.selectNoFrom((eb) => eb.lit(1).as('one')).execute(), limit.promise]);
    return null;
  } catch (error) {
    return `DATABASE_URL: cannot reach PostgreSQL at ${databaseAddress(url)} (${reasonOf(error)})`;
  } finally {
    limit.cancel();
  }
}

/**
 * What the start needs before it migrates and listens: the database (with DATABASE_URL) and
 * the Redis server (with REDIS_URL). Answers one line naming the variable of the first part
 * that cannot be reached, or null. At run time neither stops the server: /readyz reports them.
 */
export async function unreachableDependency(
  config: Pick<Config, 'databaseUrl' | 'redisUrl'>,
  deps: { db: Db; bus: EventBus },
  timeoutMs = REACH_TIMEOUT_MS,
): Promise<string | null> {
  if (config.databaseUrl) {
    const problem = await databaseProblem(deps.db, config.databaseUrl, timeoutMs);
    if (problem) return problem;
  } else if (!(await isDatabaseReachable(deps.db))) {
    return 'DATA_DIR: the embedded database does not answer';
  }
  if (config.redisUrl && deps.bus instanceof RedisEventBus) {
    try {
      await deps.bus.ready(timeoutMs);
    } catch (error) {
      return `REDIS_URL: cannot reach Redis at ${redisAddress(config.redisUrl)} (${reasonOf(error)})`;
    }
  }
  return null;
}
