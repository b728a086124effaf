import type { z } from 'zod';
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

export function createStoredValue<S extends z.ZodType>(
  storage: JsonStorage,
  key: string,
  schema: S,
): StoredValue<z.infer<S>> {
  type T = z.infer<S>;
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
      const parsed = schema.safeParse(storage.read(key));
      cachedValue = parsed.success ? (parsed.data as T) : null;
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
