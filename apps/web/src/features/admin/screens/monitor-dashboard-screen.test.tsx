import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ActiveSession, Role } from '@klik/api';
import { startSession } from '../../../shared/session/session-store';
import { aUserSession } from '../../../test/builders';
import { createFakeServer } from '../../../test/fake-server';
import { renderApp, screen } from '../../../test/render-app';

function anActiveSession(overrides: Partial<ActiveSession> = {}): ActiveSession {
  return {
    id: 7,
    username: 'jansen',
    name: 'Piet Jansen',
    role: 'customer',
    impersonatedBy: null,
    readOnly: false,
    createdAt: '2026-11-20T09:00:00.000Z',
    lastUsedAt: '2026-11-20T09:30:00.000Z',
    ip: '192.0.2.10',
    ...overrides,
  };
}

function monitorServer() {
  let paused = false;
  let sessions = [
    anActiveSession(),
    anActiveSession({
      id: 8,
      username: 'kijker',
      name: 'Kees Kijker',
      readOnly: true,
      impersonatedBy: 'beheer',
      ip: null,
    }),
  ];
  const server = createFakeServer({});
  server.on('GET', '/rest/tradingstatus', () => ({ status: 200, body: { pauzeActive: paused } }));
  server.on('PUT', '/rest/tradingstatus', ({ body }) => {
    paused = (JSON.parse(body ?? '{}') as { pauzeActive: boolean }).pauzeActive;
    return { status: 200, body: { pauzeActive: paused } };
  });
  server.on('GET', '/rest/sessions', () => ({ status: 200, body: sessions }));
  server.on('DELETE', '/rest/sessions/7', () => {
    sessions = sessions.filter((session) => session.id !== 7);
    return { status: 204 };
  });
  return server;
}

async function openMonitor(role: Role = 'admin') {
  startSession(
    aUserSession({
      token: `${role}-token`,
      username: role,
      name: 'Anna Beheer',
      role,
      allowedCustomers: [],
    }),
  );
  const server = monitorServer();
  const app = renderApp(server, '/monitordashboard');
  await screen.findByTestId('screen-monitordashboard');
  return { app, server, user: userEvent.setup() };
}

describe('monitor dashboard', () => {
  it('is reachable from the admin navigation and closed to customers', async () => {
    const { user, app } = await openMonitor();
    await user.click(screen.getByRole('link', { name: 'Marktprijzen' }));
    await screen.findByTestId('screen-monitorprices');
    await user.click(screen.getByRole('link', { name: 'Monitor' }));
    await screen.findByTestId('screen-monitordashboard');
    expect(app.location()).toBe('/monitordashboard');
  });

  it('sends a customer to their own dashboard', async () => {
    startSession(aUserSession());
    const app = renderApp(createFakeServer({}), '/monitordashboard');
    await screen.findByTestId('screen-dashboard');
    expect(app.location()).toBe('/dashboard');
  });

  it('shows the connected sessions live from sessionCountUpdate, and refreshes the list with it', async () => {
    const { app, server } = await openMonitor();
    await screen.findByTestId('active-sessions');
    const listLoads = () => server.callsTo('GET', '/rest/sessions').length;
    expect(listLoads()).toBe(1);
    expect(screen.getByTestId('session-count')).toHaveTextContent('Wachten op het live aantal');
    expect(screen.getByTestId('connection-state')).toHaveAttribute('data-state', 'closed');
    const socket = await app.sockets.connecting();
    act(() => socket.open());
    expect(screen.getByTestId('connection-state')).toHaveAttribute('data-state', 'open');
    act(() => socket.emit('sessionCountUpdate', { count: 1 }));
    expect(screen.getByTestId('session-count')).toHaveTextContent('1 sessie verbonden');
    act(() => socket.emit('sessionCountUpdate', { count: 42 }));
    expect(screen.getByTestId('session-count')).toHaveTextContent('42 sessies verbonden');
    await waitFor(() => expect(listLoads()).toBe(3));
    // The same count again asks nothing.
    act(() => socket.emit('sessionCountUpdate', { count: 42 }));
    expect(listLoads()).toBe(3);
  });

  it('pauses clicking only after confirmation, and resumes the same way', async () => {
    const { server, user } = await openMonitor();
    const toggle = await screen.findByRole('switch', { name: 'Klikken pauzeren' });
    expect(toggle).not.toBeChecked();
    expect(screen.getByTestId('trading-status')).toHaveTextContent('Klanten kunnen klikken.');

    // Cancelled: nothing sent, nothing changed.
    await user.click(toggle);
    let dialog = await screen.findByRole('dialog', { name: 'Klikken pauzeren?' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('PUT', '/rest/tradingstatus')).toHaveLength(0);
    expect(toggle).not.toBeChecked();

    await user.click(toggle);
    dialog = await screen.findByRole('dialog', { name: 'Klikken pauzeren?' });
    await user.click(within(dialog).getByRole('button', { name: 'Pauzeren' }));
    await waitFor(() => expect(toggle).toBeChecked());
    const [put] = server.callsTo('PUT', '/rest/tradingstatus');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({ pauzeActive: true });
    expect(screen.getByTestId('trading-status')).toHaveTextContent(
      'Klikken is gepauzeerd voor alle klanten.',
    );

    await user.click(toggle);
    dialog = await screen.findByRole('dialog', { name: 'Klikken hervatten?' });
    await user.click(within(dialog).getByRole('button', { name: 'Hervatten' }));
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(JSON.parse(server.callsTo('PUT', '/rest/tradingstatus')[1]?.body ?? '{}')).toEqual({
      pauzeActive: false,
    });
  });

  it('says so when the server refuses the pause', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { server, user } = await openMonitor();
    server.on('PUT', '/rest/tradingstatus', () => ({
      status: 403,
      body: { code: 'FORBIDDEN', message: 'Forbidden' },
    }));
    await user.click(await screen.findByRole('switch', { name: 'Klikken pauzeren' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Pauzeren' }));
    expect(await screen.findByTestId('pause-failed')).toHaveTextContent(
      'De handelsstatus kon niet worden gewijzigd',
    );
    expect(screen.getByRole('switch', { name: 'Klikken pauzeren' })).not.toBeChecked();
    expect(warn).toHaveBeenCalled();
  });

  it('lists the active sessions and lets an admin end one after confirmation', async () => {
    const { server, user } = await openMonitor('admin');
    const table = await screen.findByTestId('active-sessions');
    expect(within(table).getByTestId('session-7')).toHaveTextContent('Piet Jansen');
    const viewer = within(table).getByTestId('session-8');
    expect(viewer).toHaveTextContent('via beheer');
    expect(viewer).toHaveTextContent('alleen lezen');
    expect(viewer).toHaveTextContent('onbekend');

    await user.click(screen.getByRole('button', { name: 'Beëindig de sessie van Piet Jansen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deze sessie beëindigen?' });
    expect(dialog).toHaveTextContent('Piet Jansen (jansen) wordt direct uitgelogd');
    await user.click(within(dialog).getByRole('button', { name: 'Sessie beëindigen' }));
    await waitFor(() => expect(screen.queryByTestId('session-7')).not.toBeInTheDocument());
    expect(server.callsTo('DELETE', '/rest/sessions/7')).toHaveLength(1);
  });

  it('is not open to an account manager: every session and the pause reach beyond a portfolio', async () => {
    startSession(aUserSession({ role: 'accountmanager', allowedCustomers: [] }));
    const app = renderApp(monitorServer(), '/monitordashboard');
    await waitFor(() => expect(app.location()).toBe('/admindashboard'));
    expect(screen.queryByTestId('screen-monitordashboard')).not.toBeInTheDocument();
  });

  it('shows loading and error states with a retry', async () => {
    startSession(aUserSession({ role: 'admin', allowedCustomers: [] }));
    const server = createFakeServer({});
    server.on('GET', '/rest/sessions', () => ({
      status: 500,
      body: { code: 'INTERNAL', message: 'boom' },
    }));
    renderApp(server, '/monitordashboard');
    expect(await screen.findByText('De sessies konden niet worden geladen.')).toBeInTheDocument();
    server.on('GET', '/rest/sessions', () => ({ status: 200, body: [] }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText('Er zijn geen actieve sessies.')).toBeInTheDocument();
  });
});
