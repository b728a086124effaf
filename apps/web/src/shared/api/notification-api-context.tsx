import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from '@klik/api';

/**
 * The client of the notification backend: its own base address (notificationBackendUrl), so a
 * deployment can serve it apart from the rest (docs/notifications.md).
 */
const NotificationApiContext = createContext<ApiClient | null>(null);

export function NotificationApiProvider({
  client,
  children,
}: {
  client: ApiClient;
  children: ReactNode;
}) {
  return (
    <NotificationApiContext.Provider value={client}>{children}</NotificationApiContext.Provider>
  );
}

export function useNotificationApiClient(): ApiClient {
  const client = useContext(NotificationApiContext);
  if (!client) throw new Error('useNotificationApiClient needs a NotificationApiProvider');
  return client;
}
