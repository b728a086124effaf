import { z } from 'zod';
import { IdParamSchema, TextSchema, WholeNumberParamSchema } from './bounded.schemas';
import {
  CommoditySchema,
  ContractPartNameSchema,
  DecimalStringSchema,
  MaturitySchema,
} from './positions.schemas';

/*
 * The deadline overview (docs/deadlines.md): every position that can still be clicked with its
 * last trading day, the days left and the open volume, soonest first; and a calendar feed (ICS)
 * per user at a secret URL.
 */

export const DEADLINE_PATHS = {
  /** A TPI consultant's deadlines across their customers. */
  all: '/rest/deadlines',
  /** One customer's deadlines. */
  customer: '/rest/deadlines/customer/:customerId',
  /** The signed-in user's calendar feed: GET whether it exists, POST makes or renews, DELETE revokes. */
  calendar: '/rest/deadlines/calendar',
  /** The feed itself, `<token>.ics`; no session, the secret in the path is the credential. */
  calendarFeed: '/rest/deadlines/calendar/:file',
} as const;

/** At most this many deadlines on one page. */
export const DEADLINES_MAX_PAGE_SIZE = 200;

/** The furthest a "within N trading days" filter may look (about two years). */
export const DEADLINES_MAX_WITHIN_DAYS = 520;

export const DeadlineQuerySchema = z.object({
  page: WholeNumberParamSchema(0, 10_000).default(0),
  size: WholeNumberParamSchema(1, DEADLINES_MAX_PAGE_SIZE).default(50),
  commodity: CommoditySchema.optional(),
  /** Only deadlines at most this many trading days away (tradingDaysLeft <= N). */
  withinDays: WholeNumberParamSchema(1, DEADLINES_MAX_WITHIN_DAYS).optional(),
});
export type DeadlineQuery = z.infer<typeof DeadlineQuerySchema>;

/** The query across customers: the same, with one of the consultant's customers to narrow to. */
export const DeadlineAllQuerySchema = DeadlineQuerySchema.extend({
  customerId: IdParamSchema.optional(),
});
export type DeadlineAllQuery = z.infer<typeof DeadlineAllQuerySchema>;

export const DeadlineCustomerParamsSchema = z.object({ customerId: IdParamSchema });

/** One position (contract, year of supply, maturity) that can still be clicked. Volumes MWh. */
export const DeadlineSchema = z.object({
  customerId: z.number().int(),
  customerName: z.string(),
  contractId: z.string(),
  commodity: CommoditySchema,
  product: z.string(),
  yearOfSupply: z.number().int(),
  maturity: MaturitySchema,
  /** The last trading day the position may be clicked (Amsterdam date). */
  lastTradingDay: z.iso.date(),
  /** The end of clicking on that day: 16:00 Amsterdam. */
  closesAt: z.iso.datetime(),
  /** Trading days left to click, today included while it trades before 16:00. */
  tradingDaysLeft: z.number().int().min(0),
  /** Calendar days from today (Amsterdam) to the last trading day; 0 on the day. */
  calendarDaysLeft: z.number().int().min(0),
  /** Per part with volume, what is still open. */
  parts: z.array(z.object({ name: ContractPartNameSchema, openVolume: DecimalStringSchema })),
  openVolume: DecimalStringSchema,
  /** Whether the caller may click for this customer (the link to the click screen). */
  mayClick: z.boolean(),
});
export type Deadline = z.infer<typeof DeadlineSchema>;

export const DeadlinePageSchema = z.object({
  data: z.array(DeadlineSchema),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  /** Reminders go out this many trading days before a deadline (DEADLINE_REMINDER_TRADING_DAYS). */
  reminderTradingDays: z.number().int(),
});
export type DeadlinePage = z.infer<typeof DeadlinePageSchema>;

/** Whether the user has a calendar feed; its URL is shown only when it is made (stored hashed). */
export const DeadlineCalendarSchema = z.object({
  active: z.boolean(),
  createdAt: z.iso.datetime().nullable(),
});
export type DeadlineCalendar = z.infer<typeof DeadlineCalendarSchema>;

/** A feed just made (or renewed, which revoked the one before): its secret URL, shown once. */
export const DeadlineCalendarCreatedSchema = z.object({
  url: z.string(),
  path: z.string(),
  createdAt: z.iso.datetime(),
});
export type DeadlineCalendarCreated = z.infer<typeof DeadlineCalendarCreatedSchema>;

export const DeadlineCalendarFeedParamsSchema = z.object({ file: TextSchema(100) });
