import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  type ContractImportIssue,
  type ContractImportLine,
  type ContractImportReport,
  type UserSession,
  CONTRACT_PATHS,
} from '@klik/api';
import { startSession } from '../../../shared/session/session-store';
import { expectNoAxeViolations } from '../../../test/axe';
import { aUserSession } from '../../../test/builders';
import { createFakeServer, type SeenRequest } from '../../../test/fake-server';
import { renderApp, screen } from '../../../test/render-app';

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

function aLine(overrides: Partial<ContractImportLine> = {}): ContractImportLine {
  return {
    contractId: 'KL-280001',
    customerId: 1,
    action: 'create',
    row: 2,
    rowCount: 2,
    yearsOfSupply: [2027],
    changedFields: [],
    ...overrides,
  };
}

function aReport(overrides: Partial<ContractImportReport> = {}): ContractImportReport {
  const contracts = overrides.contracts ?? [aLine()];
  const issues = overrides.issues ?? [];
  return {
    dryRun: true,
    imported: false,
    format: 'csv',
    rowCount: 2,
    created: contracts.filter((line) => line.action === 'create').length,
    changed: contracts.filter((line) => line.action === 'change').length,
    unchanged: contracts.filter((line) => line.action === 'unchanged').length,
    contracts,
    issues,
    issueCount: issues.length,
    ...overrides,
  };
}

const anIssue = (overrides: Partial<ContractImportIssue> = {}): ContractImportIssue => ({
  row: 3,
  column: 'volume',
  code: 'NUMBER_INVALID',
  value: '1.234,5',
  ...overrides,
});

const CSV = 'contractId;yearOfSupply;part;volume\nKL-280001;2027;Gas;12000\n';

function open(
  answer: (request: SeenRequest & { dryRun: boolean }) => Answer,
  session: UserSession = anAdmin(),
  locale: 'nl' | 'en' = 'nl',
) {
  const server = createFakeServer({ env: { locale } });
  const seen: { dryRun: boolean; contentType: string | null }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== CONTRACT_PATHS.import) return server.fetch(input, init);
    const dryRun = url.searchParams.get('dryRun') === 'true';
    const headers = new Headers(init?.headers);
    seen.push({ dryRun, contentType: headers.get('content-type') });
    const { status, body } = answer({
      method: 'POST',
      path: url.pathname,
      headers,
      body: null,
      dryRun,
    });
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  startSession(session);
  const app = renderApp({ ...server, fetch }, '/managecontract/import');
  return { app, seen, user: userEvent.setup() };
}

async function chooseFile(user: ReturnType<typeof userEvent.setup>, text = CSV) {
  const input = await screen.findByLabelText(/Bestand \(CSV of XLSX\)/);
  await user.upload(input, new File([text], 'contracten.csv', { type: 'text/csv' }));
}

describe('managecontract/import', () => {
  it('checks the file as a dry run, shows per contract what changes and imports on confirmation', async () => {
    const { seen, user } = open(({ dryRun }) =>
      dryRun
        ? {
            status: 200,
            body: aReport({
              rowCount: 5,
              contracts: [
                aLine(),
                aLine({
                  contractId: 'KL-100',
                  action: 'change',
                  row: 4,
                  rowCount: 1,
                  changedFields: ['lumpSum', 'volume'],
                }),
                aLine({ contractId: 'KL-200', action: 'unchanged', row: 5, rowCount: 1 }),
              ],
            }),
          }
        : {
            status: 200,
            body: aReport({
              dryRun: false,
              imported: true,
              rowCount: 5,
              created: 1,
              changed: 1,
              unchanged: 1,
            }),
          },
    );
    await chooseFile(user);
    expect(screen.queryByTestId('contract-import-confirm')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bestand controleren' }));

    const report = await screen.findByTestId('contract-import-report-dryRun');
    expect(seen).toEqual([{ dryRun: true, contentType: 'application/octet-stream' }]);
    expect(within(report).getByTestId('contract-import-summary')).toHaveTextContent(
      '5 regels: 1 nieuw, 1 gewijzigd, 1 ongewijzigd.',
    );
    expect(screen.getByTestId('contract-import-clean')).toBeInTheDocument();
    const changed = screen.getByTestId('contract-import-line-KL-100');
    expect(changed).toHaveTextContent('Gewijzigd');
    expect(changed).toHaveTextContent('lumpSum, volume');
    expect(screen.getByTestId('contract-import-line-KL-200')).toHaveTextContent('Ongewijzigd');
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Importeren (1 nieuw, 1 gewijzigd)' }));
    expect(await screen.findByTestId('contract-import-done')).toHaveTextContent(
      'Het bestand is geïmporteerd (5 regels): 1 nieuw, 1 gewijzigd, 1 ongewijzigd.',
    );
    expect(seen.at(-1)).toEqual({ dryRun: false, contentType: 'application/octet-stream' });
    expect(screen.queryByTestId('contract-import-confirm')).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('lists every issue with its row, column and translated text, a page at a time, and offers no import', async () => {
    const issues = [
      anIssue({ row: null, column: null, code: 'FILE_EMPTY', value: null }),
      anIssue(),
      anIssue({ row: 4, column: 'm1', code: 'PROFILE_SUM_INVALID', value: '99.00' }),
      ...Array.from({ length: 30 }, (_, index) =>
        anIssue({ row: 10 + index, column: 'part', code: 'VALUE_INVALID', value: 'Base' }),
      ),
    ];
    const { user } = open(() => ({ status: 200, body: aReport({ issues, issueCount: 1200 }) }));
    await chooseFile(user);
    await user.click(screen.getByRole('button', { name: 'Bestand controleren' }));

    expect(await screen.findByTestId('contract-import-has-issues')).toHaveTextContent(
      '1.200 problemen gevonden',
    );
    expect(screen.getByTestId('contract-import-issues-capped')).toHaveTextContent(
      'De eerste 33 van 1.200 problemen',
    );
    const rows = screen.getAllByTestId('contract-import-issue');
    expect(rows).toHaveLength(25);
    expect([...rows[0]!.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'Hele bestand',
      '—',
      'Het bestand bevat geen regels met gegevens.',
      '—',
    ]);
    expect(rows[1]).toHaveTextContent('volume');
    expect(rows[1]).toHaveTextContent('Dit is geen geldig getal');
    expect(rows[1]).toHaveTextContent('1.234,5');
    expect(rows[2]).toHaveTextContent('m1');
    expect(screen.queryByTestId('contract-import-confirm')).not.toBeInTheDocument();

    await user.click(
      within(screen.getByTestId('contract-import-issues-pages')).getByRole('button', {
        name: 'Pagina 2',
      }),
    );
    expect(screen.getAllByTestId('contract-import-issue')).toHaveLength(8);
    expect(screen.getAllByTestId('contract-import-issue')[0]).toHaveTextContent('32');
    await expectNoAxeViolations();
  });

  it('shows the issues of an import the server refuses after a clean dry run', async () => {
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
                  anIssue({ code: 'VOLUME_BELOW_CLICKED', column: 'volume', value: 'M3: 400.000' }),
                ],
              }),
            },
          },
    );
    await chooseFile(user);
    await user.click(screen.getByRole('button', { name: 'Bestand controleren' }));
    await user.click(await screen.findByTestId('contract-import-confirm'));

    expect(await screen.findByTestId('contract-import-refused')).toHaveTextContent(
      'er is niets geïmporteerd',
    );
    expect(screen.getByTestId('contract-import-issue')).toHaveTextContent('M3: 400.000');
    expect(screen.queryByTestId('contract-import-confirm')).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('says why a check failed and lets it be tried again', async () => {
    let answer: Answer = { status: 403, body: { code: 'FORBIDDEN', message: 'Forbidden' } };
    const { user } = open(() => answer);
    await chooseFile(user);
    await user.click(screen.getByRole('button', { name: 'Bestand controleren' }));
    expect(await screen.findByTestId('contract-import-failed')).toHaveTextContent(
      'Het bestand kon niet worden gecontroleerd',
    );

    answer = { status: 200, body: aReport() };
    await user.click(screen.getByRole('button', { name: 'Bestand controleren' }));
    await screen.findByTestId('contract-import-report-dryRun');
    expect(screen.queryByTestId('contract-import-failed')).not.toBeInTheDocument();
  });

  it('is reached by keyboard: the file field takes focus by Tab', async () => {
    const { user } = open(() => ({ status: 200, body: aReport() }));
    const input = await screen.findByLabelText(/Bestand \(CSV of XLSX\)/);
    for (let step = 0; step < 40 && document.activeElement !== input; step += 1) await user.tab();
    expect(input).toHaveFocus();
    expect(screen.getByTestId('contract-import-check')).toBeDisabled();
    await expectNoAxeViolations();
  });

  it('speaks English', async () => {
    const { user } = open(
      () => ({ status: 200, body: aReport() }),
      anAdmin({ locale: 'en' }),
      'en',
    );
    await screen.findByRole('heading', { name: 'Import contracts', level: 1 });
    const input = screen.getByLabelText(/File \(CSV or XLSX\)/);
    await user.upload(input, new File([CSV], 'contracts.csv'));
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByTestId('contract-import-summary')).toHaveTextContent(
      '2 rows: 1 new, 0 changed, 0 unchanged.',
    );
    await waitFor(() =>
      expect(screen.getByTestId('contract-import-confirm')).toHaveTextContent(
        'Import (1 new, 0 changed)',
      ),
    );
  });
});
