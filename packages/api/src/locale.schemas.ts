import { z } from 'zod';

export const LOCALES = ['nl', 'en'] as const;
export const DEFAULT_LOCALE = 'nl';
export const LocaleSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof LocaleSchema>;

export const AvailableLocalesSchema = z.array(LocaleSchema);

/** Header every request with a session carries (spec section 7). */
export const LOCALE_HEADER = 'locale';
