import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { forgetChosenLocale } from '../shared/i18n/locale-store';
import { addBothCatalogues } from './catalogues';

// findBy/waitFor give up after this long; one second is too short on a busy two-core machine
// (two test workers, and other work beside them),
// where a whole screen with its lazy route and charts can take longer to settle.
configure({ asyncUtilTimeout: 10_000 });

// The portal loads a locale's messages when it first needs them; tests have both at once.
addBothCatalogues();

// Mantine reads these browser APIs that jsdom does not provide.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
Element.prototype.scrollIntoView = () => {};

let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  window.localStorage.clear();
  forgetChosenLocale();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
  // A console.error during a test is a failure of that test.
  if (consoleErrors.length > 0) {
    const logged = consoleErrors.map((args) => args.map(String).join(' ')).join('\n');
    throw new Error(`console.error was called during the test:\n${logged}`);
  }
});
