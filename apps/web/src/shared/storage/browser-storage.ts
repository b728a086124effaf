/**
 * JSON in, JSON out over a Web Storage area. Writes never throw: a full browser storage is a
 * warning in the log (spec section 8), and the app carries on without the value.
 */
export interface JsonStorage {
  read(key: string): unknown;
  readRaw(key: string): string | null;
  write(key: string, value: unknown): boolean;
  remove(key: string): void;
  keys(): string[];
}

function isQuotaExceeded(error: unknown): boolean {
  return (
    error instanceof DOMException &&
    (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED')
  );
}

export function createJsonStorage(area: () => Storage): JsonStorage {
  return {
    readRaw(key) {
      return area().getItem(key);
    },
    read(key) {
      const raw = area().getItem(key);
      if (raw === null) return null;
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        return null;
      }
    },
    write(key, value) {
      try {
        area().setItem(key, JSON.stringify(value));
        return true;
      } catch (error) {
        if (!isQuotaExceeded(error)) throw error;
        console.warn(`Browser storage full: "${key}" not stored`);
        return false;
      }
    },
    remove(key) {
      area().removeItem(key);
    },
    keys() {
      const storage = area();
      const found: string[] = [];
      for (let index = 0; index < storage.length; index += 1) {
        const key = storage.key(index);
        if (key !== null) found.push(key);
      }
      return found;
    },
  };
}

export const sessionJsonStorage = createJsonStorage(() => window.sessionStorage);
export const localJsonStorage = createJsonStorage(() => window.localStorage);
