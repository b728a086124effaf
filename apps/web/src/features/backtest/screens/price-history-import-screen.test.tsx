import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  BACKTEST_PATHS,
  HISTORY_IMPORT_MAX_BYTES,
  HistoryImportIssueCodeSchema,
  type HistoryCoverage,
  type HistoryImportIssue,
  type HistoryImportReport,
  type UserSession,
} from '@klik/api';
import { startSession } from '../../../shared/session/session-store';
import { expectNoAxeViolations } from '../../../test/axe';
import { aUserSession } from '../../../test/builders';
import { catalogues } from '../../../test/catalogues';
import { createFakeServer } from '../../../test/fake-server';
import { renderApp, screen, spaced } from '../../../test/render-app';
import { HISTORY_ISSUE_KEYS } from '../components/history/history-labels';

vi.setConfig({ testTimeout: 20_000 });

type Answer = { status: number; body?: unknown };

const anAdmin = (overrides: Partial<UserSession> = {}) =>
  aUserSession({
    token: 'token-of-admin',
    username: 'beheer',
    role: 'admin',
    allowedCustomers: [],
    ...overrides,
  });

function aReport(overrides: Partial<HistoryImportReport> = {}): HistoryImportReport {
  const issues = overrides.issues ?? [];
  return {
    dryRun: true,
    imported: false,
    rowCount: 3,
    created: 2,
    changed: 1,
    unchanged: 0,
    issues,
    issueCount: issues.length,
    ...overrides,
  };
}

const anIssue = (overrides: Partial<HistoryImportIssue> = {}): HistoryImportIssue => ({
  row: 3,
  column: 'price',
  code: 'PRICE_INVALID',
  value: '34,5',
  ...overrides,
});

const aCoverageRow = (
  overrides: Partial<HistoryCoverage[number]> = {},
): HistoryCoverage[number] => ({
  product: 'TTF_GAS',
  market: 'OTC',
  yearOfSupply: 2027,
  from: '2022-03-01',
  to: '2026-11-27',
  days: 1234,
  source: 'IMPORT',
  ...overrides,
});

const CSV = 'date,product,year,maturity,market,price\n2026-03-02,TTF_GAS,2027,Q1,OTC,38.95\n';

function open(
  answer: (request: { dryRun: boolean }) => Answer,
  options: {
    session?: UserSession;
    locale?: 'nl' | 'en';
    coverage?: () => Answer;
  } = {},
) {
  const server = createFakeServer({ env: { locale: options.locale ?? 'nl' } });
  server.on(
    'GET',
    BACKTEST_PATHS.historyCoverage,
    options.coverage ?? (() => ({ status: 200, body: [aCoverageRow()] })),
  );
  const seen: { dryRun: boolean; contentType: string | null; body: unknown }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== BACKTEST_PATHS.historyImport) return server.fetch(input, init);
    const dryRun = url.searchParams.get('dryRun') === 'true';
    seen.push({
      dryRun,
      contentType: new Headers(init?.headers).get('content-type'),
      body: init?.body,
    });
    const { status, body } = answer({ dryRun });
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  startSession(options.session ?? anAdmin());
  const app = renderApp({ ...server, fetch }, '/pricehistory');
  return { app, server, seen, user: userEvent.setup() };
}

async function chooseFile(user: ReturnType<typeof userEvent.setup>, file?: File) {
  const input = await screen.findByLabelText(/Bestand \(CSV\)/);
  await user.upload(input, file ?? new File([CSV], 'settlements.csv', { type: 'text/csv' }));
}

const check = () => screen.getByRole('button', { name: /^(Opnieuw c|C)ontroleren$/ });
const importButton = () => screen.getByRole('button', { name: 'Importeren' });

describe('pricehistory', () => {
  it('checks a file as a dry run and shows the counts and every issue in words', async () => {
    const issues = [
      anIssue({ row: 1, column: 'maturity', code: 'HEADER_MISSING_COLUMN', value: null }),
      anIssue(),
      anIssue({ row: 4, column: null, code: 'ROW_DUPLICATE', value: null }),
      anIssue({ row: 5, column: 'date', code: 'DATE_AFTER_DELIVERY', value: '2027-01-02' }),
    ];
    const { seen, user } = open(() => ({
      status: 200,
      body: aReport({ rowCount: 1200, created: 1000, changed: 150, unchanged: 46, issues }),
    }));
    await chooseFile(user);
    await user.click(check());

    const report = await screen.findByTestId('price-history-report-dryRun');
    expect(seen).toEqual([{ dryRun: true, contentType: 'text/csv', body: expect.any(File) }]);
    expect(spaced(within(report).getByTestId('price-history-summary').textContent)).toBe(
      '1.200 regels: 1.000 nieuw, 150 gewijzigd, 46 ongewijzigd.',
    );
    expect(screen.getByTestId('price-history-has-issues')).toHaveTextContent(
      '4 problemen gevonden',
    );
    const rows = screen.getAllByTestId('price-history-issue');
    expect(
      rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)),
    ).toEqual([
      ['1', 'maturity', catalogues.nl['priceHistory.issue.headerMissingColumn'], '—'],
      ['3', 'price', catalogues.nl['priceHistory.issue.priceInvalid'], '34,5'],
      ['4', '—', catalogues.nl['priceHistory.issue.rowDuplicate'], '—'],
      ['5', 'date', catalogues.nl['priceHistory.issue.dateAfterDelivery'], '2027-01-02'],
    ]);
    expect(importButton()).toBeDisabled();
    await expectNoAxeViolations();
  });

  it('pages a long list of issues and says when the server listed only the first', async () => {
    const issues = [
      anIssue({ row: null, column: null, code: 'FILE_TOO_LARGE', value: null }),
      ...Array.from({ length: 29 }, (_, index) =>
        anIssue({ row: 10 + index, column: 'market', code: 'MARKET_UNKNOWN', value: 'EEX' }),
      ),
    ];
    const { user } = open(() => ({ status: 200, body: aReport({ issues, issueCount: 4000 }) }));
    await chooseFile(user);
    await user.click(check());

    expect(spaced((await screen.findByTestId('price-history-issues-capped')).textContent)).toBe(
      'De eerste 30 van 4.000 problemen worden getoond.',
    );
    const rows = screen.getAllByTestId('price-history-issue');
    expect(rows).toHaveLength(25);
    expect(rows[0]).toHaveTextContent('Hele bestand');
    await user.click(
      within(screen.getByTestId('price-history-issues-pages')).getByRole('button', {
        name: 'Pagina 2',
      }),
    );
    expect(screen.getAllByTestId('price-history-issue')).toHaveLength(5);
    expect(screen.getAllByTestId('price-history-issue')[0]).toHaveTextContent('34');
    await expectNoAxeViolations();
  });

  it('offers the import only after a clean dry run of the same file, then imports and refreshes the coverage', async () => {
    let coverage: HistoryCoverage = [];
    const { seen, server, user } = open(
      ({ dryRun }) =>
        dryRun
          ? { status: 200, body: aReport() }
          : { status: 200, body: aReport({ dryRun: false, imported: true }) },
      { coverage: () => ({ status: 200, body: coverage }) },
    );
    expect(await screen.findByTestId('price-history-coverage-empty')).toBeInTheDocument();
    expect(check()).toBeDisabled();
    expect(importButton()).toBeDisabled();
    expect(importButton()).toHaveAccessibleDescription(
      'Importeren kan pas als de controle van dit bestand geen problemen vond.',
    );

    await chooseFile(user);
    expect(importButton()).toBeDisabled();
    await user.click(check());
    expect(await screen.findByTestId('price-history-clean')).toBeInTheDocument();
    await waitFor(() => expect(importButton()).toBeEnabled());
    await expectNoAxeViolations();

    // Another file needs its own dry run.
    await chooseFile(user, new File([`${CSV}x\n`], 'other.csv', { type: 'text/csv' }));
    expect(importButton()).toBeDisabled();
    expect(screen.queryByTestId('price-history-report-dryRun')).not.toBeInTheDocument();
    await user.click(check());
    await screen.findByTestId('price-history-clean');
    await waitFor(() => expect(importButton()).toBeEnabled());

    coverage = [aCoverageRow({ days: 1 })];
    const coverageCalls = server.callsTo('GET', BACKTEST_PATHS.historyCoverage).length;
    await user.click(importButton());
    expect(spaced((await screen.findByTestId('price-history-done')).textContent)).toBe(
      'Het bestand is geïmporteerd (3 regels): 2 nieuw, 1 gewijzigd, 0 ongewijzigd.',
    );
    expect(seen.map((request) => request.dryRun)).toEqual([true, true, false]);
    expect(screen.queryByRole('button', { name: 'Importeren' })).not.toBeInTheDocument();
    expect(await screen.findByTestId('price-history-coverage-row')).toHaveTextContent('Gas TTF');
    expect(server.callsTo('GET', BACKTEST_PATHS.historyCoverage).length).toBeGreaterThan(
      coverageCalls,
    );
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Nog een bestand importeren' }));
    expect(screen.queryByTestId('price-history-report-imported')).not.toBeInTheDocument();
    expect(check()).toBeDisabled();
  });

  it('shows the issues of an import the server refuses (422) after a clean dry run', async () => {
    const { user } = open(({ dryRun }) =>
      dryRun
        ? { status: 200, body: aReport() }
        : {
            status: 422,
            body: {
              code: 'VALIDATION_FAILED',
              message: 'Invalid',
              report: aReport({
                dryRun: false,
                issues: [
                  anIssue({ row: 7, column: 'product', code: 'PRODUCT_UNKNOWN', value: 'JKM' }),
                ],
              }),
            },
          },
    );
    await chooseFile(user);
    await user.click(check());
    await waitFor(() => expect(importButton()).toBeEnabled());
    await user.click(importButton());

    expect(await screen.findByTestId('price-history-refused')).toHaveTextContent(
      'er is niets geïmporteerd',
    );
    const issue = screen.getByTestId('price-history-issue');
    expect(issue).toHaveTextContent('JKM');
    expect(issue).toHaveTextContent(catalogues.nl['priceHistory.issue.productUnknown'] as string);
    expect(importButton()).toBeDisabled();
    await expectNoAxeViolations();
  });

  it('says why a check failed and lets it be tried again', async () => {
    let answer: Answer = { status: 403, body: { code: 'FORBIDDEN', message: 'Forbidden' } };
    const { user } = open(() => answer);
    await chooseFile(user);
    await user.click(check());
    expect(await screen.findByTestId('price-history-failed')).toHaveTextContent(
      'Het bestand kon niet worden gecontroleerd',
    );
    expect(importButton()).toBeDisabled();

    answer = { status: 200, body: aReport() };
    await user.click(check());
    await screen.findByTestId('price-history-report-dryRun');
    expect(screen.queryByTestId('price-history-failed')).not.toBeInTheDocument();
  });

  it('refuses a file above the size limit before sending it', async () => {
    const { seen, user } = open(() => ({ status: 200, body: aReport() }));
    const big = new File(['x'], 'huge.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: HISTORY_IMPORT_MAX_BYTES + 1 });
    await chooseFile(user, big);
    expect(await screen.findByTestId('price-history-too-large')).toHaveTextContent(
      'groter dan 16 MB',
    );
    expect(check()).toBeDisabled();
    expect(seen).toEqual([]);
  });

  it('lists the history kept per product, market, year and source', async () => {
    open(() => ({ status: 200, body: aReport() }), {
      coverage: () => ({
        status: 200,
        body: [
          aCoverageRow({ product: 'NL_POWER_BASE', market: 'ICE', source: 'SYNTHETIC' }),
          aCoverageRow({ days: 12, from: '2026-11-02', source: 'RECORDED' }),
          aCoverageRow({ product: 'NEW_PRODUCT' }),
        ],
      }),
    });
    const table = await screen.findByTestId('price-history-coverage');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Product', 'Markt', 'Leveringsjaar', 'Bron', 'Vanaf', 'Tot en met', 'Dagen']);
    const rows = screen
      .getAllByTestId('price-history-coverage-row')
      .map((row) => [...row.querySelectorAll('td')].map((cell) => spaced(cell.textContent)));
    expect(rows).toEqual([
      [
        'Stroom base NL',
        'ICE Endex',
        '2027',
        'Verzonnen (demo)',
        '01-03-2022',
        '27-11-2026',
        '1.234',
      ],
      ['Gas TTF', 'OTC', '2027', 'Vastgelegde koersen', '02-11-2026', '27-11-2026', '12'],
      ['NEW_PRODUCT', 'OTC', '2027', 'Geïmporteerd', '01-03-2022', '27-11-2026', '1.234'],
    ]);
    await expectNoAxeViolations();
  });

  it('says when the coverage cannot be loaded and asks again', async () => {
    let answer: Answer = { status: 500, body: { code: 'INTERNAL', message: 'Boom' } };
    const { user } = open(() => ({ status: 200, body: aReport() }), { coverage: () => answer });
    const failed = await screen.findByTestId('price-history-coverage-failed');
    expect(failed).toHaveTextContent('De beschikbare prijshistorie kon niet worden geladen.');
    await expectNoAxeViolations();

    answer = { status: 200, body: [aCoverageRow()] };
    await user.click(within(failed).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByTestId('price-history-coverage-row')).toHaveTextContent('Gas TTF');
  });

  it('is reached by keyboard: the file field takes focus by Tab, the check runs with Enter', async () => {
    const { seen, user } = open(() => ({ status: 200, body: aReport() }));
    const input = await screen.findByLabelText(/Bestand \(CSV\)/);
    for (let step = 0; step < 40 && document.activeElement !== input; step += 1) await user.tab();
    expect(input).toHaveFocus();
    await user.upload(input, new File([CSV], 'settlements.csv', { type: 'text/csv' }));
    await user.tab();
    expect(check()).toHaveFocus();
    await user.keyboard('{Enter}');
    await screen.findByTestId('price-history-clean');
    expect(seen).toHaveLength(1);
    await waitFor(() => expect(importButton()).toBeEnabled());
  });

  it('shows a read-only administrator the coverage without the import', async () => {
    open(() => ({ status: 200, body: aReport() }), { session: anAdmin({ readOnly: true }) });
    expect(await screen.findByTestId('price-history-not-allowed')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Bestand \(CSV\)/)).not.toBeInTheDocument();
    expect(await screen.findByTestId('price-history-coverage-row')).toBeInTheDocument();
  });

  it('is not open to an account manager', async () => {
    const { app } = open(() => ({ status: 200, body: aReport() }), {
      session: aUserSession({ role: 'accountmanager', token: 'token-of-am' }),
    });
    await waitFor(() => expect(app.location()).toBe('/admindashboard'));
    expect(
      screen.queryByRole('heading', { name: 'Prijshistorie importeren' }),
    ).not.toBeInTheDocument();
  });

  it('speaks English', async () => {
    const { user } = open(() => ({ status: 200, body: aReport() }), {
      session: anAdmin({ locale: 'en' }),
      locale: 'en',
    });
    await screen.findByRole('heading', { name: 'Import price history', level: 1 });
    await user.upload(screen.getByLabelText(/File \(CSV\)/), new File([CSV], 'prices.csv'));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByTestId('price-history-summary')).toHaveTextContent(
      '3 rows: 2 new, 1 changed, 0 unchanged.',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled());
    expect(await screen.findByTestId('price-history-coverage-row')).toHaveTextContent('Imported');
  });

  it('has every issue code in words in both languages', () => {
    for (const code of HistoryImportIssueCodeSchema.options) {
      const key = HISTORY_ISSUE_KEYS[code];
      expect(catalogues.nl[key], code).toBeTruthy();
      expect(catalogues.en[key], code).toBeTruthy();
      expect(catalogues.en[key], code).not.toEqual(catalogues.nl[key]);
    }
  });
});
