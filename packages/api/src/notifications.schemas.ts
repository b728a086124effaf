import { z } from 'zod';

/*
 * Notifications (spec section 7, the notification backend) and how each user hears of them.
 * docs/notifications.md.
 */

/** What a notification is about; a user chooses per kind whether it also comes by e-mail. */
export const NOTIFICATION_KINDS = [
  // A click's life (docs/purchase.md): made, waiting for a second user, approved, rejected,
  // completed (with its PDF confirmation), expired.
  'CLICK_CREATED',
  'CLICK_PENDING_APPROVAL',
  'CLICK_APPROVED',
  'CLICK_REJECTED',
  'CLICK_COMPLETED',
  'CLICK_EXPIRED',
  // Clicking paused or resumed for every customer.
  'TRADING_PAUSED',
  'TRADING_RESUMED',
  // A click deadline of a position is near.
  'DEADLINE_APPROACHING',
  // The customer's plan: a price alert was reached, the budget left its bandwidth.
  'PRICE_ALERT',
  'BUDGET_BANDWIDTH',
  // New terms to accept before the next click.
  'TERMS_PUBLISHED',
  // A message an administrator published, maybe with an attachment.
  'ANNOUNCEMENT',
] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

/** Where a user hears of a kind: in the portal only, or by e-mail as well. */
export const DELIVERY_CHANNELS = ['portal', 'email'] as const;
export const DeliveryChannelSchema = z.enum(DELIVERY_CHANNELS);
export type DeliveryChannel = z.infer<typeof DeliveryChannelSchema>;

/**
 * What a user gets until they choose: what moves their money (a click that completed, was
 * rejected or expired, or waits for them) by e-mail as well; the rest in the portal.
 */
export const DEFAULT_DELIVERY: Readonly<Record<NotificationKind, DeliveryChannel>> = {
  CLICK_CREATED: 'portal',
  CLICK_PENDING_APPROVAL: 'email',
  CLICK_APPROVED: 'portal',
  CLICK_REJECTED: 'email',
  CLICK_COMPLETED: 'email',
  CLICK_EXPIRED: 'email',
  TRADING_PAUSED: 'portal',
  TRADING_RESUMED: 'portal',
  DEADLINE_APPROACHING: 'email',
  PRICE_ALERT: 'email',
  BUDGET_BANDWIDTH: 'email',
  TERMS_PUBLISHED: 'portal',
  ANNOUNCEMENT: 'portal',
};
