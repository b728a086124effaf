import { z } from 'zod';
import { MarketMaturitySchema, MarketProductSchema, MarketSchema } from './market.schemas';

/** Websocket event names of spec section 7. */
export const WS_EVENT_NAMES = [
  'tradingStatusUpdate',
  'sessionCountUpdate',
  'priceUpdate',
  'clickUpdate',
  'socketUpdate',
  'terminateSession',
  'notificationUpdate',
] as const;
export const WsEventNameSchema = z.enum(WS_EVENT_NAMES);
export type WsEventName = z.infer<typeof WsEventNameSchema>;

/** Every websocket message is `{name, json}` with json a JSON-encoded payload string. */
export const WsEventSchema = z.object({
  name: WsEventNameSchema,
  json: z.string(),
});
export type WsEvent = z.infer<typeof WsEventSchema>;

// Payloads carried in `json`, one schema per event.

export const TradingStatusUpdatePayloadSchema = z.object({ pauzeActive: z.boolean() });
/** Connected sessions across every instance; sent to admin and account manager clients only. */
export const SessionCountUpdatePayloadSchema = z.object({ count: z.number().int().nonnegative() });
/** The prices that changed, only those of products in the contracts of the client's customers. */
export const PriceUpdatePayloadSchema = z.object({
  prices: z.array(
    z.object({
      product: MarketProductSchema,
      yearOfSupply: z.number().int(),
      maturity: MarketMaturitySchema,
      market: MarketSchema,
      price: z.string(),
      at: z.iso.datetime(),
    }),
  ),
  /** Epoch milliseconds (with fraction) at which the server sent the message. */
  sentAt: z.number(),
});
export const ClickUpdatePayloadSchema = z.object({ contractId: z.string() });
/** A hello on connect and a keep-alive; the client ignores it. */
export const SocketUpdatePayloadSchema = z.object({ at: z.iso.datetime() });
export const TerminateSessionPayloadSchema = z.object({
  reason: z.enum(['LOGOUT', 'TERMINATED', 'EXPIRED']),
});

/** The signed-in user's unread notifications changed (a new one, or some were read). */
export const NotificationUpdatePayloadSchema = z.object({ unread: z.number().int().nonnegative() });

export type TradingStatusUpdatePayload = z.infer<typeof TradingStatusUpdatePayloadSchema>;
export type SessionCountUpdatePayload = z.infer<typeof SessionCountUpdatePayloadSchema>;
export type PriceUpdatePayload = z.infer<typeof PriceUpdatePayloadSchema>;
export type ClickUpdatePayload = z.infer<typeof ClickUpdatePayloadSchema>;
export type SocketUpdatePayload = z.infer<typeof SocketUpdatePayloadSchema>;
export type TerminateSessionPayload = z.infer<typeof TerminateSessionPayloadSchema>;
export type NotificationUpdatePayload = z.infer<typeof NotificationUpdatePayloadSchema>;

export { WS_CLOSE_CODES } from './ws-close-codes';
