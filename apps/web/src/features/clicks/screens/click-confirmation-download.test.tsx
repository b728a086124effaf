import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClickDetail, EnvironmentSettings } from '@klik/api';
import { startSession } from '../../../shared/session/session-store';
import { expectNoAxeViolations } from '../../../test/axe';
import { aUserSession } from '../../../test/builders';
import { aClickDetail } from '../../../test/click-builders';
import { createFakeServer } from '../../../test/fake-server';
import { renderApp, screen } from '../../../test/render-app';

const completed = aClickDetail({
  status: 'COMPLETED',
  inProgress: false,
  completedAt: '2026-11-20T10:15:10.000Z',
});
const inProgress = aClickDetail({ id: 502, status: 'IN_PROGRESS', inProgress: true });

function openOverview(clicks: ClickDetail[], env: Partial<EnvironmentSettings> = {}) {
  const server = createFakeServer({ env });
  server.on('GET', '/rest/clicks/11', () => ({ status: 200, body: { data: clicks } }));
  startSession(aUserSession());
  renderApp(server, '/clickoverview');
  return userEvent.setup();
}

/** Answers the download requests with the given response; keeps their address and headers. */
function stubDownloads(answer: () => Response) {
  const requests: { url: string; headers: Headers }[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    requests.push({ url: input, headers: new Headers(init?.headers) });
    return answer();
  });
  const saved: string[] = [];
  URL.createObjectURL = () => 'blob:klik-confirmation';
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(`${this.download} ${this.href}`);
  });
  return { requests, saved };
}

const pdf = (filename: string) => () =>
  new Response('%PDF-1.3', {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${filename}"`,
    },
  });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

vi.setConfig({ testTimeout: 20_000 });

describe('click confirmation in the click overview', () => {
  it('downloads the PDF of a completed click in Dutch, named as the server says', async () => {
    const { requests, saved } = stubDownloads(pdf('klik-bevestiging-501.pdf'));
    const user = openOverview([completed, inProgress]);
    const button = await screen.findByRole('button', {
      name: 'Bevestiging van de klik op Q1 2027 van contract KL-270001 downloaden (pdf)',
    });
    expect(button).toHaveTextContent('Bevestiging (pdf)');
    // Only a completed click has a confirmation.
    expect(within(screen.getByTestId('click-row-502')).queryByText('Bevestiging (pdf)')).toBeNull();
    await expectNoAxeViolations();

    await user.click(button);
    await waitFor(() => expect(saved).toEqual(['klik-bevestiging-501.pdf blob:klik-confirmation']));
    expect(requests.map((request) => request.url)).toEqual([
      '/rest/clicks/11/501/confirmation?locale=nl',
    ]);
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer token-of-customer');
  });

  it('asks for the English confirmation in an English portal, by keyboard', async () => {
    const { requests, saved } = stubDownloads(pdf('click-confirmation-501.pdf'));
    const user = openOverview([completed], { locale: 'en' });
    const button = await screen.findByRole('button', {
      name: 'Download the confirmation of the click on Q1 2027 of contract KL-270001 (PDF)',
    });
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(requests[0]?.url).toBe('/rest/clicks/11/501/confirmation?locale=en');
    expect(saved[0]).toBe('click-confirmation-501.pdf blob:klik-confirmation');
  });

  it("says why a confirmation could not be downloaded, in the server's code's words", async () => {
    stubDownloads(
      () =>
        new Response(JSON.stringify({ code: 'CLICK_NOT_COMPLETED', message: 'x' }), {
          status: 409,
          headers: { 'content-type': 'application/json' },
        }),
    );
    const user = openOverview([completed]);
    await user.click(await screen.findByTestId('confirmation-501'));
    expect(await screen.findByTestId('confirmation-failed-501')).toHaveTextContent(
      'De bevestiging kon niet worden gedownload: Deze transactie is niet afgerond; er is geen bevestiging.',
    );
  });
});
