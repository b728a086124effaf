import { z } from 'zod';

/**
 * Stable error codes the server answers with. The web maps every code to a catalogue message
 * in an exhaustive switch, so adding a code here forces a translation.
 */
export const ERROR_CODES = [
  'INVALID_CREDENTIALS',
  'TOO_MANY_ATTEMPTS',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'VALIDATION_FAILED',
  'XSRF_MISMATCH',
  'INTERNAL',
] as const;

export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const ErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  /** Seconds until a refused request may be tried again (429). */
  retryAfterSeconds: z.number().int().nonnegative().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
