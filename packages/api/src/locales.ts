// Apart from their schemas, so the login page can use them without loading zod.

export const LOCALES = ['nl', 'en'] as const;
export const DEFAULT_LOCALE = 'nl';
export type Locale = (typeof LOCALES)[number];

/** Header every request with a session carries (spec section 7). */
export const LOCALE_HEADER = 'locale';
