/**
 * A token bucket per API client (docs/integrations.md): `burst` requests at once, refilled at
 * `perMinute`. Kept in memory, so per instance: behind a load balancer with n instances a client
 * gets up to n times the rate. That bounds what one client costs each instance, which is the
 * point; a cluster-wide quota would need a shared counter on every call.
 */
export class ApiRateLimit {
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly rate: { perMinute: number; burst: number },
    private readonly now: () => Date,
  ) {}

  /** Takes one request of the client's bucket: null when it may go, else seconds to wait. */
  take(clientId: string): number | null {
    const at = this.now().getTime();
    const perMs = this.rate.perMinute / 60_000;
    const bucket = this.#buckets.get(clientId) ?? { tokens: this.rate.burst, at };
    const tokens = Math.min(this.rate.burst, bucket.tokens + Math.max(0, at - bucket.at) * perMs);
    if (tokens < 1) {
      this.#buckets.set(clientId, { tokens, at });
      return Math.max(1, Math.ceil((1 - tokens) / perMs / 1000));
    }
    this.#buckets.set(clientId, { tokens: tokens - 1, at });
    this.#forgetFullBuckets(at, perMs);
    return null;
  }

  // A full bucket is the same as none: dropping those keeps the map as small as the busy clients.
  #forgetFullBuckets(at: number, perMs: number): void {
    if (this.#buckets.size < 10_000) return;
    for (const [key, bucket] of this.#buckets) {
      if (bucket.tokens + (at - bucket.at) * perMs >= this.rate.burst) this.#buckets.delete(key);
    }
  }
}
