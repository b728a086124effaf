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
