import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Announcement } from '@klik/api';
import { startSession } from '../../../shared/session/session-store';
import { expectNoAxeViolations } from '../../../test/axe';
import { aUserSession } from '../../../test/builders';
import { createFakeServer } from '../../../test/fake-server';
import { renderApp, screen } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

const published: Announcement = {
  id: 7,
  titleNl: 'Marktbericht',
  titleEn: 'Market report',
  bodyNl: 'Tekst',
  bodyEn: 'Text',
  audience: 'all',
  customers: [],
  attachments: [],
  publishedAt: '2026-11-20T10:00:00.000Z',
  publishedBy: 'admin',
  recipients: 12,
};

describe('announcements screen', () => {
  it('refuses an incomplete form, then publishes to every user and lists it', async () => {
    const server = createFakeServer({});
    let list: Announcement[] = [];
    server.on('GET', '/rest/admin/announcements', () => ({
      status: 200,
      body: { data: list, total: list.length, page: 0, size: 20 },
    }));
    server.on('POST', '/rest/admin/announcements', () => {
      list = [published];
      return { status: 201, body: published };
    });
    startSession(aUserSession({ role: 'admin', allowedCustomers: [] }));
    renderApp(server, '/announcements');
    const user = userEvent.setup();
    expect(await screen.findByTestId('announcements-empty')).toBeVisible();
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Publiceren' }));
    expect(screen.getAllByText('Vul dit veld in.')).toHaveLength(4);
    expect(server.callsTo('POST', '/rest/admin/announcements')).toHaveLength(0);

    await user.type(screen.getByLabelText(/Titel \(Nederlands\)/), 'Marktbericht');
    await user.type(screen.getByLabelText(/Titel \(Engels\)/), 'Market report');
    await user.type(screen.getByLabelText(/Tekst \(Nederlands\)/), 'Tekst');
    await user.type(screen.getByLabelText(/Tekst \(Engels\)/), 'Text');
    await user.click(screen.getByRole('button', { name: 'Publiceren' }));
    await waitFor(() =>
      expect(server.callsTo('POST', '/rest/admin/announcements')).toHaveLength(1),
    );
    const [request] = server.callsTo('POST', '/rest/admin/announcements');
    expect(JSON.parse(request?.body ?? '{}')).toEqual({
      titleNl: 'Marktbericht',
      titleEn: 'Market report',
      bodyNl: 'Tekst',
      bodyEn: 'Text',
      audience: 'all',
      customerIds: [],
      attachments: [],
    });
    expect(await screen.findByTestId('announcement-7')).toHaveTextContent('12 ontvangers');
  });
});
