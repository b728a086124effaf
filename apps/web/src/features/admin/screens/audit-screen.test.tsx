import { waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_PATHS, type UserSession } from '@klik/api';
import { expectNoAxeViolations } from '../../../test/axe';
import { aUserSession } from '../../../test/builders';
import { createFakeServer } from '../../../test/fake-server';
import { screen } from '../../../test/render-app';
import { anAuditEvent, anAuditPage } from '../../../test/admin-area-builders';
import { aCustomerPage, aCustomerSummary, anAdminSession, openWatched } from '../test-builders';

vi.setConfig({ testTimeout: 20_000 });

type Answer = { status: number; body?: unknown };

/** Answers every download with a file of this name; keeps the requests and what was saved. */
function stubDownloads(filename: string) {
  const downloads: { url: string; headers: Headers }[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    downloads.push({ url: input, headers: new Headers(init?.headers) });
    return new Response('file', {
      status: 200,
      headers: { 'content-disposition': `attachment; filename="${filename}"` },
    });
  });
  URL.createObjectURL = () => 'blob:klik-download';
  URL.revokeObjectURL = () => {};
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  return { downloads, saved };
}

function open(path: string, answer: () => Answer, session: UserSession = anAdminSession()) {
  const fake = createFakeServer({});
  fake.on('GET', ADMIN_PATHS.audit, answer);
  fake.on('GET', ADMIN_PATHS.customers, () => ({
    status: 200,
    body: aCustomerPage([aCustomerSummary({ id: 11, name: 'Bakkerij Jansen' })]),
  }));
  const { app, callsTo, user } = openWatched(fake, path, session);
  return { app, calls: callsTo, user };
}

describe('audit', () => {
  it('lists the events newest first; a row opens to show before and after, the changes marked', async () => {
    const { user, calls } = open('/audit', () => ({
      status: 200,
      body: anAuditPage([
        anAuditEvent(),
        anAuditEvent({
          id: '900',
          action: 'login',
          outcome: 'refused',
          actor: 'jansen',
          subject: null,
          details: { reason: 'wrong password' },
        }),
      ]),
    }));
    const table = await screen.findByTestId('audit-table');
    expect(calls(ADMIN_PATHS.audit).at(-1)).toBe(ADMIN_PATHS.audit);
    expect(table.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(screen.getByTestId('audit-count')).toHaveTextContent('1–2 van 2 gebeurtenissen');
    expect(within(screen.getByTestId('audit-row-900')).getByText('Geweigerd')).toBeVisible();

    const toggle = within(screen.getByTestId('audit-row-901')).getByRole('button', {
      name: /^Details user\.update/,
    });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = screen.getByTestId('audit-details-901');
    expect(within(details).getByTestId('audit-change-name')).toHaveTextContent(
      'name (gewijzigd)Piet JansenPiet Jansen-de Vries',
    );
    expect(within(details).getByTestId('audit-change-mobile')).toHaveAttribute(
      'data-changed',
      'false',
    );
    await user.click(within(screen.getByTestId('audit-row-900')).getByRole('button'));
    expect(
      within(screen.getByTestId('audit-details-900')).getByTestId('audit-fact-reason'),
    ).toHaveTextContent('wrong password');
    await expectNoAxeViolations();
    await user.click(toggle);
    expect(screen.queryByTestId('audit-details-901')).not.toBeInTheDocument();
  });

  it('filters and pages through the server and the address bar; the export carries the same filters', async () => {
    const events = Array.from({ length: 20 }, (_, index) =>
      anAuditEvent({ id: String(1000 - index) }),
    );
    const { user, app, calls } = open('/audit', () => ({
      status: 200,
      body: anAuditPage(events, { total: 45 }),
    }));
    await screen.findByTestId('audit-table');

    await user.selectOptions(screen.getByTestId('filter-outcome'), 'refused');
    await waitFor(() => expect(app.location()).toBe('/audit?outcome=refused'));
    await user.type(screen.getByTestId('filter-actor'), 'jan');
    await waitFor(() => expect(app.location()).toBe('/audit?outcome=refused&actor=jan'));
    await user.type(screen.getByTestId('filter-from'), '2026-11-01');
    await waitFor(() => expect(app.location()).toContain('from=2026-11-01'));

    await user.type(screen.getByRole('combobox', { name: 'Klant' }), 'bak');
    await screen.findByRole('option', { name: /Bakkerij Jansen/ });
    expect(calls(ADMIN_PATHS.customers)).toContain(
      `${ADMIN_PATHS.customers}?q=bak&sort=name&size=10`,
    );
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(app.location()).toContain('customerId=11'));
    expect(await screen.findByTestId('audit-filter-customer')).toHaveTextContent('Bakkerij Jansen');

    await user.click(screen.getByRole('button', { name: 'Pagina 3' }));
    await waitFor(() => expect(app.location()).toContain('page=2'));
    const query = 'actor=jan&customerId=11&outcome=refused&from=2026-11-01';
    await waitFor(() =>
      expect(calls(ADMIN_PATHS.audit).at(-1)).toBe(`${ADMIN_PATHS.audit}?${query}&page=2`),
    );
    // The export takes every filter, but not the page.
    expect(screen.getByTestId('audit-export')).toHaveAttribute(
      'href',
      `${ADMIN_PATHS.auditExport}?${query}`,
    );

    await user.click(screen.getByTestId('audit-filter-customer-clear'));
    await waitFor(() => expect(app.location()).not.toContain('customerId'));
    await user.click(screen.getByTestId('filter-reset'));
    await waitFor(() => expect(app.location()).toBe('/audit'));
  });

  it('reads a bookmarked view, ignoring only a field the server would refuse', async () => {
    const { calls } = open('/audit?outcome=maybe&action=user.update&from=2026-13-01', () => ({
      status: 200,
      body: anAuditPage([]),
    }));
    expect(await screen.findByTestId('audit-empty')).toHaveTextContent(
      'Geen gebeurtenissen gevonden met deze filters',
    );
    expect(calls(ADMIN_PATHS.audit).at(-1)).toBe(`${ADMIN_PATHS.audit}?action=user.update`);
    expect(screen.getByTestId('filter-action')).toHaveValue('user.update');
  });

  it('downloads the export with the session, named as the server says', async () => {
    const { downloads, saved } = stubDownloads('klik-audit-2026-11-20.csv');
    const { user } = open('/audit?outcome=failure', () => ({
      status: 200,
      body: anAuditPage([anAuditEvent()]),
    }));
    await screen.findByTestId('audit-table');
    await user.click(screen.getByTestId('audit-export'));
    await waitFor(() => expect(saved).toEqual(['klik-audit-2026-11-20.csv']));
    expect(downloads.map((download) => download.url)).toEqual([
      `${ADMIN_PATHS.auditExport}?outcome=failure`,
    ]);
    expect(downloads[0]?.headers.get('authorization')).toBe('Bearer token-of-admin');
    vi.unstubAllGlobals();
  });

  it('offers the click statement of the customer filtered on, for a period', async () => {
    const { downloads, saved } = stubDownloads('klikoverzicht-11-2026-10-01-2026-10-31.pdf');
    const { user } = open('/audit?customerId=11', () => ({
      status: 200,
      body: anAuditPage([anAuditEvent()]),
    }));
    await screen.findByTestId('audit-table');
    const panel = screen.getByTestId('click-statement');
    const from = within(panel).getByLabelText('Klikoverzicht van');
    const to = within(panel).getByLabelText('Klikoverzicht tot en met');
    await user.clear(to);
    await user.type(to, '2026-09-30');
    await user.clear(from);
    await user.type(from, '2026-10-01');
    expect(within(panel).getByText('De einddatum ligt voor de begindatum.')).toBeVisible();
    expect(within(panel).getByTestId('statement-pdf')).toBeDisabled();
    await user.clear(to);
    await user.type(to, '2026-10-31');
    await user.click(within(panel).getByTestId('statement-pdf'));
    await waitFor(() => expect(saved).toEqual(['klikoverzicht-11-2026-10-01-2026-10-31.pdf']));
    expect(downloads.map((download) => download.url)).toEqual([
      '/rest/clicks/11/statement?from=2026-10-01&to=2026-10-31&format=pdf&locale=nl',
    ]);
    await expectNoAxeViolations();
    vi.unstubAllGlobals();
  });

  it('says when there are no events yet, and when the log cannot be loaded', async () => {
    let fail = true;
    const { user } = open(
      '/audit',
      () =>
        fail
          ? { status: 500, body: { code: 'INTERNAL', message: 'boom' } }
          : { status: 200, body: anAuditPage([]) },
      aUserSession({ role: 'accountmanager' }),
    );
    const alert = await screen.findByTestId('audit-error');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByTestId('audit-empty')).toHaveTextContent(
      'Er zijn nog geen gebeurtenissen die u mag zien.',
    );
  });

  it('is not open to customer users', async () => {
    const { app } = open('/audit', () => ({ status: 200, body: anAuditPage([]) }), aUserSession());
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
  });

  it('lets an admin check the integrity on request: where a chain breaks and why', async () => {
    const fake = createFakeServer({});
    fake.on('GET', ADMIN_PATHS.audit, () => ({ status: 200, body: anAuditPage([]) }));
    const head = 'ab'.repeat(32);
    fake.on('GET', ADMIN_PATHS.auditIntegrity, () => ({
      status: 200,
      body: {
        checkedAt: '2026-11-23T10:00:00.000Z',
        intact: false,
        streams: [
          {
            chain: 'audit_log',
            stream: 'customer:12',
            entries: 3,
            intactUpTo: { id: '40', seq: '1', at: '2026-11-20T09:00:00.000Z' },
            break: {
              id: '41',
              seq: '2',
              at: '2026-11-20T09:05:00.000Z',
              reason: 'CONTENT_CHANGED',
            },
            headHash: head,
          },
          {
            chain: 'click_ledger',
            stream: 'customer:12',
            entries: 2,
            intactUpTo: { id: '7', seq: '2', at: '2026-11-20T09:05:00.000Z' },
            break: null,
            headHash: head,
          },
        ],
      },
    }));
    const { user, callsTo } = openWatched(fake, '/audit', anAdminSession());
    await screen.findByTestId('audit-empty');
    // It reads every entry: only when asked.
    expect(callsTo(ADMIN_PATHS.auditIntegrity)).toHaveLength(0);
    await user.click(screen.getByTestId('integrity-check'));
    expect(await screen.findByTestId('integrity-summary')).toHaveTextContent(
      /^1 van 2 ketens zijn verbroken\. Gecontroleerd op /,
    );
    const broken = screen.getByTestId('integrity-audit_log-customer:12');
    expect(broken).toHaveTextContent('Audit log');
    expect(broken).toHaveTextContent('Klant 12');
    expect(broken).toHaveTextContent('Verbroken');
    expect(broken).toHaveTextContent(/regel 41 \(nr\. 2, .*\)de inhoud is gewijzigd/);
    expect(broken).toHaveTextContent(/regel 40 \(nr\. 1, /);
    expect(screen.queryByTestId('integrity-click_ledger-customer:12')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Ook de intacte ketens tonen/ }));
    expect(screen.getByTestId('integrity-click_ledger-customer:12')).toHaveTextContent(head);
    await expectNoAxeViolations();
  });

  it('offers account managers no integrity check', async () => {
    open(
      '/audit',
      () => ({ status: 200, body: anAuditPage([]) }),
      aUserSession({ role: 'accountmanager' }),
    );
    await screen.findByTestId('audit-empty');
    expect(screen.queryByTestId('audit-integrity')).not.toBeInTheDocument();
  });
});
