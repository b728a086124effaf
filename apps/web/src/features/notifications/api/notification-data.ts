import { z } from 'zod';
import { useSyncExternalStore } from 'react';
import { sessionJsonStorage } from '../../../shared/storage/browser-storage';
import { STORAGE_KEYS } from '../../../shared/storage/storage-keys';
import { createStoredValue } from '../../../shared/storage/stored-value';

/**
 * The spec's notificationData (session storage): what the bell shows. Sign-out and login-as
 * remove it (shared/session/session-store.ts), so no one sees another user's count.
 */
const NotificationDataSchema = z.object({ unread: z.number().int().nonnegative() });
export type NotificationData = z.infer<typeof NotificationDataSchema>;

export const notificationData = createStoredValue(
  sessionJsonStorage,
  STORAGE_KEYS.notificationData,
  NotificationDataSchema,
);

export function useNotificationData(): NotificationData | null {
  return useSyncExternalStore(notificationData.subscribe, notificationData.get);
}

// Counts the live updates, so an answer to a count request sent before one cannot undo it.
let liveUpdates = 0;

/** The count the server sent over the websocket: the newest there is. */
export function setUnreadFromEvent(unread: number): void {
  liveUpdates += 1;
  notificationData.set({ unread });
}

/** Stores a count the server answered, unless a live update came after it was asked for. */
export async function setUnreadFromRequest(request: () => Promise<number>): Promise<number> {
  const before = liveUpdates;
  const unread = await request();
  if (liveUpdates === before) notificationData.set({ unread });
  return unread;
}
