import { z } from 'zod';
import { PageQuerySchema, PageSchema, SearchParamSchema, SortParamSchema } from './admin.schemas';
import { DaySchema, IdParamSchema, TextSchema } from './bounded.schemas';

/*
 * The audit log (screen audit): every sign-in and every change, who did it (and as whom), about
 * what and which customers, with before and after. Admins see everything, account managers the
 * events about their portfolio.
 */

export const AuditOutcomeSchema = z.enum(['success', 'failure', 'refused']);
export type AuditOutcome = z.infer<typeof AuditOutcomeSchema>;

export const AUDIT_SORT_FIELDS = ['at'] as const;

/** Filters of the audit log and its export; every one optional. */
export const AuditFilterQuerySchema = z.object({
  /** Part of the username of whoever acted, or signed in as them. */
  actor: SearchParamSchema.optional(),
  /** Events about this customer. */
  customerId: IdParamSchema.optional(),
  /** One action exactly, e.g. login, loginAs, user.update, customer.deactivate. */
  action: TextSchema(100).trim().min(1).optional(),
  outcome: AuditOutcomeSchema.optional(),
  /** First day (inclusive, Europe/Amsterdam), YYYY-MM-DD. */
  from: DaySchema.optional(),
  /** Last day (inclusive, Europe/Amsterdam), YYYY-MM-DD. */
  to: DaySchema.optional(),
  /** Newest first by default. */
  sort: SortParamSchema(AUDIT_SORT_FIELDS).default('-at'),
});
export type AuditFilterQuery = z.infer<typeof AuditFilterQuerySchema>;

export const AuditQuerySchema = PageQuerySchema.extend(AuditFilterQuerySchema.shape);
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditEventSchema = z.object({
  /** A bigint, as a string. */
  id: z.string(),
  at: z.iso.datetime(),
  actor: z.string().nullable(),
  /** Whoever signed in as the actor (login-as), if anyone. */
  impersonator: z.string().nullable(),
  action: z.string(),
  outcome: AuditOutcomeSchema,
  subject: z.string().nullable(),
  customerIds: z.array(z.number().int()),
  /** Facts of the event: before and after for changes, a reason for refusals. */
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditPageSchema = PageSchema(AuditEventSchema);
export type AuditPage = z.infer<typeof AuditPageSchema>;

/** The most rows one CSV export holds; narrow the filters for more. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

/*
 * The integrity of the tamper-evident trail (docs/audit-trail.md): the audit log and the click
 * ledger are hash chains, one per stream (a customer, or 'system' for audit events about no
 * customer). Admins only.
 */

export const AUDIT_CHAINS = ['audit_log', 'click_ledger'] as const;
export const AuditChainSchema = z.enum(AUDIT_CHAINS);
export type AuditChain = z.infer<typeof AuditChainSchema>;

/**
 * How a stream's chain breaks at an entry: its content changed, it does not link to the entry
 * before it, entries before it are missing, the stream's last entries are missing, or the last
 * entry is not the head the database recorded.
 */
export const ChainBreakReasonSchema = z.enum([
  'CONTENT_CHANGED',
  'LINK_BROKEN',
  'ENTRY_MISSING',
  'TAIL_MISSING',
  'HEAD_MISMATCH',
]);
export type ChainBreakReason = z.infer<typeof ChainBreakReasonSchema>;

export const ChainEntrySchema = z.object({
  /** The row id (a bigint, as a string). */
  id: z.string(),
  /** Its place in the stream, from 1 (a bigint, as a string). */
  seq: z.string(),
  at: z.iso.datetime().nullable(),
});
export type ChainEntry = z.infer<typeof ChainEntrySchema>;

export const StreamIntegritySchema = z.object({
  chain: AuditChainSchema,
  /** `customer:<id>` or `system`. */
  stream: z.string(),
  entries: z.number().int(),
  /** The last entry up to which the chain is intact; null when not even the first is. */
  intactUpTo: ChainEntrySchema.nullable(),
  /** Where it breaks first; null: intact. */
  break: ChainEntrySchema.extend({ reason: ChainBreakReasonSchema }).nullable(),
  /** The hash of the stream's last entry, to keep outside the database. */
  headHash: z.string().nullable(),
});
export type StreamIntegrity = z.infer<typeof StreamIntegritySchema>;

export const AuditIntegritySchema = z.object({
  checkedAt: z.iso.datetime(),
  intact: z.boolean(),
  /** Every stream of both chains, broken ones first. */
  streams: z.array(StreamIntegritySchema),
});
export type AuditIntegrity = z.infer<typeof AuditIntegritySchema>;
