import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Starts loading the screens of the route a page opens on, while the settings and the messages are
 * still on their way: the router would ask for them only once those have arrived, one round of
 * requests later. A screen a guard then turns away from was loaded for nothing, which costs less
 * than the wait it saves on every other visit.
 */
export function warmRoute(routes: RouteObject[], pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const { lazy } = match.route;
    if (typeof lazy === 'function') {
      // The router loads the screen again when it gets there, and reports a failure then.
      void Promise.resolve(lazy()).catch(() => undefined);
    }
  }
}

/**
 * Loads the screens of the route most sessions start on (the shell and the dashboard) once the
 * login page is idle, while its user types: the build names no files to load beside a screen
 * (`modulePreload: false`, docs/performance.md), so a screen's code arrives in as many rounds of
 * requests as its imports are deep, and this keeps those rounds out of the first signed-in
 * screen. A browser without idle callbacks loads them when they are asked for.
 */
export function warmAfterLogin(routes: RouteObject[], pathname: string): () => void {
  if (typeof window.requestIdleCallback !== 'function') return () => undefined;
  const idle = window.requestIdleCallback(() => warmRoute(routes, pathname), { timeout: 5000 });
  return () => window.cancelIdleCallback(idle);
}
