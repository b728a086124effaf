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
