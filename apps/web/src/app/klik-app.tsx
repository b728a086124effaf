import { lazy, Suspense, useState } from 'react';
import { useNotifications } from '@mantine/notifications';
import { RouterProvider, type createBrowserRouter, type RouteObject } from 'react-router';
import type { EnvironmentSettings } from '@klik/api';
import { createKlikApiClient } from '../shared/api/api-client';
import { ApiClientProvider } from '../shared/api/api-context';
import { NotificationApiProvider } from '../shared/api/notification-api-context';
import { EnvProvider } from '../shared/env/env-context';
import { setDebugMode } from '../shared/env/debug-log';
import { setCurrency } from '../shared/format/currency';
import { I18nProvider } from '../shared/i18n/i18n-provider';
import { currentLocale } from '../shared/i18n/locale-store';
import { useCatalogueLocale } from '../shared/i18n/use-catalogue-locale';
import { useChosenLocale } from '../shared/i18n/use-locale';
import { LocalisedComponents } from '../shared/ui/localised-components';
import { loginPathReturningTo } from '../shared/routing/access';
import { clearLocalSession, readSession } from '../shared/session/session-store';
import { RealtimeProvider } from '../shared/websocket/realtime-context';
import type { WebSocketLike } from '../shared/websocket/websocket-client';
import { createRoutes } from './routes';
import { useForgetDataOfEndedSessions } from './use-forget-data-of-ended-sessions';
import { useLiveSession } from './use-live-session';

// Messages pop up only after something was done, never on the first paint: their code (with its
// transitions and portal) loads when the first message is shown. Until then a message waits in
// Mantine's store, which is all the first page carries of them.
const Notifications = lazy(async () => ({
  default: (await import('../shared/ui/notifications-outlet')).Notifications,
}));

function NotificationsOnceNeeded() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  );
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;
export type CreateRouter = (routes: RouteObject[]) => AppRouter;

interface KlikAppProps {
  env: EnvironmentSettings;
  fetch: typeof fetch;
  createRouter: CreateRouter;
  createWebSocket?: (url: string) => WebSocketLike;
}

function createAppParts(env: EnvironmentSettings, fetchFn: typeof fetch, create: CreateRouter) {
  let router: AppRouter | null = null;
  setCurrency({ currency: env.currency, currencySymbol: env.currencySymbol });
  setDebugMode(env.isDebugMode);
  const session = {
    fetch: fetchFn,
    getToken: () => readSession()?.token ?? null,
    getLocale: () => currentLocale(env.locale),
    // A 401 means the server ended the session: drop ours and ask for a new login.
    onUnauthenticated: () => {
      clearLocalSession();
      if (!router) return;
      const { pathname, search, hash } = router.state.location;
      void router.navigate(loginPathReturningTo(`${pathname}${search}${hash}`), {
        replace: true,
      });
    },
  };
  const api = createKlikApiClient({ backendUrl: env.backendUrl, ...session });
  // The notification backend may live at its own base (spec section 7); same session and rules.
  const notificationApi = createKlikApiClient({
    backendUrl: env.notificationBackendUrl,
    ...session,
  });
  router = create(createRoutes());
  return { api, notificationApi, router };
}

function LocalisedApp({ env, router }: { env: EnvironmentSettings; router: AppRouter }) {
  const locale = useCatalogueLocale(useChosenLocale(), env.translations);
  useForgetDataOfEndedSessions();
  useLiveSession(router);
  return (
    <I18nProvider locale={locale} translations={env.translations}>
      <LocalisedComponents>
        <NotificationsOnceNeeded />
        <RouterProvider router={router} />
      </LocalisedComponents>
    </I18nProvider>
  );
}

/** The portal once the environment settings are known. */
export function KlikApp({ env, fetch: fetchFn, createRouter, createWebSocket }: KlikAppProps) {
  const [{ api, notificationApi, router }] = useState(() =>
    createAppParts(env, fetchFn, createRouter),
  );
  return (
    <EnvProvider env={env}>
      <ApiClientProvider client={api}>
        <NotificationApiProvider client={notificationApi}>
          <RealtimeProvider websocketUrl={env.websocketUrl} createSocket={createWebSocket}>
            <LocalisedApp env={env} router={router} />
          </RealtimeProvider>
        </NotificationApiProvider>
      </ApiClientProvider>
    </EnvProvider>
  );
}
