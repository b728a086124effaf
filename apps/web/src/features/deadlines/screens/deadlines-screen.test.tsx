import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Deadline, DeadlineCalendar, DeadlinePage, UserSession } from '@klik/api';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeServer, type FakeServer } from '../../../test/fake-server';
import { screen, spaced, openAs } from '../../../test/render-app';

function aDeadline(overrides: Partial<Deadline> = {}): Deadline {
  return {
    customerId: 11,
    customerName: 'Bakkerij Jansen',
    contractId: 'KL-11',
    commodity: 'Gas',
    product: 'Gas TTF',
    yearOfSupply: 2026,
    maturity: 'M12',
    lastTradingDay: '2026-11-30',
    closesAt: '2026-11-30T15:00:00.000Z',
    tradingDaysLeft: 2,
    calendarDaysLeft: 3,
    parts: [{ name: 'Gas', openVolume: '1234.5' }],
    openVolume: '1234.5',
    mayClick: true,
    ...overrides,
  };
}

function aPage(data: Deadline[], overrides: Partial<DeadlinePage> = {}): DeadlinePage {
  return { data, page: 0, size: 25, total: data.length, reminderTradingDays: 5, ...overrides };
}

const POWER_Q1 = aDeadline({
  contractId: 'KL-12',
  commodity: 'Power',
  yearOfSupply: 2027,
  maturity: 'Q1',
  lastTradingDay: '2026-12-31',
  closesAt: '2026-12-31T15:00:00.000Z',
  tradingDaysLeft: 29,
  calendarDaysLeft: 34,
  parts: [
    { name: 'Peak', openVolume: '150' },
    { name: 'OffPeak', openVolume: '150' },
  ],
  openVolume: '300',
  mayClick: false,
});

function withCalendar(
  server: FakeServer,
  initial: DeadlineCalendar = { active: false, createdAt: null },
) {
  let state = initial;
  server.on('GET', '/rest/deadlines/calendar', () => ({ status: 200, body: state }));
  server.on('POST', '/rest/deadlines/calendar', () => {
    state = { active: true, createdAt: '2026-11-20T10:00:00.000Z' };
    return {
      status: 201,
      body: {
        url: 'https://klik.example/rest/deadlines/calendar/abc.ics',
        path: '/rest/deadlines/calendar/abc.ics',
        createdAt: '2026-11-20T10:00:00.000Z',
      },
    };
  });
  server.on('DELETE', '/rest/deadlines/calendar', () => {
    state = { active: false, createdAt: null };
    return { status: 204 };
  });
}

function open(server: FakeServer, session: Partial<UserSession> = {}) {
  return openAs(server, '/deadlines', session);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

vi.setConfig({ testTimeout: 20_000 });

describe('deadline overview', () => {
  it("lists the selected customer's deadlines soonest first, the near one emphasised, axe-clean", async () => {
    const server = createFakeServer({});
    server.on('GET', '/rest/deadlines/customer/11', () => ({
      status: 200,
      body: aPage([aDeadline(), POWER_Q1]),
    }));
    withCalendar(server);
    open(server);
    const table = await screen.findByTestId('deadline-table');
    const rows = table.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(2);
    const december = within(rows[0] as HTMLElement);
    expect(december.getByText('Gas 2026 december')).toBeVisible();
    expect(spaced(rows[0]?.textContent ?? '')).toContain('30-11-2026, tot 16:00');
    expect(december.getByTestId('days-left')).toHaveTextContent('nog 2 handelsdagen');
    expect(december.getByTestId('days-left').className).toMatch(/Badge/);
    expect(spaced(rows[0]?.textContent ?? '')).toContain('Gas: 1.234,5 MWh');
    expect(december.getByTestId('deadline-click')).toHaveAttribute(
      'href',
      '/startpurchase/KL-11/2026/M12',
    );
    const quarter = within(rows[1] as HTMLElement);
    expect(quarter.getByText('Stroom 2027 Kwartaal 1')).toBeVisible();
    expect(quarter.getByTestId('days-left').className).not.toMatch(/Badge/);
    expect(quarter.queryByTestId('deadline-click')).toBeNull();
    expect(screen.getByTestId('deadlines-reminders')).toHaveTextContent(
      'U krijgt een melding 5 handelsdagen voor elke deadline',
    );
    expect(screen.queryByText('Klant', { selector: 'th' })).toBeNull();
    await screen.findByTestId('calendar-none');
    await expectNoAxeViolations();
  });

  it('says what to do when nothing is left, and offers a retry when loading fails', async () => {
    const server = createFakeServer({});
    let fail = true;
    server.on('GET', '/rest/deadlines/customer/11', () =>
      fail
        ? { status: 500, body: { code: 'INTERNAL', message: 'x' } }
        : { status: 200, body: aPage([]) },
    );
    withCalendar(server);
    const { user } = open(server);
    const error = await screen.findByTestId('deadlines-error');
    fail = false;
    await user.click(within(error).getByRole('button'));
    expect(await screen.findByTestId('deadlines-empty')).toHaveTextContent(
      'Er zijn geen posities meer om te klikken',
    );
  });

  it("shows a TPI consultant every customer's deadlines, filtered on the server", async () => {
    const server = createFakeServer({});
    const queries: string[] = [];
    const fetch = server.fetch;
    server.fetch = ((input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/rest/deadlines') queries.push(url.search);
      return fetch(input, init);
    }) as typeof globalThis.fetch;
    server.on('GET', '/rest/deadlines', () => ({
      status: 200,
      body: aPage([aDeadline(), { ...POWER_Q1, customerId: 12, customerName: 'Jansen Logistiek' }]),
    }));
    withCalendar(server);
    const { user } = open(server, { role: 'consultant', allowTPIPage: true });
    const table = await screen.findByTestId('deadline-table');
    expect(within(table).getByText('Jansen Logistiek')).toBeVisible();
    await user.selectOptions(screen.getByTestId('filter-customer'), '12');
    await user.selectOptions(screen.getByTestId('filter-within'), '10');
    await waitFor(() => expect(queries.at(-1)).toBe('?page=0&size=25&withinDays=10&customerId=12'));
    await expectNoAxeViolations();
  });

  it('makes the calendar feed, shows its URL once, and revokes it after a confirmation', async () => {
    const server = createFakeServer({});
    server.on('GET', '/rest/deadlines/customer/11', () => ({
      status: 200,
      body: aPage([aDeadline()]),
    }));
    withCalendar(server);
    const { user } = open(server);
    await user.click(await screen.findByTestId('calendar-create'));
    const url = await screen.findByTestId('calendar-url');
    expect(url).toHaveValue(`${window.location.origin}/rest/deadlines/calendar/abc.ics`);
    expect(screen.getByTestId('calendar-active')).toHaveTextContent('actief sinds');
    await expectNoAxeViolations();
    await user.click(screen.getByTestId('calendar-revoke'));
    await user.click(await screen.findByTestId('calendar-confirm'));
    expect(await screen.findByTestId('calendar-none')).toBeVisible();
    expect(server.callsTo('DELETE', '/rest/deadlines/calendar')).toHaveLength(1);
  });
});
