import { z } from 'zod';
import { BooleanParamSchema, PageSchema, SortParamSchema } from './admin.schemas';
import { IdParamSchema, IdSchema, TextSchema, WholeNumberParamSchema } from './bounded.schemas';
import { LocaleSchema } from './locale.schemas';

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
  // A year's fixed share is behind its hedge policy's corridor (docs/budgets.md).
  'HEDGE_BEHIND',
  // A standing order made its click, or lapsed without one (docs/standing-orders.md).
  'STANDING_ORDER_EXECUTED',
  'STANDING_ORDER_LAPSED',
  // New terms to accept before the next click.
  'TERMS_PUBLISHED',
  // A message an administrator published, maybe with an attachment.
  'ANNOUNCEMENT',
  // A webhook endpoint failed for 24 hours and was switched off (docs/webhooks.md).
  'WEBHOOK_DISABLED',
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
  HEDGE_BEHIND: 'email',
  STANDING_ORDER_EXECUTED: 'email',
  STANDING_ORDER_LAPSED: 'email',
  TERMS_PUBLISHED: 'portal',
  ANNOUNCEMENT: 'portal',
  WEBHOOK_DISABLED: 'email',
};

/**
 * What a notification's attachment is: an announcement's stored file (per language), or a
 * click's PDF confirmation, rendered on demand from the stored click
 * (modules/click-confirmation).
 */
export const ATTACHMENT_KINDS = ['announcement', 'clickConfirmation'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

/** An announcement's own words in both languages (only ANNOUNCEMENT notifications carry them). */
export const AnnouncementTextSchema = z.object({
  titleNl: z.string(),
  titleEn: z.string(),
  bodyNl: z.string(),
  bodyEn: z.string(),
});
export type AnnouncementText = z.infer<typeof AnnouncementTextSchema>;

/**
 * A notification of the signed-in user. Spec section 3: id, localeId, publishDate (UTC), read;
 * localeId is the catalogue key of its message, which params fill in (docs/notifications.md).
 */
export const NotificationSchema = z.object({
  id: z.number().int(),
  localeId: z.string(),
  publishDate: z.iso.datetime(),
  read: z.boolean(),
  kind: NotificationKindSchema,
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  customerId: z.number().int().nullable(),
  /** What the notification is about, so the screen can open it: the click, or the position. */
  clickId: z.number().int().nullable(),
  contractId: z.string().nullable(),
  announcement: AnnouncementTextSchema.nullable(),
  hasAttachment: z.boolean(),
  /** The languages the attachment exists in (both for a click confirmation). */
  attachmentLocales: z.array(LocaleSchema),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NOTIFICATION_SORT_FIELDS = ['publishDate', 'read'] as const;
export const NOTIFICATION_PAGE_SIZE = 10;

/**
 * The list's query (spec section 7). page is the page number counted from 0 (the spec's
 * "first/rows": the first row's index divided by the rows per page); sort one field, '-' for
 * descending; unread=true keeps the unread ones.
 */
export const NotificationQuerySchema = z.object({
  page: WholeNumberParamSchema(0, 10_000).default(0),
  size: WholeNumberParamSchema(1, 100).default(NOTIFICATION_PAGE_SIZE),
  sort: SortParamSchema(NOTIFICATION_SORT_FIELDS).default('-publishDate'),
  unread: BooleanParamSchema.optional(),
});
export type NotificationQuery = z.input<typeof NotificationQuerySchema>;

export const NotificationPageSchema = PageSchema(NotificationSchema);
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

/** The latest unread notifications (the spec's "latest; only unread kept"). */
export const LatestNotificationsQuerySchema = z.object({
  size: WholeNumberParamSchema(1, 100).default(NOTIFICATION_PAGE_SIZE),
});
export const NotificationListSchema = z.object({ data: z.array(NotificationSchema) });
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const UnreadCountSchema = z.object({ data: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

export const NotificationIdParamsSchema = z.object({ id: IdParamSchema });

/** A notification's message key as it appears in its `localeId` field: `notification.<kind>`. */
export const NotificationMessageKeySchema = z
  .string()
  .max(100)
  .regex(/^notification\.[A-Z][A-Z0-9_]*$/, "a language (nl, en) or the notification's localeId");

/**
 * The attachment's path segment the spec names `localeId`. Two forms are accepted
 * (docs/notifications.md): the spec's, the notification's own `localeId` (its message key), when
 * the file follows the request's `locale` header or else the user's language; and Klik's own, a
 * language (nl, en), which picks the file's language outright.
 */
export const NotificationAttachmentParamsSchema = z.object({
  id: IdParamSchema,
  localeId: z.union([LocaleSchema, NotificationMessageKeySchema]),
});

/**
 * Paths of the notifications module. The notification backend's (list to attachment) are relative
 * to its base, the environment setting notificationBackendUrl ('/rest' by default;
 * docs/notifications.md); announcements is the portal's own.
 */
export const NOTIFICATION_PATHS = {
  list: '/notifications',
  latest: '/notifications/latest',
  count: '/notifications/active/count',
  readAll: '/notifications/read',
  read: '/notification/:id/read',
  attachment: '/notification/:id/locale/:localeId/attachment',
  /** An administrator's announcements: GET the published ones, POST publishes one. */
  announcements: '/rest/admin/announcements',
} as const;

/** The base the notification backend's paths are served under by default. */
export const DEFAULT_NOTIFICATION_BACKEND_BASE = '/rest';

// Announcements: an administrator's message to every user or to chosen customers' users.

/** The largest attachment of an announcement, per language. */
export const ANNOUNCEMENT_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
const BASE64_MAX_CHARS = Math.ceil(ANNOUNCEMENT_ATTACHMENT_MAX_BYTES / 3) * 4;

export const AnnouncementAttachmentInputSchema = z.object({
  locale: LocaleSchema,
  filename: TextSchema(200)
    .regex(/^[^\\/]+$/, 'a file name without folders')
    .min(1),
  contentType: TextSchema(200)
    .regex(/^[\w.+-]+\/[\w.+-]+$/, 'a media type such as application/pdf')
    .default('application/octet-stream'),
  /** The file's bytes in base64. */
  content: z
    .string()
    .min(1)
    .max(BASE64_MAX_CHARS, 'at most 10 MB')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64'),
});

export const ANNOUNCEMENT_AUDIENCES = ['all', 'customers'] as const;

export const PublishAnnouncementBodySchema = z
  .object({
    titleNl: TextSchema(200).trim().min(1),
    titleEn: TextSchema(200).trim().min(1),
    bodyNl: TextSchema(10_000).trim().min(1),
    bodyEn: TextSchema(10_000).trim().min(1),
    audience: z.enum(ANNOUNCEMENT_AUDIENCES),
    customerIds: z.array(IdSchema).max(1000).default([]),
    attachments: z.array(AnnouncementAttachmentInputSchema).max(2).default([]),
  })
  .refine((body) => body.audience === 'all' || body.customerIds.length > 0, {
    message: 'choose at least one customer',
    path: ['customerIds'],
  })
  .refine(
    (body) => new Set(body.attachments.map((file) => file.locale)).size === body.attachments.length,
    { message: 'one attachment per language', path: ['attachments'] },
  );
export type PublishAnnouncementBody = z.input<typeof PublishAnnouncementBodySchema>;

export const AnnouncementSchema = AnnouncementTextSchema.extend({
  id: z.number().int(),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  customers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  attachments: z.array(
    z.object({ locale: LocaleSchema, filename: z.string(), size: z.number().int() }),
  ),
  publishedAt: z.iso.datetime(),
  publishedBy: z.string().nullable(),
  /** How many users were notified. */
  recipients: z.number().int().nonnegative(),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

export const AnnouncementPageSchema = PageSchema(AnnouncementSchema);
export type AnnouncementPage = z.infer<typeof AnnouncementPageSchema>;
