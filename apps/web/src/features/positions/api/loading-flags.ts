import { useSyncExternalStore } from 'react';

export type LoadingSubject = 'customer' | 'dashboard' | 'contract';

/** true while loading, false once loaded; no entry when never loaded or the load failed. */
export type LoadingFlags = Readonly<Record<LoadingSubject, Readonly<Record<string, boolean>>>>;

const EMPTY: LoadingFlags = { customer: {}, dashboard: {}, contract: {} };

/**
 * The loading state per customer, dashboard and contract of spec section 4. Kept outside React so
 * the fetch functions can set it; the snapshot is a new object on every change.
 */
export function createLoadingFlags() {
  let flags: LoadingFlags = EMPTY;
  const listeners = new Set<() => void>();

  function update(subject: LoadingSubject, id: string | number, value: boolean | null): void {
    const entries = { ...flags[subject] };
    if (value === null) delete entries[String(id)];
    else entries[String(id)] = value;
    flags = { ...flags, [subject]: entries };
    for (const listener of listeners) listener();
  }

  return {
    get: (): LoadingFlags => flags,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    started: (subject: LoadingSubject, id: string | number) => update(subject, id, true),
    loaded: (subject: LoadingSubject, id: string | number) => update(subject, id, false),
    failed: (subject: LoadingSubject, id: string | number) => update(subject, id, null),
    reset(): void {
      flags = EMPTY;
      for (const listener of listeners) listener();
    },
  };
}

export type LoadingFlagStore = ReturnType<typeof createLoadingFlags>;

/** The portal's one store of loading flags. */
export const loadingFlags = createLoadingFlags();

/** Runs a load with its flag: true while it runs, false when it succeeded, removed on failure. */
export async function withLoadingFlag<T>(
  store: LoadingFlagStore,
  subject: LoadingSubject,
  id: string | number,
  load: () => Promise<T>,
): Promise<T> {
  store.started(subject, id);
  try {
    const result = await load();
    store.loaded(subject, id);
    return result;
  } catch (error) {
    store.failed(subject, id);
    throw error;
  }
}

export function useLoadingFlags(): LoadingFlags {
  return useSyncExternalStore(loadingFlags.subscribe, loadingFlags.get);
}
