import { z } from 'zod';

export const TradingStatusSchema = z.object({ pauzeActive: z.boolean() });
export type TradingStatus = z.infer<typeof TradingStatusSchema>;
