import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Notification, UserSession } from '@klik/api';
import { startSession } from '../../../shared/session/session-store';
import { expectNoAxeViolations } from '../../../test/axe';
import { aUserSession } from '../../../test/builders';
import { createFakeServer, type FakeServer } from '../../../test/fake-server';
import { renderApp, screen } from '../../../test/render-app';

// Whole-portal renders are slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

function aNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 1,
    localeId: 'notification.CLICK_COMPLETED',
    publishDate: '2026-11-20T10:15:00.000Z',
    read: false,
    kind: 'CLICK_COMPLETED',
    params: { maturity: 'Q1', yearOfSupply: 2027, contractId: 'KL-270001', clickId: 501 },
    customerId: 11,
    clickId: 501,
    contractId: 'KL-270001',
    announcement: null,
    hasAttachment: false,
    attachmentLocales: [],
    ...overrides,
  };
}

const announcement = aNotification({
  id: 2,
  localeId: 'notification.ANNOUNCEMENT',
  kind: 'ANNOUNCEMENT',
  params: {},
  read: true,
  customerId: null,
  clickId: null,
  contractId: null,
  publishDate: '2026-11-19T08:00:00.000Z',
  announcement: {
    titleNl: 'Marktbericht',
    titleEn: 'Market report',
    bodyNl: 'De gasprijs daalt.',
    bodyEn: 'Gas is falling.',
  },
  hasAttachment: true,
  attachmentLocales: ['nl'],
});

function serverWith(list: Notification[], unread = 1): FakeServer {
  const server = createFakeServer({});
  server.on('GET', '/rest/notifications', () => ({
    status: 200,
    body: { data: list, total: list.length, page: 0, size: 10 },
  }));
  server.on('GET', '/rest/notifications/active/count', () => ({
    status: 200,
    body: { data: unread },
  }));
  server.on('PUT', '/rest/notification/1/read', () => ({ status: 204 }));
  server.on('PUT', '/rest/notifications/read', () => ({ status: 204 }));
  return server;
}

function open(server: FakeServer, path = '/notificaties', session: Partial<UserSession> = {}) {
  startSession(aUserSession(session));
  const app = renderApp(server, path);
  return { app, user: userEvent.setup() };
}

describe('notifications screen', () => {
  it('lists the notifications newest first in the user language, unread ones emphasised', async () => {
    open(serverWith([aNotification(), announcement]));
    const list = await screen.findByTestId('notification-list');
    const items = within(list).getAllByRole('article');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveAttribute('data-read', 'false');
    expect(within(items[0] as HTMLElement).getByText('Nieuw')).toBeVisible();
    expect(items[0]).toHaveTextContent('De klik op Q1 2027 van contract KL-270001 is uitgevoerd.');
    expect(items[1]).toHaveAttribute('data-read', 'true');
    expect(items[1]).toHaveTextContent('Marktbericht');
    expect(items[1]).toHaveTextContent('De gasprijs daalt.');
    expect(
      within(items[1] as HTMLElement).getByRole('button', { name: 'Bijlage downloaden' }),
    ).toBeVisible();
    await expectNoAxeViolations();
  });

  it('serves the English route too and asks the server for the first page, newest first', async () => {
    const server = serverWith([aNotification()]);
    open(server, '/notifications');
    await screen.findByTestId('notification-list');
    const [request] = server.callsTo('GET', '/rest/notifications');
    expect(request).toBeDefined();
  });

  it('reads the notifications from the notificationBackendUrl of the environment settings', async () => {
    const server = createFakeServer({ env: { notificationBackendUrl: '/meldingen-api' } });
    server.on('GET', '/meldingen-api/notifications', () => ({
      status: 200,
      body: { data: [aNotification()], total: 1, page: 0, size: 10 },
    }));
    server.on('GET', '/meldingen-api/notifications/active/count', () => ({
      status: 200,
      body: { data: 1 },
    }));
    open(server);
    await screen.findByTestId('notification-list');
    expect(server.callsTo('GET', '/meldingen-api/notifications')).not.toHaveLength(0);
    expect(server.callsTo('GET', '/rest/notifications')).toHaveLength(0);
  });

  it('marks one read, and all read, through the notification backend', async () => {
    const server = serverWith([aNotification()]);
    const { user } = open(server);
    await user.click(
      await screen.findByRole('button', {
        name: 'Markeer als gelezen: De klik op Q1 2027 van contract KL-270001 is uitgevoerd.',
      }),
    );
    await waitFor(() => expect(server.callsTo('PUT', '/rest/notification/1/read')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Alles als gelezen markeren' }));
    await waitFor(() => expect(server.callsTo('PUT', '/rest/notifications/read')).toHaveLength(1));
  });

  it('opens the related click in the click overview of its customer', async () => {
    const { app, user } = open(serverWith([aNotification()]));
    await user.click(await screen.findByRole('button', { name: 'Klik bekijken' }));
    await waitFor(() => expect(app.location()).toBe('/clickoverview?contractId=KL-270001'));
  });

  it('says when there are none, and offers a retry when the list cannot be read', async () => {
    open(serverWith([], 0));
    expect(await screen.findByTestId('notifications-empty')).toHaveTextContent(
      'U heeft geen meldingen.',
    );
    await expectNoAxeViolations();
  });

  it('shows the error with a retry that asks again', async () => {
    const server = createFakeServer({});
    server.on('GET', '/rest/notifications', () => ({
      status: 500,
      body: { code: 'INTERNAL', message: 'boom' },
    }));
    const { user } = open(server);
    const error = await screen.findByTestId('notifications-error');
    expect(error).toHaveTextContent('De meldingen konden niet worden geladen.');
    await user.click(within(error).getByRole('button', { name: 'Opnieuw proberen' }));
    await waitFor(() => expect(server.callsTo('GET', '/rest/notifications')).toHaveLength(2));
  });

  it('someone signed in as the user reads but cannot mark read', async () => {
    open(serverWith([aNotification()]), '/notificaties', { impersonatedBy: 'admin' });
    await screen.findByTestId('notification-list');
    expect(screen.queryByTestId('notification-mark-read')).not.toBeInTheDocument();
    expect(screen.queryByTestId('notifications-mark-all')).not.toBeInTheDocument();
  });
});

describe('the bell', () => {
  it('shows the unread count, keeps it in notificationData and follows notificationUpdate live', async () => {
    const unread = { value: 3 };
    const server = serverWith([aNotification()]);
    server.on('GET', '/rest/notifications/active/count', () => ({
      status: 200,
      body: { data: unread.value },
    }));
    const { app } = open(server, '/dashboard');
    const bell = await screen.findByRole('link', { name: 'Meldingen, 3 ongelezen' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(JSON.parse(window.sessionStorage.getItem('notificationData') ?? '{}')).toEqual({
      unread: 3,
    });
    const socket = await app.sockets.connecting();
    act(() => socket.open());
    // A new notification: the server counts 4 and says so over the socket.
    unread.value = 4;
    act(() => socket.emit('notificationUpdate', { unread: 4 }));
    expect(await screen.findByRole('link', { name: 'Meldingen, 4 ongelezen' })).toBeVisible();
    expect(screen.getByTestId('notification-bell-live')).toHaveTextContent('4 ongelezen meldingen');
    expect(screen.getByTestId('notification-bell-live')).toHaveAttribute('aria-live', 'polite');
    await expectNoAxeViolations();
  });
});
