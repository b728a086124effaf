import type { ValueCheck } from '../checks/plain-checks';
import type { JsonStorage } from './browser-storage';

/**
 * One typed value in browser storage that React can subscribe to. The parsed value is cached
 * against the raw string, so useSyncExternalStore sees a stable snapshot between writes.
 */
export interface StoredValue<T> {
  get(): T | null;
  set(value: T): void;
  remove(): void;
  subscribe(listener: () => void): () => void;
}

/** check: a zod schema, or a hand-written check for a value the login page reads. */
export function createStoredValue<T>(
  storage: JsonStorage,
  key: string,
  check: ValueCheck<T>,
): StoredValue<T> {
  const listeners = new Set<() => void>();
  let cachedRaw: string | null = null;
  let cachedValue: T | null = null;

  function notify(): void {
    for (const listener of listeners) listener();
  }

  return {
    get() {
      const raw = storage.readRaw(key);
      if (raw === cachedRaw) return cachedValue;
      cachedRaw = raw;
      const parsed = check.safeParse(storage.read(key));
      cachedValue = parsed.success ? parsed.data : null;
      return cachedValue;
    },
    set(value) {
      storage.write(key, value);
      notify();
    },
    remove() {
      storage.remove(key);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
