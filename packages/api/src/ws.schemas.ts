import { z } from 'zod';

/** Websocket event names of spec section 7. */
export const WS_EVENT_NAMES = [
  'tradingStatusUpdate',
  'sessionCountUpdate',
  'priceUpdate',
  'clickUpdate',
  'socketUpdate',
  'terminateSession',
] as const;
export const WsEventNameSchema = z.enum(WS_EVENT_NAMES);
export type WsEventName = z.infer<typeof WsEventNameSchema>;

/** Every websocket message is `{name, json}` with json a JSON-encoded payload string. */
export const WsEventSchema = z.object({
  name: WsEventNameSchema,
  json: z.string(),
});
export type WsEvent = z.infer<typeof WsEventSchema>;
