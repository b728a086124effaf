import type { SessionWithUsers } from '../../kernel/sessions/sessions.repository';

/**
 * Sessions read in the last few seconds, so a busy screen does not ask the database who is signed
 * in on every request. Expiry is still judged on every request from the kept row. A session ended
 * here, or on another instance (terminateSession on the event bus), is forgotten at once; any other
 * change to a user (disabled, read-only) is seen within the cache's lifetime.
 */
export class SessionCache {
  readonly #entries = new Map<string, { session: SessionWithUsers; readAt: number }>();

  constructor(
    private readonly lifetimeMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(tokenHash: string, at: number): SessionWithUsers | undefined {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    // A clock that went backwards also drops the entry rather than trusting it longer.
    if (at - entry.readAt >= this.lifetimeMs || at < entry.readAt) {
      this.#entries.delete(tokenHash);
      return undefined;
    }
    return entry.session;
  }

  keep(tokenHash: string, session: SessionWithUsers, at: number): void {
    if (this.lifetimeMs <= 0) return;
    this.#entries.delete(tokenHash);
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(tokenHash, { session, readAt: at });
  }

  /** The session was used: later requests judge idle expiry from this instant. */
  touched(tokenHash: string, at: Date): void {
    const entry = this.#entries.get(tokenHash);
    if (entry) entry.session = { ...entry.session, lastUsedAt: at };
  }

  forget(tokenHash: string): void {
    this.#entries.delete(tokenHash);
  }

  forgetSessions(sessionIds: readonly number[]): void {
    const ended = new Set(sessionIds);
    for (const [tokenHash, entry] of this.#entries) {
      if (ended.has(entry.session.id)) this.#entries.delete(tokenHash);
    }
  }
}
