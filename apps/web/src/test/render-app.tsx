import { render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { Bootstrap } from '../app/bootstrap';
import type { AppRouter } from '../app/klik-app';
import type { FakeServer } from './fake-server';

/** Renders the whole portal at a path, talking to the given fake server. */
export function renderApp(server: FakeServer, path: string) {
  let router: AppRouter | null = null;
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <Bootstrap
      fetch={server.fetch}
      queryClient={queryClient}
      createRouter={(routes) => {
        router = createMemoryRouter(routes, { initialEntries: [path] });
        return router;
      }}
    />,
  );
  return {
    ...view,
    queryClient,
    location() {
      if (!router) throw new Error('The router is not created yet');
      const { pathname, search } = router.state.location;
      return `${pathname}${search}`;
    },
  };
}

export { screen };
