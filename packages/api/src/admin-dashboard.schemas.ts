import { z } from 'zod';
import { AuditEventSchema } from './admin-audit.schemas';
import { SearchParamSchema } from './admin.schemas';
import { RoleSchema } from './auth.schemas';
import { FeedHealthSchema } from './market.schemas';
import { CommoditySchema } from './positions.schemas';
import { ClickDetailSchema } from './purchase.schemas';

/*
 * The admindashboard: figures counted over what the caller reaches (an account manager: their
 * portfolio), the feed and the pause, the latest audit events; and the search box.
 */

export const AdminDashboardSchema = z.object({
  customers: z.object({ active: z.number().int(), inactive: z.number().int() }),
  users: z.object({
    /** Not deactivated. */
    active: z.number().int(),
    /** With a session used within the idle timeout. */
    signedIn: z.number().int(),
  }),
  /** Clicks made today (Europe/Amsterdam), and how many of them are completed. */
  clicksToday: z.object({ total: z.number().int(), completed: z.number().int() }),
  /** Clicks waiting for a second user's approval (four-eyes). */
  pendingApprovals: z.number().int(),
  /** Whether clicking is paused for every customer. */
  pauzeActive: z.boolean(),
  /** The price feed as this instance sees it. */
  feed: FeedHealthSchema,
  /** The newest audit events the caller may see, newest first. */
  recentEvents: z.array(AuditEventSchema),
});
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;

/** GET search?q=: customers, users and contracts by name or id, at most 10 of each. */
export const AdminSearchQuerySchema = z.object({
  q: SearchParamSchema.pipe(z.string().min(1)),
});
export type AdminSearchQuery = z.infer<typeof AdminSearchQuerySchema>;

export const AdminSearchResultSchema = z.object({
  customers: z.array(z.object({ id: z.number().int(), name: z.string(), active: z.boolean() })),
  users: z.array(
    z.object({
      id: z.number().int(),
      username: z.string(),
      name: z.string(),
      role: RoleSchema,
      active: z.boolean(),
    }),
  ),
  contracts: z.array(
    z.object({
      contractId: z.string(),
      customerId: z.number().int(),
      customerName: z.string(),
      commodity: CommoditySchema,
      product: z.string(),
    }),
  ),
});
export type AdminSearchResult = z.infer<typeof AdminSearchResultSchema>;

/** How many of each kind the search answers at most. */
export const ADMIN_SEARCH_LIMIT = 10;

/** The most pending approvals the admindashboard lists; the figure counts them all. */
export const PENDING_APPROVALS_LIMIT = 50;

/** A click waiting for a second user's approval, with its customer's name. */
export const PendingApprovalSchema = ClickDetailSchema.extend({ customerName: z.string() });
export type PendingApproval = z.infer<typeof PendingApprovalSchema>;

/** GET approvals: the clicks awaiting approval in the caller's reach, the nearest deadline first. */
export const PendingApprovalListSchema = z.object({ data: z.array(PendingApprovalSchema) });
export type PendingApprovalList = z.infer<typeof PendingApprovalListSchema>;
