import { z } from 'zod';
import { IdParamSchema } from './bounded.schemas';
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
} as const;
