import { z } from 'zod';
import { UsernameSchema } from './auth.schemas';
import { TextSchema } from './bounded.schemas';

/** Longer than any client address, IPv6 with a zone included. */
export const CLIENT_ADDRESS_MAX_LENGTH = 100;

/** An administrator lifts the sign-in throttle of an account; without ip, from every address. */
export const LiftLoginThrottleBodySchema = z.object({
  username: UsernameSchema,
  ip: TextSchema(CLIENT_ADDRESS_MAX_LENGTH).trim().min(1).optional(),
});
export type LiftLoginThrottleBody = z.infer<typeof LiftLoginThrottleBodySchema>;

/** How many counted attempts (failed or in flight) were forgotten. */
export const LiftLoginThrottleResultSchema = z.object({
  cleared: z.number().int().nonnegative(),
});
export type LiftLoginThrottleResult = z.infer<typeof LiftLoginThrottleResultSchema>;
