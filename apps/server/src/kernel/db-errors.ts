/** SQLSTATE codes the portal turns into answers (PostgreSQL's, which PGlite shares). */
export const UNIQUE_VIOLATION = '23505';
export const CHECK_VIOLATION = '23514';

/**
 * The constraint a database error with this SQLSTATE violated, or null when it is another error.
 * PostgreSQL's driver names it in `constraint`; PGlite only in the message, so both are read.
 * An empty string: the right kind of violation, but no name could be read.
 */
export function violatedConstraint(error: unknown, sqlState: string): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, constraint, message } = error as {
    code?: unknown;
    constraint?: unknown;
    message?: unknown;
  };
  if (code !== sqlState) return null;
  if (typeof constraint === 'string') return constraint;
  const named = typeof message === 'string' ? /constraint "([^"]+)"/.exec(message) : null;
  return named?.[1] ?? '';
}

/** Whether a database error is a violation of this very constraint. */
export function violates(error: unknown, sqlState: string, constraint: string): boolean {
  return violatedConstraint(error, sqlState) === constraint;
}

/** Network errors of a connection to the database server that is refused, cut or unanswered. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away or not there yet: admin_shutdown (a fast or
 * immediate stop), crash_shutdown, cannot_connect_now (starting up, recovering) and
 * too_many_connections; class 08 is every connection exception.
 */
const UNAVAILABLE_SQL_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What pg says of a connection that ended or broke under a statement (it has no code). */
const CONNECTION_LOST =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end|timeout exceeded when trying to connect)/;

/**
 * Whether an error says the database cannot be reached now (stopped, restarting, the network
 * cut), rather than that a statement was wrong: the request is answered 503
 * DATABASE_UNAVAILABLE and may be sent again. Node's connect error to a host with several
 * addresses is an AggregateError; any of its errors counts.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, errors } = error as {
    code?: unknown;
    message?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQL_STATES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (typeof message === 'string' && CONNECTION_LOST.test(message)) return true;
  return Array.isArray(errors) && errors.some(isDatabaseUnavailable);
}
