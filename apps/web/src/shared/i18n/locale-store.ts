import { LOCALES, type Locale } from '@klik/api';
import { isOneOf } from '../checks/plain-checks';
import { sessionJsonStorage } from '../storage/browser-storage';
import { LOCALE_COOKIE, STORAGE_KEYS } from '../storage/storage-keys';

/** The locale cookie lasts one year (spec section 9). */
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() === name) {
      try {
        return decodeURIComponent(part.slice(separator + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

function asLocale(value: unknown): Locale | null {
  return isOneOf(LOCALES, value) ? value : null;
}

/** Session storage first, then the locale cookie, then the deployment's default. */
export function resolveLocale(sources: {
  sessionLocale: unknown;
  cookieLocale: string | null;
  envLocale: Locale;
}): Locale {
  return asLocale(sources.sessionLocale) ?? asLocale(sources.cookieLocale) ?? sources.envLocale;
}

function readSessionLocale(): unknown {
  // Accept a bare value as well as JSON, so a locale written by hand still counts.
  return (
    sessionJsonStorage.read(STORAGE_KEYS.locale) ?? sessionJsonStorage.readRaw(STORAGE_KEYS.locale)
  );
}

export function currentLocale(envLocale: Locale): Locale {
  return resolveLocale({
    sessionLocale: readSessionLocale(),
    cookieLocale: readCookie(document.cookie, LOCALE_COOKIE),
    envLocale,
  });
}

// What currentLocale last answered: screens ask on every render, and reading the cookie is not
// free. A choice made here (persistLocale) reads it anew.
let chosen: { envLocale: Locale; locale: Locale } | null = null;

/** currentLocale, read once and again only after a choice: for renders and their checks. */
export function chosenLocale(envLocale: Locale): Locale {
  if (chosen?.envLocale !== envLocale) chosen = { envLocale, locale: currentLocale(envLocale) };
  return chosen.locale;
}

/** Reads the choice anew, as a new page does (tests that clear the browser's storage). */
export function forgetChosenLocale(): void {
  chosen = null;
}

const listeners = new Set<() => void>();

export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Remembers the choice in session storage and in the one-year locale cookie. */
export function persistLocale(locale: Locale): void {
  sessionJsonStorage.write(STORAGE_KEYS.locale, locale);
  document.cookie = `${LOCALE_COOKIE}=${locale}; max-age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; path=/; samesite=lax`;
  document.documentElement.lang = locale;
  chosen = null;
  for (const listener of listeners) listener();
}
