import { waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type MailJob, type MailOutboxPage, type UserSession, MAIL_PATHS } from '@klik/api';
import { expectNoAxeViolations } from '../../../test/axe';
import { aUserSession } from '../../../test/builders';
import { createFakeServer } from '../../../test/fake-server';
import { screen } from '../../../test/render-app';
import { anAdminSession, openWatched } from '../test-builders';

vi.setConfig({ testTimeout: 20_000 });

type Answer = { status: number; body?: unknown };

function aMailJob(overrides: Partial<MailJob> = {}): MailJob {
  return {
    id: 31,
    notificationId: 501,
    kind: 'CLICK_COMPLETED',
    username: 'jansen',
    recipient: 'jansen@bakkerij.example',
    locale: 'nl',
    status: 'sent',
    attempts: 1,
    nextAttemptAt: null,
    lastError: null,
    createdAt: '2026-11-20T09:15:00Z',
    finishedAt: '2026-11-20T09:15:05Z',
    subject: 'Klik: Klik 41 is afgerond',
    text: null,
    ...overrides,
  };
}

function aPage(jobs: MailJob[], overrides: Partial<MailOutboxPage> = {}): MailOutboxPage {
  return { data: jobs, page: 0, size: 20, total: jobs.length, ...overrides };
}

function open(path: string, answer: () => Answer, session: UserSession = anAdminSession()) {
  const fake = createFakeServer({});
  fake.on('GET', MAIL_PATHS.outbox, answer);
  const { app, callsTo, user } = openWatched(fake, path, session);
  return { app, calls: () => callsTo(MAIL_PATHS.outbox), user };
}

describe('mailoutbox', () => {
  it('lists the e-mails with recipient, kind, state, attempts, next attempt and last error', async () => {
    const { calls } = open('/mailoutbox', () => ({
      status: 200,
      body: aPage([
        aMailJob({
          id: 33,
          kind: 'CLICK_REJECTED',
          username: 'devries',
          recipient: 'devries@groenekas.example',
          status: 'pending',
          attempts: 2,
          nextAttemptAt: '2026-11-20T09:19:00Z',
          lastError: 'connect ECONNREFUSED 127.0.0.1:25',
          finishedAt: null,
          subject: null,
        }),
        aMailJob({ id: 32, status: 'failed', attempts: 5, lastError: '550 mailbox unavailable' }),
        aMailJob({ id: 31, recipient: null, username: 'pieters', status: 'outbox' }),
      ]),
    }));
    const table = await screen.findByTestId('mail-outbox-table');
    expect(calls().at(-1)).toBe(MAIL_PATHS.outbox);
    expect(table.querySelectorAll('tbody tr')).toHaveLength(3);
    expect(screen.getByTestId('mail-outbox-count')).toHaveTextContent('1–3 van 3 e-mails');

    const cells = (id: number) =>
      [...screen.getByTestId(`mail-job-${id}`).querySelectorAll('td')].map(
        (cell) => cell.textContent,
      );
    expect(cells(33)).toEqual([
      '20-11-2026, 10:15',
      'devries@groenekas.exampledevries',
      'Een klik is afgewezen',
      'Wacht',
      '2',
      '20-11-2026, 10:19',
      'connect ECONNREFUSED 127.0.0.1:25',
    ]);
    expect(cells(32).slice(3)).toEqual(['Mislukt', '5', '—', '550 mailbox unavailable']);
    // Before its first attempt a job has no address: the user it is for.
    expect(cells(31)[1]).toBe('pieters');
    expect(cells(31)[3]).toBe('Niet verzonden (ontwikkel-outbox)');
    await expectNoAxeViolations();
  });

  it('filters by state and pages through the server and the address bar', async () => {
    const jobs = Array.from({ length: 20 }, (_, index) => aMailJob({ id: 100 - index }));
    const { user, app, calls } = open('/mailoutbox', () => ({
      status: 200,
      body: aPage(jobs, { total: 45 }),
    }));
    await screen.findByTestId('mail-outbox-table');

    await user.selectOptions(screen.getByTestId('filter-status'), 'failed');
    await waitFor(() => expect(app.location()).toBe('/mailoutbox?status=failed'));
    await waitFor(() => expect(calls().at(-1)).toBe(`${MAIL_PATHS.outbox}?status=failed`));

    await user.click(screen.getByRole('button', { name: 'Pagina 3' }));
    await waitFor(() => expect(app.location()).toBe('/mailoutbox?status=failed&page=2'));
    await waitFor(() => expect(calls().at(-1)).toBe(`${MAIL_PATHS.outbox}?status=failed&page=2`));

    // A new state starts at the first page.
    await user.selectOptions(screen.getByTestId('filter-status'), '');
    await waitFor(() => expect(app.location()).toBe('/mailoutbox'));
  });

  it('reads a bookmarked view, ignoring a state the server would refuse', async () => {
    const { calls } = open('/mailoutbox?status=delivered&page=1', () => ({
      status: 200,
      body: aPage([], { page: 1 }),
    }));
    await screen.findByTestId('mail-outbox-empty');
    expect(calls().at(-1)).toBe(`${MAIL_PATHS.outbox}?page=1`);
    expect(screen.getByTestId('filter-status')).toHaveValue('');
  });

  it('says when nothing has this state, when there are none yet, and when the list cannot be loaded', async () => {
    let answer: Answer = { status: 500, body: { code: 'INTERNAL', message: 'boom' } };
    const { user, app } = open('/mailoutbox?status=failed', () => answer);
    const alert = await screen.findByTestId('mail-outbox-error');
    expect(alert).toHaveTextContent('De e-mails konden niet worden geladen.');
    answer = { status: 200, body: aPage([]) };
    await user.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    await waitFor(() =>
      expect(screen.getByTestId('mail-outbox-empty')).toHaveTextContent(
        'Geen e-mails met deze status.',
      ),
    );
    await user.click(within(screen.getByTestId('mail-outbox-empty')).getByRole('button'));
    await waitFor(() => expect(app.location()).toBe('/mailoutbox'));
    await waitFor(() =>
      expect(screen.getByTestId('mail-outbox-empty')).toHaveTextContent(
        'Er zijn nog geen notificatie-e-mails.',
      ),
    );
  });

  // Who finds it in the menu: app/layout/navigation.test.ts.
  it('is for administrators only: refused to an account manager', async () => {
    const { app, calls } = open(
      '/mailoutbox',
      () => ({ status: 200, body: aPage([]) }),
      aUserSession({ role: 'accountmanager' }),
    );
    await waitFor(() => expect(app.location()).toBe('/admindashboard'));
    expect(calls()).toEqual([]);
  });
});
