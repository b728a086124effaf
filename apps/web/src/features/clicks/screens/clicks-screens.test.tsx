import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClickDetail, Results } from '@klik/api';
import { aClickDetail } from '../../../test/click-builders';
import { createFakeServer, watched } from '../../../test/fake-server';
import { aSummary } from '../../../test/position-builders';
import { screen, spaced, openAs } from '../../../test/render-app';

function aClick(overrides: Partial<ClickDetail> = {}): ClickDetail {
  return aClickDetail({
    status: 'COMPLETED',
    inProgress: false,
    completedAt: '2026-11-20T10:15:10.000Z',
    ...overrides,
  });
}

function overviewServer(clicks: ClickDetail[]) {
  const server = createFakeServer({});
  server.on('GET', '/rest/clicks/11', () => ({ status: 200, body: { data: clicks } }));
  server.on('GET', '/rest/contractSummary/11', () => ({
    status: 200,
    body: [aSummary({ contractId: 'KL-270001' }), aSummary({ contractId: 'KL-270002' })],
  }));
  return watched(server);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// Whole-portal renders with Mantine tables are slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

describe('click overview', () => {
  it('lists every click with its state, and filters through the server and the address bar', async () => {
    const { server, urls } = overviewServer([
      aClick(),
      aClick({ id: 502, status: 'IN_PROGRESS', inProgress: true, maturity: 'M4' }),
    ]);
    const { app, user } = openAs(server, '/clickoverview');
    const table = await screen.findByTestId('click-table');
    expect(table.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(screen.getByTestId('status-501')).toHaveTextContent('Uitgevoerd');
    expect(screen.getByTestId('status-502')).toHaveTextContent('In behandeling');
    expect(within(screen.getByTestId('click-row-501')).getByText('Gas: 225 MWh')).toBeVisible();
    expect(within(screen.getByTestId('click-row-501')).getByText('€ 19.522,69')).toBeVisible();

    await user.selectOptions(screen.getByTestId('filter-status'), 'PENDING_APPROVAL');
    await waitFor(() => expect(app.location()).toBe('/clickoverview?status=PENDING_APPROVAL'));
    await user.selectOptions(screen.getByTestId('filter-contractId'), 'KL-270002');
    await waitFor(() => expect(app.location()).toContain('contractId=KL-270002'));
    await user.selectOptions(screen.getByTestId('filter-maturity'), 'Q1');
    await waitFor(() =>
      expect(urls.at(-1)).toBe(
        '/rest/clicks/11?contractId=KL-270002&maturity=Q1&status=PENDING_APPROVAL',
      ),
    );
    expect(app.location()).toBe(
      '/clickoverview?status=PENDING_APPROVAL&contractId=KL-270002&maturity=Q1',
    );

    await user.click(screen.getByTestId('filter-reset'));
    await waitFor(() => expect(app.location()).toBe('/clickoverview'));
  });

  it('reads its filters from the address, ignoring a value that is not valid', async () => {
    const { server, urls } = overviewServer([]);
    openAs(server, '/clickoverview?year=2027&from=2026-11-01&to=2026-11-30&status=LOST');
    expect(await screen.findByTestId('clicks-empty')).toBeVisible();
    expect(urls).toContain('/rest/clicks/11?year=2027&from=2026-11-01&to=2026-11-30');
    expect(screen.getByTestId('filter-from')).toHaveValue('2026-11-01');
  });

  it('exports CSV and XLSX with the same filters and names the file as the server says', async () => {
    const { server } = overviewServer([aClick()]);
    const downloads: { url: string; headers: Headers }[] = [];
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      downloads.push({ url: input, headers: new Headers(init?.headers) });
      const format = input.includes('format=xlsx') ? 'xlsx' : 'csv';
      return new Response('clickId,contractId\r\n501,KL-270001\r\n', {
        status: 200,
        headers: {
          'content-disposition': `attachment; filename="klik-clicks-11-2026-11-20.${format}"`,
        },
      });
    });
    const created: string[] = [];
    URL.createObjectURL = () => 'blob:klik-export';
    URL.revokeObjectURL = () => {};
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      created.push(`${this.download} ${this.href}`);
    });
    const { user } = openAs(server, '/clickoverview?status=COMPLETED&year=2027');
    await screen.findByTestId('click-table');
    await user.click(screen.getByTestId('export-csv'));
    await waitFor(() => expect(created).toHaveLength(1));
    await user.click(screen.getByTestId('export-xlsx'));
    await waitFor(() => expect(created).toHaveLength(2));
    expect(downloads.map((download) => download.url)).toEqual([
      '/rest/clicks/11/export?year=2027&status=COMPLETED&format=csv',
      '/rest/clicks/11/export?year=2027&status=COMPLETED&format=xlsx',
    ]);
    expect(downloads[0]?.headers.get('authorization')).toBe('Bearer token-of-customer');
    expect(created).toEqual([
      'klik-clicks-11-2026-11-20.csv blob:klik-export',
      'klik-clicks-11-2026-11-20.xlsx blob:klik-export',
    ]);
    click.mockRestore();
  });

  it("gives the customer the auditor's statement of a period, this month by default", async () => {
    const { server } = overviewServer([aClick()]);
    const downloads: string[] = [];
    vi.stubGlobal('fetch', async (input: string) => {
      downloads.push(input);
      return new Response('%PDF-1.7', {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="klikoverzicht.pdf"' },
      });
    });
    URL.createObjectURL = () => 'blob:klik-statement';
    URL.revokeObjectURL = () => {};
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = openAs(server, '/clickoverview');
    await screen.findByTestId('click-table');
    const panel = screen.getByTestId('click-statement');
    // The portal's clock (the fake server's), not the machine's.
    expect(within(panel).getByLabelText('Klikoverzicht van')).toHaveValue('2026-11-01');
    await user.click(within(panel).getByTestId('statement-csv'));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]).toMatch(
      /^\/rest\/clicks\/11\/statement\?from=2026-11-01&to=2026-11-\d\d&format=csv&locale=nl$/,
    );
    click.mockRestore();
  });

  it('says who made a click for the customer user while signed in as them', async () => {
    const { server } = overviewServer([
      aClick({ createdBy: 'Marieke Hoekstra', createdByImpersonator: 'Joost Mulder' }),
      aClick({ id: 502, createdBy: null }),
    ]);
    openAs(server, '/clickoverview');
    expect(await screen.findByTestId('created-by-501')).toHaveTextContent(
      'Joost Mulder namens Marieke Hoekstra',
    );
    expect(screen.getByTestId('created-by-502')).toHaveTextContent('Automatisch');
  });

  it('lets a second user approve a click awaiting approval, after confirming', async () => {
    const { server } = overviewServer([
      aClick({
        status: 'PENDING_APPROVAL',
        inProgress: true,
        createdBy: 'Eva Jansen',
        mayDecide: true,
      }),
    ]);
    server.on('POST', '/rest/clicks/501/approve', () => ({
      status: 200,
      body: aClick({ status: 'IN_PROGRESS', inProgress: true }),
    }));
    const { user } = openAs(server, '/clickoverview');
    expect(await screen.findByTestId('awaiting-approval')).toHaveTextContent(
      '1 klik wacht op uw goedkeuring.',
    );
    await user.click(
      screen.getByRole('button', { name: 'Goedkeuren: klik op Q1 2027 van contract KL-270001' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Deze klik goedkeuren?' });
    expect(server.callsTo('POST', '/rest/clicks/501/approve')).toHaveLength(0);
    await user.click(within(dialog).getByTestId('decision-confirm'));
    await waitFor(() => expect(server.callsTo('POST', '/rest/clicks/501/approve')).toHaveLength(1));
  });

  it('shows a refused decision with its message', async () => {
    const { server } = overviewServer([
      aClick({
        status: 'PENDING_APPROVAL',
        inProgress: true,
        createdBy: 'Eva Jansen',
        mayDecide: true,
      }),
    ]);
    server.on('POST', '/rest/clicks/501/reject', () => ({
      status: 409,
      body: { code: 'CLICK_NOT_PENDING', message: 'x' },
    }));
    const { user } = openAs(server, '/clickoverview');
    await user.click(await screen.findByTestId('reject-501'));
    await user.click(await screen.findByTestId('decision-confirm'));
    expect(await screen.findByTestId('decide-failed-501')).toHaveTextContent(
      'Deze transactie wacht niet (meer) op goedkeuring.',
    );
  });

  it('shows the creator that the click awaits approval, and the rejection message', async () => {
    const { server } = overviewServer([
      aClick({ status: 'PENDING_APPROVAL', inProgress: true }),
      aClick({ id: 503, status: 'REJECTED', decidedBy: 'Eva Jansen' }),
    ]);
    openAs(server, '/clickoverview');
    const pending = await screen.findByTestId('click-row-501');
    expect(
      within(pending).getByText('Wacht op goedkeuring door een tweede gebruiker.'),
    ).toBeVisible();
    expect(screen.queryByTestId('approve-501')).toBeNull();
    expect(screen.getByTestId('rejected-503')).toHaveTextContent(
      'Deze transactie is afgewezen. Neem contact met ons op als u vragen heeft.',
    );
  });

  it('offers approval only where the server says the reader may decide', async () => {
    const { server } = overviewServer([
      aClick({ status: 'PENDING_APPROVAL', inProgress: true, createdBy: 'Eva Jansen' }),
    ]);
    openAs(server, '/clickoverview', { readOnly: true });
    await screen.findByTestId('click-table');
    expect(screen.queryByTestId('approve-501')).toBeNull();
    expect(screen.queryByTestId('awaiting-approval')).toBeNull();
  });

  it('says so when the clicks cannot be loaded', async () => {
    const server = createFakeServer({});
    server.on('GET', '/rest/clicks/11', () => ({
      status: 500,
      body: { code: 'INTERNAL', message: 'x' },
    }));
    openAs(server, '/clickoverview');
    expect(await screen.findByTestId('clicks-error')).toBeVisible();
  });
});

describe('click counter', () => {
  it('shows clicks used and left per contract and year that limits them', async () => {
    const server = createFakeServer({});
    server.on('GET', '/rest/clickcounter/11', () => ({
      status: 200,
      body: {
        data: [
          {
            contractId: 'KL-270001',
            product: 'Gas TTF',
            yearOfSupply: 2027,
            maxClicks: 6,
            used: 2,
            left: 4,
          },
          {
            contractId: 'KL-270001',
            product: 'Gas TTF',
            yearOfSupply: 2028,
            maxClicks: 6,
            used: 6,
            left: 0,
          },
        ],
      },
    }));
    openAs(server, '/clickcounter');
    const row = await screen.findByTestId('counter-KL-270001-2027');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2027', '6', '2', '4']);
    expect(screen.getByTestId('counter-KL-270001-2028')).toHaveTextContent('Geen klikken meer');
  });

  it('says when no contract limits the clicks', async () => {
    const server = createFakeServer({});
    server.on('GET', '/rest/clickcounter/11', () => ({ status: 200, body: { data: [] } }));
    openAs(server, '/clickcounter');
    expect(await screen.findByTestId('counter-empty')).toHaveTextContent(
      'De contracten van deze klant beperken het aantal klikken niet.',
    );
  });
});

describe('results', () => {
  const results: Results['data'] = [
    {
      contractId: 'KL-270001',
      commodity: 'Gas',
      product: 'Gas TTF',
      yearOfSupply: 2027,
      fixedPercentage: '33.33333333333333333333333333333333333333',
      parts: [
        {
          name: 'Gas',
          totalVolume: '1200',
          fixedVolume: '400',
          fixedPercentage: '33.33333333333333333333333333333333333333',
          weightedAvgClickPrice: '65',
          fixes: [
            {
              clickId: 7,
              at: '2026-10-01T09:00:00.000Z',
              maturity: 'Y',
              volume: '100',
              price: '80',
            },
            {
              clickId: 8,
              at: '2026-11-02T09:00:00.000Z',
              maturity: 'Q1',
              volume: '300',
              price: '60',
            },
          ],
          market: [
            { at: '2026-09-30T09:00:00.000Z', price: '79.5' },
            { at: '2026-11-01T09:00:00.000Z', price: '61.25' },
          ],
        },
      ],
    },
  ];

  it('shows the share fixed, the weighted average click price and a named chart with its table', async () => {
    const server = createFakeServer({});
    server.on('GET', '/rest/results/11', () => ({ status: 200, body: { data: results } }));
    openAs(server, '/resultaten');
    const entry = await screen.findByTestId('results-KL-270001-2027');
    expect(
      within(entry).getByRole('heading', { name: 'KL-270001 · Gas TTF · 2027' }),
    ).toBeVisible();
    expect(screen.getByTestId('results-share-KL-270001-2027')).toHaveTextContent(
      'Vastgezet: 33,3% van het volume',
    );
    const part = screen.getByTestId('results-part-KL-270001-2027-Gas');
    expect(
      within(part)
        .getAllByRole('cell')
        .map((cell) => spaced(cell.textContent)),
    ).toEqual(['1.200 MWh', '400 MWh', '33,3%', '€ 65,00/MWh']);
    const chart = screen.getByTestId('results-KL-270001-2027-Gas-chart');
    expect(chart).toHaveAccessibleName(
      'Gas 2027: vastgezette prijzen tegenover de markt (EUR/MWh)',
    );
    const table = within(chart).getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => spaced(row.textContent))).toEqual([
      '01-10-2026, 11:00Y100 MWh€ 80,00/MWh€ 79,50/MWh',
      '02-11-2026, 10:00Q1300 MWh€ 60,00/MWh€ 61,25/MWh',
    ]);
  });

  it('says when there are no results and when they cannot be loaded', async () => {
    const server = createFakeServer({});
    server.on('GET', '/rest/results/11', () => ({ status: 200, body: { data: [] } }));
    const { app } = openAs(server, '/resultaten');
    expect(await screen.findByTestId('results-empty')).toBeVisible();
    app.unmount();
    const failing = createFakeServer({});
    failing.on('GET', '/rest/results/11', () => ({
      status: 500,
      body: { code: 'INTERNAL', message: 'x' },
    }));
    openAs(failing, '/resultaten');
    expect(await screen.findByTestId('results-error')).toBeVisible();
  });
});
