import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SYSTEM_PATHS } from '@klik/api';
import { currentCurrency } from '../shared/format/format-numbers';
import { createFakeServer } from '../test/fake-server';
import { renderApp, screen } from '../test/render-app';

describe('start-up', () => {
  it('applies the environment settings and follows their locale', async () => {
    const server = createFakeServer({
      env: { title: 'Klik Zakelijk', locale: 'en', favicon: '/brand.ico' },
    });
    renderApp(server, '/login');
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(document.title).toBe('Klik Zakelijk');
    expect(document.head.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe(
      '/brand.ico',
    );
  });

  it('formats money in the environment currency and logs calls only with isDebugMode', async () => {
    const debug = vi.spyOn(console, 'info').mockImplementation(() => {});
    renderApp(createFakeServer({}), '/login');
    await screen.findByTestId('login-form');
    expect(currentCurrency()).toEqual({ currency: 'EUR', currencySymbol: '€' });
    expect(debug).not.toHaveBeenCalled();

    const server = createFakeServer({
      env: { currency: 'GBP', currencySymbol: '£', isDebugMode: true },
    });
    renderApp(server, '/login');
    await waitFor(() =>
      expect(currentCurrency()).toEqual({ currency: 'GBP', currencySymbol: '£' }),
    );
    await waitFor(() => expect(debug).toHaveBeenCalled());
  });

  it('shows a loader first and a bilingual error with retry when the settings cannot be loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = createFakeServer({});
    let failing = true;
    const original = server.fetch;
    const flaky: typeof fetch = (input, init) =>
      failing && String(input) === SYSTEM_PATHS.env
        ? Promise.reject(new TypeError('Failed to fetch'))
        : original(input, init);
    renderApp({ ...server, fetch: flaky }, '/login');
    expect(screen.getByRole('status')).toBeInTheDocument();
    const error = await screen.findByTestId('env-error');
    expect(error).toHaveTextContent('Klik kan niet starten');
    expect(error).toHaveTextContent('Klik cannot start');
    expect(warn).toHaveBeenCalled();
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: /Opnieuw proberen/ }));
    await screen.findByTestId('login-form');
    await waitFor(() => expect(screen.queryByTestId('env-error')).not.toBeInTheDocument());
  });
});
