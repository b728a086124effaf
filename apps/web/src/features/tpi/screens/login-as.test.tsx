import userEvent from '@testing-library/user-event';
import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type TpiCustomerData, AUTH_PATHS } from '@klik/api';
import { startSession } from '../../../shared/session/session-store';
import { aUserSession } from '../../../test/builders';
import { createFakeServer } from '../../../test/fake-server';
import { renderApp, screen } from '../../../test/render-app';

vi.setConfig({ testTimeout: 30_000 });

const BAKKERIJ: TpiCustomerData = {
  customerId: 11,
  customerName: 'Bakkerij Jansen',
  contracts: [
    {
      contractId: 'KL-11',
      commodity: 'Gas',
      product: 'Product',
      clickType: null,
      years: [
        {
          contractId: 'KL-11',
          id: 11,
          yearOfSupply: 2027,
          clickedPercentage: '32.5',
          weightedAvgGasClickPrice: '30.7208',
          weightedAvgPeakClickPrice: null,
          weightedAvgOffPeakClickPrice: null,
          openVolume: '810',
          parts: [],
          nextDeadline: null,
          pendingApprovals: 0,
          budgetPosition: null,
        },
      ],
    },
  ],
};

/*
 * A TPI consultant's login-as lands on consultantdashboard (spec section 2); a failed
 * login-as is logged, as spec section 8 says, and also said beside the button, since the
 * consultant would otherwise see nothing happen.
 */
describe('a TPI consultant signing in as a customer user', () => {
  it('says so when it fails, and lands on consultantdashboard when it works', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = createFakeServer({});
    const bakker = aUserSession({
      token: 'token-of-bakker',
      username: 'bakker',
      impersonatedBy: 'tpi',
    });
    server.on('GET', '/rest/tpi/11', () => ({ status: 200, body: BAKKERIJ }));
    server.on('GET', '/rest/tpi/12', () => ({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'x' },
    }));
    server.on('GET', '/rest/tpi/11/users', () => ({
      status: 200,
      body: [{ username: 'bakker', name: 'Bert Bakker', readOnly: false }],
    }));
    let failing = true;
    server.on('POST', AUTH_PATHS.loginAs, () =>
      failing
        ? { status: 500, body: { code: 'INTERNAL', message: 'x' } }
        : { status: 200, body: bakker },
    );
    startSession(
      aUserSession({
        role: 'consultant',
        username: 'tpi',
        name: 'Tessa Adviseur',
        token: 'token-of-tpi',
        allowTPIPage: true,
      }),
    );
    const app = renderApp(server, '/overview');
    const user = userEvent.setup();

    await user.click(await screen.findByTestId('tpi-login-as-11'));
    await user.click(await screen.findByTestId('tpi-login-as-user-bakker'));
    expect(await screen.findByText('Inloggen als Bert Bakker is mislukt.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(warn).toHaveBeenCalledWith('Login-as failed', expect.anything());

    failing = false;
    await user.click(screen.getByTestId('tpi-login-as-11'));
    await user.click(await screen.findByTestId('tpi-login-as-user-bakker'));
    await waitFor(() => expect(app.location()).toBe('/consultantdashboard'));
    expect(await screen.findByTestId('consultant-banner')).toHaveTextContent('Tessa Adviseur');
  });
});
