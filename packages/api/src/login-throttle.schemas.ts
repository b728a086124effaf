import { z } from 'zod';

/** An administrator lifts the sign-in throttle of an account; without ip, from every address. */
export const LiftLoginThrottleBodySchema = z.object({
  username: z.string().trim().min(1).max(200),
  ip: z.string().trim().min(1).max(100).optional(),
});
export type LiftLoginThrottleBody = z.infer<typeof LiftLoginThrottleBodySchema>;

/** How many counted attempts (failed or in flight) were forgotten. */
export const LiftLoginThrottleResultSchema = z.object({
  cleared: z.number().int().nonnegative(),
});
export type LiftLoginThrottleResult = z.infer<typeof LiftLoginThrottleResultSchema>;
