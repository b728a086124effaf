import { z } from 'zod';
import { LOCALES } from './locales';

export { DEFAULT_LOCALE, LOCALE_HEADER, LOCALES, type Locale } from './locales';
export const LocaleSchema = z.enum(LOCALES);

export const LOCALE_PATHS = {
  /** The languages the portal offers. */
  available: '/rest/locale/available',
} as const;

export const AvailableLocalesSchema = z.array(LocaleSchema);
