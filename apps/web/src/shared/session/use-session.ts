import { useSyncExternalStore } from 'react';
import { sessionValue, type StoredSession } from './session-store';

export function useSession(): StoredSession | null {
  return useSyncExternalStore(sessionValue.subscribe, sessionValue.get);
}
