import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@klik/api';
import { isDatabaseUnavailable } from '../db-errors';
import { errorMessage, localeFromHeader } from '../i18n/server-messages';
import { AppError, statusForCode } from './app-error';
import { isFieldErrorCode, LOCALE_HEADER, SPEC_ERROR_KEYS } from '@klik/api';

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  options: {
    status?: number;
    retryAfterSeconds?: number;
    messageArgs?: (string | number)[];
    details?: Record<string, string | number | null>;
  } = {},
): FastifyReply {
  const locale = localeFromHeader(request.headers[LOCALE_HEADER]);
  const body: ErrorBody = {
    code,
    message: errorMessage(locale, code, ...(options.messageArgs ?? [])),
  };
  const specKey = SPEC_ERROR_KEYS[code];
  if (specKey !== undefined) body.key = specKey;
  if (options.retryAfterSeconds !== undefined) {
    body.retryAfterSeconds = options.retryAfterSeconds;
    reply.header('retry-after', String(options.retryAfterSeconds));
  }
  if (options.details !== undefined) body.details = options.details;
  return reply.status(options.status ?? statusForCode(code)).send(body);
}

/** How soon a client may try again while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** One place maps failures to statuses; 5xx details stay in the log, never in the answer. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return sendError(request, reply, error.code, {
        retryAfterSeconds: error.options.retryAfterSeconds,
        messageArgs: error.options.messageArgs,
        details: error.options.details,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A schema that names a field's code (spec section 5) gets it answered, with the field.
      const issue = error.validation.find((candidate) => isFieldErrorCode(candidate.message ?? ''));
      if (issue) {
        return sendError(request, reply, issue.message as ErrorCode, {
          details: { field: issue.instancePath.replace(/^\//, '') },
        });
      }
      return sendError(request, reply, 'VALIDATION_FAILED');
    }
    if (error.validation) return sendError(request, reply, 'VALIDATION_FAILED');
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code: ErrorCode =
        status === 401
          ? 'UNAUTHENTICATED'
          : status === 403
            ? 'FORBIDDEN'
            : status === 404
              ? 'NOT_FOUND'
              : status === 429
                ? 'TOO_MANY_ATTEMPTS'
                : 'VALIDATION_FAILED';
      return sendError(request, reply, code, { status });
    }
    if (isDatabaseUnavailable(error)) {
      // Not a bug of the request: the database is stopped, restarting or cut off. The pool
      // connects afresh once it is back, so the same request may simply be sent again.
      request.log.warn({ err: error }, 'database unavailable');
      return sendError(request, reply, 'DATABASE_UNAVAILABLE', {
        retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
      });
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, 'INTERNAL', { status: 500 });
  });
}
