import { z } from 'zod';
import { LOCALES } from './locales';

export { DEFAULT_LOCALE, LOCALE_HEADER, LOCALES, type Locale } from './locales';
export const LocaleSchema = z.enum(LOCALES);

export const AvailableLocalesSchema = z.array(LocaleSchema);
