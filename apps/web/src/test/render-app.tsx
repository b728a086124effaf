import type { ReactElement } from 'react';
import userEvent from '@testing-library/user-event';
import type { UserSession } from '@klik/api';
import { render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { Bootstrap } from '../app/bootstrap';
import type { AppRouter } from '../app/klik-app';
import { startSession } from '../shared/session/session-store';
import { aUserSession } from './builders';
import type { FakeServer } from './fake-server';
import { createFakeSockets } from './fake-websocket';

/**
 * Renders the whole portal at a path, talking to the given fake server. Its websockets are fakes
 * that stay connecting until the test opens them (`sockets.latest().open()`).
 */
export function renderApp(server: FakeServer, path: string) {
  let router: AppRouter | null = null;
  const sockets = createFakeSockets();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <Bootstrap
      fetch={server.fetch}
      queryClient={queryClient}
      createWebSocket={sockets.create}
      createRouter={(routes) => {
        router = createMemoryRouter(routes, { initialEntries: [path] });
        return router;
      }}
    />,
  );
  return {
    ...view,
    queryClient,
    sockets,
    location() {
      if (!router) throw new Error('The router is not created yet');
      const { pathname, search } = router.state.location;
      return `${pathname}${search}`;
    },
  };
}

/**
 * Renders one element at `/` inside what the portal puts around its screens (settings, catalogue,
 * query client, websockets), for a piece no route shows on its own. Its websockets are fakes.
 */
export function renderInPortal(server: FakeServer, element: ReactElement) {
  return render(
    <Bootstrap
      fetch={server.fetch}
      queryClient={
        new QueryClient({
          defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
        })
      }
      createWebSocket={createFakeSockets().create}
      createRouter={() => createMemoryRouter([{ path: '/', element }])}
    />,
  );
}

export { screen };

/** Text with Intl's no-break spaces read as plain spaces. */
export function spaced(text: string | null): string {
  return (text ?? '').replace(/\u00a0|\u202f/g, ' ');
}

/**
 * Signs a user in (the given fields over aUserSession's) and renders the whole portal at `path`
 * on the fake server.
 */
export function openAs(server: FakeServer, path: string, session: Partial<UserSession> = {}) {
  startSession(aUserSession(session));
  const app = renderApp(server, path);
  return { app, user: userEvent.setup() };
}
