import { describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { warmAfterLogin, warmRoute } from './warm-route';

function routesWithSpies() {
  const shell = vi.fn(async () => ({}));
  const dashboard = vi.fn(async () => ({}));
  const clicks = vi.fn(async () => ({}));
  const routes: RouteObject[] = [
    {
      path: '/',
      children: [
        { path: 'login', Component: () => null },
        {
          lazy: shell,
          children: [
            { path: 'dashboard/:commodity?', lazy: dashboard },
            { path: 'clickoverview', lazy: clicks },
          ],
        },
      ],
    },
  ];
  return { routes, shell, dashboard, clicks };
}

describe('warming the route a page opens on', () => {
  it('starts loading the screens of every matched route, layout included, and no others', () => {
    const { routes, shell, dashboard, clicks } = routesWithSpies();
    warmRoute(routes, '/dashboard/gas');
    expect(shell).toHaveBeenCalledTimes(1);
    expect(dashboard).toHaveBeenCalledTimes(1);
    expect(clicks).not.toHaveBeenCalled();
  });

  it('loads nothing for a screen that comes with the portal, nor for an unknown path', () => {
    const { routes, shell, dashboard, clicks } = routesWithSpies();
    warmRoute(routes, '/login');
    warmRoute(routes, '/no/such/screen');
    expect([shell, dashboard, clicks].every((spy) => spy.mock.calls.length === 0)).toBe(true);
  });

  it('swallows a failed load: the router reports it when it gets there', async () => {
    const failing: RouteObject[] = [
      { path: '/x', lazy: () => Promise.reject(new Error('offline')) },
    ];
    expect(() => warmRoute(failing, '/x')).not.toThrow();
    await new Promise((done) => setTimeout(done, 0));
  });
});

describe('warming the first signed-in screens from the login page', () => {
  it('loads them once the page is idle, and not when the page is left before', () => {
    const callbacks: (() => void)[] = [];
    const cancelled: number[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => callbacks.push(callback));
    vi.stubGlobal('cancelIdleCallback', (id: number) => cancelled.push(id));
    const { routes, shell, dashboard, clicks } = routesWithSpies();

    warmAfterLogin(routes, '/dashboard');
    expect(dashboard).not.toHaveBeenCalled();
    callbacks[0]?.();
    expect(shell).toHaveBeenCalledTimes(1);
    expect(dashboard).toHaveBeenCalledTimes(1);
    expect(clicks).not.toHaveBeenCalled();

    const stop = warmAfterLogin(routes, '/dashboard');
    stop();
    expect(cancelled).toEqual([2]);
    vi.unstubAllGlobals();
  });

  it('leaves it to the router where the browser has no idle callbacks', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const { routes, shell, dashboard } = routesWithSpies();
    warmAfterLogin(routes, '/dashboard')();
    expect(shell).not.toHaveBeenCalled();
    expect(dashboard).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
