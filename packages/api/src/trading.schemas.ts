import { z } from 'zod';

export const TRADING_PATHS = {
  /** GET whether clicking is paused for everyone; PUT pauses or resumes it (administrators). */
  status: '/rest/tradingstatus',
} as const;

export const TradingStatusSchema = z.object({ pauzeActive: z.boolean() });
export type TradingStatus = z.infer<typeof TradingStatusSchema>;
