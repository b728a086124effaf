import { describe, expect, it, vi } from 'vitest';
import {
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  chosenLocale,
  currentLocale,
  persistLocale,
  readCookie,
  resolveLocale,
} from './locale-store';

describe('locale resolution', () => {
  it('prefers session storage, then the cookie, then the environment', () => {
    expect(resolveLocale({ sessionLocale: 'en', cookieLocale: 'nl', envLocale: 'nl' })).toBe('en');
    expect(resolveLocale({ sessionLocale: null, cookieLocale: 'en', envLocale: 'nl' })).toBe('en');
    expect(resolveLocale({ sessionLocale: null, cookieLocale: null, envLocale: 'en' })).toBe('en');
  });

  it('skips values that are not a supported locale', () => {
    expect(resolveLocale({ sessionLocale: 'fr', cookieLocale: 'de', envLocale: 'nl' })).toBe('nl');
    expect(resolveLocale({ sessionLocale: 42, cookieLocale: 'en', envLocale: 'nl' })).toBe('en');
  });

  it('reads the browser in that order', () => {
    expect(currentLocale('nl')).toBe('nl');
    document.cookie = 'locale=en; path=/';
    expect(currentLocale('nl')).toBe('en');
    window.sessionStorage.setItem('locale', JSON.stringify('nl'));
    expect(currentLocale('en')).toBe('nl');
    window.sessionStorage.setItem('locale', 'en');
    expect(currentLocale('nl')).toBe('en');
  });

  it('parses cookies by name', () => {
    expect(readCookie('a=1; locale=en; XSRF-TOKEN=abc%3D', 'locale')).toBe('en');
    expect(readCookie('a=1; locale=en; XSRF-TOKEN=abc%3D', 'XSRF-TOKEN')).toBe('abc=');
    expect(readCookie('mylocale=nl', 'locale')).toBeNull();
  });

  it('remembers a choice in session storage and in a cookie that lasts a year', () => {
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    const written: string[] = [];
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      written.push(value);
      descriptor?.set?.call(document, value);
    });
    persistLocale('en');
    expect(window.sessionStorage.getItem('locale')).toBe('"en"');
    expect(written).toHaveLength(1);
    expect(written[0]).toContain('locale=en');
    expect(written[0]).toContain(`max-age=${LOCALE_COOKIE_MAX_AGE_SECONDS}`);
    expect(LOCALE_COOKIE_MAX_AGE_SECONDS).toBe(31_536_000);
    expect(document.documentElement.lang).toBe('en');
  });

  it('reads the choice once for renders, and again after a choice is made here', () => {
    document.cookie = 'locale=en; path=/';
    expect(chosenLocale('nl')).toBe('en');
    // Renders ask again and again: the browser is not read each time.
    const cookie = vi.spyOn(document, 'cookie', 'get');
    document.cookie = 'locale=nl; path=/';
    expect(chosenLocale('nl')).toBe('en');
    expect(cookie).not.toHaveBeenCalled();
    cookie.mockRestore();
    persistLocale('nl');
    expect(chosenLocale('nl')).toBe('nl');
  });
});
