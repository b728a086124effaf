import pg from 'pg';

/** Who runs a job that must run on exactly one instance. */
export interface LeaderLock {
  /** Takes the lock if it is free; answers whether this instance now holds it. */
  tryAcquire(): Promise<boolean>;
  /** Lets the lock go so another instance can take it. */
  release(): Promise<void>;
  /** Called when a held lock is lost without release (the connection dropped). */
  onLost(handler: () => void): void;
}

/** The single embedded database serves one process, which therefore always leads. */
export class SingleProcessLock implements LeaderLock {
  async tryAcquire(): Promise<boolean> {
    return true;
  }
  async release(): Promise<void> {}
  onLost(): void {}
}

/**
 * A PostgreSQL session advisory lock held on a dedicated connection: the lock lives exactly as
 * long as that connection, so a crashed leader frees it and another instance takes over.
 */
export class PgAdvisoryLock implements LeaderLock {
  #client: pg.Client | null = null;
  #lost: () => void = () => {};

  constructor(
    private readonly databaseUrl: string,
    private readonly key: bigint,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  async tryAcquire(): Promise<boolean> {
    if (this.#client) return true;
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('error', (error) => this.onError(error));
    await client.connect();
    try {
      const result = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1::bigint) as locked',
        [this.key.toString()],
      );
      if (result.rows[0]?.locked !== true) {
        await client.end();
        return false;
      }
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    client.on('end', () => {
      if (this.#client !== client) return;
      this.#client = null;
      this.#lost();
    });
    this.#client = client;
    return true;
  }

  async release(): Promise<void> {
    const client = this.#client;
    if (!client) return;
    this.#client = null;
    try {
      await client.query('select pg_advisory_unlock($1::bigint)', [this.key.toString()]);
    } finally {
      // Ending the session frees the lock even if the unlock failed.
      await client.end().catch(() => {});
    }
  }

  onLost(handler: () => void): void {
    this.#lost = handler;
  }
}

/**
 * The one way a once-only job gets its lock: on PostgreSQL an advisory lock under the job's key
 * from the registry (lock-keys.ts), on the embedded database (one process) always held. A lost
 * connection is logged under the job's name.
 */
export function leaderLockFor(
  databaseUrl: string | null,
  key: bigint,
  job: string,
  log: { error: (details: object, message: string) => void },
): LeaderLock {
  return databaseUrl
    ? new PgAdvisoryLock(databaseUrl, key, (error) =>
        log.error({ err: error }, `${job} lock connection failed`),
      )
    : new SingleProcessLock();
}
