// Apart from the client and its schemas, so a page can tell a failed call without loading zod.

/** A failed call: the HTTP status and the server's stable error code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfterSeconds?: number,
    /** The whole error body as answered, for a refusal that says more (e.g. an import's report). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
