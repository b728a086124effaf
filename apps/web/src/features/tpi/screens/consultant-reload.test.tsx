import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { continueAs } from '../../../shared/session/impersonation';
import { startSession } from '../../../shared/session/session-store';
import { aUserSession } from '../../../test/builders';
import { createFakeServer } from '../../../test/fake-server';
import { renderApp, screen } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

/*
 * A reload during a TPI consultant's login-as session starts the portal again from the stored
 * sessions: a screen the borrowed user may not open sends them home, and home is
 * consultantdashboard with the consultant's banner, not the customer's dashboard.
 */
describe('a reload while a TPI consultant acts for a customer', () => {
  it('lands on consultantdashboard with the consultant banner', async () => {
    startSession(
      aUserSession({
        role: 'consultant',
        username: 'tpi',
        name: 'Tessa Adviseur',
        token: 'token-of-tpi',
        allowTPIPage: true,
      }),
    );
    continueAs(aUserSession({ impersonatedBy: 'tpi' }), '/overview');

    const app = renderApp(createFakeServer({}), '/overview');

    await waitFor(() => expect(app.location()).toBe('/consultantdashboard'));
    expect(await screen.findByTestId('consultant-banner')).toHaveTextContent('Tessa Adviseur');
  });
});
