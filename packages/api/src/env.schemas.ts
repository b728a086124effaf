import { z } from 'zod';
import { LocaleSchema } from './locale.schemas';

/**
 * Environment settings of spec section 3, served by the server at run time (GET /env.json)
 * so that one web build serves every deployment.
 */
export const EnvironmentSettingsSchema = z.object({
  production: z.boolean(),
  backendUrl: z.string(),
  notificationBackendUrl: z.string(),
  websocketUrl: z.string(),
  stylesheetUrl: z.string().nullable(),
  locale: LocaleSchema,
  currency: z.string().length(3),
  currencySymbol: z.string().min(1),
  title: z.string().min(1),
  favicon: z.string().min(1),
  /** Extra or overriding catalogue entries per locale, e.g. a deployment's own wording. */
  translations: z.record(z.string(), z.record(z.string(), z.string())),
  displayDisclaimer: z.boolean(),
  displayHelp: z.boolean(),
  isDebugMode: z.boolean(),
  ssourl: z.string().nullable(),
});
export type EnvironmentSettings = z.infer<typeof EnvironmentSettingsSchema>;
