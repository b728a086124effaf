import {
  ClickUpdatePayloadSchema,
  NotificationUpdatePayloadSchema,
  PriceUpdatePayloadSchema,
  SessionCountUpdatePayloadSchema,
  SocketUpdatePayloadSchema,
  TerminateSessionPayloadSchema,
  TradingStatusUpdatePayloadSchema,
  WsEventSchema,
  type ClickUpdatePayload,
  type NotificationUpdatePayload,
  type PriceUpdatePayload,
  type SessionCountUpdatePayload,
  type TerminateSessionPayload,
  type TradingStatusUpdatePayload,
} from '@klik/api';

/** A websocket event the portal acts on, with its payload parsed. socketUpdate is not one. */
export type RealtimeEvent =
  | { name: 'tradingStatusUpdate'; payload: TradingStatusUpdatePayload }
  | { name: 'sessionCountUpdate'; payload: SessionCountUpdatePayload }
  | { name: 'priceUpdate'; payload: PriceUpdatePayload }
  | { name: 'clickUpdate'; payload: ClickUpdatePayload }
  | { name: 'terminateSession'; payload: TerminateSessionPayload }
  | { name: 'notificationUpdate'; payload: NotificationUpdatePayload };

export type RealtimeEventName = RealtimeEvent['name'];

/** What a message turned out to be: an event, the ignored socketUpdate, or something unreadable. */
export type ParsedMessage =
  | { kind: 'event'; event: RealtimeEvent }
  | { kind: 'ignored' }
  | { kind: 'invalid'; reason: string };

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Reads one websocket message `{name, json}` with the contract's schemas: the envelope first,
 * then the payload in `json` with the schema of its event.
 */
export function parseMessage(data: unknown): ParsedMessage {
  if (typeof data !== 'string') return { kind: 'invalid', reason: 'not a text frame' };
  const outer = parseJson(data);
  if (!outer.ok) return { kind: 'invalid', reason: 'not JSON' };
  const envelope = WsEventSchema.safeParse(outer.value);
  if (!envelope.success) return { kind: 'invalid', reason: 'not a {name, json} event' };
  const inner = parseJson(envelope.data.json);
  if (!inner.ok) return { kind: 'invalid', reason: `${envelope.data.name}: json is not JSON` };
  const payload = inner.value;
  const invalid = { kind: 'invalid', reason: `${envelope.data.name}: unexpected payload` } as const;

  switch (envelope.data.name) {
    case 'socketUpdate':
      return SocketUpdatePayloadSchema.safeParse(payload).success ? { kind: 'ignored' } : invalid;
    case 'tradingStatusUpdate': {
      const parsed = TradingStatusUpdatePayloadSchema.safeParse(payload);
      return parsed.success
        ? { kind: 'event', event: { name: 'tradingStatusUpdate', payload: parsed.data } }
        : invalid;
    }
    case 'sessionCountUpdate': {
      const parsed = SessionCountUpdatePayloadSchema.safeParse(payload);
      return parsed.success
        ? { kind: 'event', event: { name: 'sessionCountUpdate', payload: parsed.data } }
        : invalid;
    }
    case 'priceUpdate': {
      const parsed = PriceUpdatePayloadSchema.safeParse(payload);
      return parsed.success
        ? { kind: 'event', event: { name: 'priceUpdate', payload: parsed.data } }
        : invalid;
    }
    case 'clickUpdate': {
      const parsed = ClickUpdatePayloadSchema.safeParse(payload);
      return parsed.success
        ? { kind: 'event', event: { name: 'clickUpdate', payload: parsed.data } }
        : invalid;
    }
    case 'terminateSession': {
      const parsed = TerminateSessionPayloadSchema.safeParse(payload);
      return parsed.success
        ? { kind: 'event', event: { name: 'terminateSession', payload: parsed.data } }
        : invalid;
    }
    case 'notificationUpdate': {
      const parsed = NotificationUpdatePayloadSchema.safeParse(payload);
      return parsed.success
        ? { kind: 'event', event: { name: 'notificationUpdate', payload: parsed.data } }
        : invalid;
    }
  }
}
