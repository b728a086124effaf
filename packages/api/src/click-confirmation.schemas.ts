import { z } from 'zod';
import { DaySchema, IdParamSchema } from './bounded.schemas';
import { LocaleSchema } from './locale.schemas';

/** The PDF confirmation of one completed click of a customer (docs/notifications.md). */
export const ClickConfirmationParamsSchema = z.object({
  customerId: IdParamSchema,
  clickId: IdParamSchema,
});
export type ClickConfirmationParams = z.infer<typeof ClickConfirmationParamsSchema>;

/** Without a locale the request's locale header decides (nl by default). */
export const ClickConfirmationQuerySchema = z.object({ locale: LocaleSchema.optional() });
export type ClickConfirmationQuery = z.infer<typeof ClickConfirmationQuerySchema>;

export const CLICK_CONFIRMATION_PATHS = {
  confirmation: '/rest/clicks/:customerId/:clickId/confirmation',
  statement: '/rest/clicks/:customerId/statement',
} as const;

/**
 * The statement of a customer's clicks over a period, for an auditor (docs/audit-trail.md): every
 * click with its quote, market reference at quote and execution, mark-up and fees, who made and
 * decided it, the second factor, the terms version, the confirmation, and the hash of the click
 * ledger's chain at the end of the period. Days are Europe/Amsterdam, both inclusive.
 */
export const ClickStatementQuerySchema = z
  .object({
    from: DaySchema,
    to: DaySchema,
    format: z.enum(['pdf', 'csv']).default('pdf'),
    locale: LocaleSchema.optional(),
  })
  .refine((query) => query.from <= query.to, { path: ['to'], message: 'to is before from' });
export type ClickStatementQuery = z.infer<typeof ClickStatementQuerySchema>;

export const ClickStatementParamsSchema = z.object({ customerId: IdParamSchema });
