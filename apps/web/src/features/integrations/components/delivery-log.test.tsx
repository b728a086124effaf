import { waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WEBHOOK_PATHS, pathTo } from '@klik/api';
import { expectNoAxeViolations } from '../../../test/axe';
import { screen, spaced } from '../../../test/render-app';
import {
  aDelivery,
  anEndpoint,
  CUSTOMER,
  deliveriesPath,
  integrationsServer,
  openIntegrations,
} from '../integrations-test-kit';

vi.setConfig({ testTimeout: 20_000 });

const FIRST = 'msg_0123456789abcdef0123456789abcdef';
const replayPath = pathTo(WEBHOOK_PATHS.replay, {
  customerId: CUSTOMER,
  endpointId: 9,
  deliveryId: FIRST,
});

/** The deliveries' queries as sent, without the path. */
function queriesOf(urls: string[]): string[] {
  return urls
    .filter((url) => url.startsWith(deliveriesPath(9)))
    .map((url) => url.slice(deliveriesPath(9).length));
}

describe('the delivery log', () => {
  it('pages and filters on the server, and shows what each delivery did, axe-clean', async () => {
    const server = integrationsServer([], [anEndpoint()]);
    server.on('GET', deliveriesPath(9), () => ({
      status: 200,
      body: { data: [aDelivery()], page: 0, size: 20, total: 45 },
    }));
    const { user, urls } = openIntegrations(server);
    const toggle = await screen.findByRole('button', { name: 'Afleverlog tonen van ERP' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const row = await screen.findByTestId(`delivery-${FIRST}`);
    const text = spaced(row.textContent);
    for (const shown of [FIRST, 'Klik afgerond', '27-11-2026, 11:00', 'Mislukt, volgt opnieuw']) {
      expect(text).toContain(shown);
    }
    for (const shown of ['502', '1.250 ms', 'Bad gateway', '27-11-2026, 11:35']) {
      expect(text).toContain(shown);
    }
    expect(queriesOf(urls)).toEqual(['?page=0&size=20']);
    await expectNoAxeViolations();

    const pages = screen.getByTestId('deliveries-pages-9');
    await user.click(within(pages).getByRole('button', { name: 'Pagina 3' }));
    await waitFor(() => expect(queriesOf(urls)).toContain('?page=2&size=20'));

    await user.selectOptions(screen.getByTestId('deliveries-filter-9'), 'given_up');
    // A filter starts again at the first page.
    await waitFor(() => expect(queriesOf(urls)).toContain('?page=0&size=20&status=given_up'));
  });

  it('replays one delivery and asks for the log again', async () => {
    const server = integrationsServer([], [anEndpoint()]);
    server.on('GET', deliveriesPath(9), () => ({
      status: 200,
      body: {
        data: [aDelivery({ status: 'given_up', nextAttemptAt: null })],
        page: 0,
        size: 20,
        total: 1,
      },
    }));
    server.on('POST', replayPath, () => ({ status: 202, body: { id: FIRST } }));
    const { user } = openIntegrations(server);
    await user.click(await screen.findByRole('button', { name: 'Afleverlog tonen van ERP' }));
    await user.click(await screen.findByRole('button', { name: `Opnieuw sturen: ${FIRST}` }));
    await waitFor(() => expect(server.callsTo('POST', replayPath)).toHaveLength(1));
    expect(await screen.findByText(`Bericht ${FIRST} wordt opnieuw verstuurd.`)).toBeVisible();
    await waitFor(() => expect(server.callsTo('GET', deliveriesPath(9))).toHaveLength(2));
  });

  it('says when there is nothing yet, and when the filter finds nothing', async () => {
    const server = integrationsServer([], [anEndpoint()]);
    server.on('GET', deliveriesPath(9), () => ({
      status: 200,
      body: { data: [], page: 0, size: 20, total: 0 },
    }));
    const { user } = openIntegrations(server);
    await user.click(await screen.findByRole('button', { name: 'Afleverlog tonen van ERP' }));
    expect(await screen.findByTestId('deliveries-empty-9')).toHaveTextContent(
      'Stuur een testbericht',
    );
    await user.selectOptions(screen.getByTestId('deliveries-filter-9'), 'succeeded');
    expect(await screen.findByText('Geen afleveringen met deze status.')).toBeVisible();
  });

  it('shows a failed load with a retry', async () => {
    const server = integrationsServer([], [anEndpoint()]);
    let failing = true;
    server.on('GET', deliveriesPath(9), () =>
      failing
        ? { status: 500, body: { code: 'INTERNAL', message: 'x' } }
        : { status: 200, body: { data: [aDelivery()], page: 0, size: 20, total: 1 } },
    );
    const { user } = openIntegrations(server);
    await user.click(await screen.findByRole('button', { name: 'Afleverlog tonen van ERP' }));
    const failed = await screen.findByTestId('deliveries-error-9');
    expect(failed).toHaveTextContent('Het afleverlog kon niet worden geladen');
    failing = false;
    await user.click(within(failed).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByTestId(`delivery-${FIRST}`)).toBeVisible();
  });
});
