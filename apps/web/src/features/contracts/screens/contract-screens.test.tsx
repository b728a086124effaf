import { fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  ADMIN_PATHS,
  CONTRACT_PATHS,
  type ContractDetail,
  type ContractList,
  type CustomerDetail,
  pathTo,
} from '@klik/api';
import { startSession } from '../../../shared/session/session-store';
import { expectNoAxeViolations } from '../../../test/axe';
import { aUserSession } from '../../../test/builders';
import { createFakeServer } from '../../../test/fake-server';
import { renderApp, screen } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

function aContract(overrides: Partial<ContractDetail> = {}): ContractDetail {
  return {
    id: 5,
    contractId: 'KL-270005',
    customerId: 1,
    customerName: 'Bakkerij Van der Meer B.V.',
    commodity: 'Gas',
    product: 'Gas TTF',
    clickType: null,
    marketOption: 'PRE_EOD',
    yearsOfSupply: [2027],
    contractedVolume: '1200',
    updatedAt: '2026-11-20T10:00:00.000Z',
    version: 3,
    volumes: [
      {
        yearOfSupply: 2027,
        part: 'Gas',
        volume: '1200',
        profile: null,
        clickedByMonth: ['40', ...Array.from({ length: 11 }, () => '0')],
      },
    ],
    pricing: [{ part: 'Gas', markUp: '2', transactionFee: '0.25' }],
    marginScenarioId: null,
    lumpSum: '0',
    runOut: true,
    clickLimits: { maxClicksPerYear: null, minClickPercentage: '5', maxClickPercentage: '100' },
    deadlineRule: { YEAR: 1, QUARTER: 1, MONTH: 1 },
    requireSms: null,
    requireApproval: null,
    dashboardIds: [11],
    clickYears: [2027],
    hasClicks: true,
    ...overrides,
  };
}

const aCustomer = {
  id: 1,
  name: 'Bakkerij Van der Meer B.V.',
  active: true,
  requireSms: false,
  requireApproval: false,
  dashboardCount: 1,
  contractCount: 1,
  userCount: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 1,
  dashboards: [{ id: 11, name: 'Hoofdlocatie', contractIds: ['KL-270005'] }],
  clickLimits: [],
  users: [],
  terms: null,
} satisfies CustomerDetail;

interface Seen {
  method: string;
  path: string;
  body: unknown;
}

function open(
  path: string,
  answers: {
    list?: (query: URLSearchParams) => { status: number; body: unknown };
    put?: (body: unknown) => { status: number; body: unknown };
  } = {},
) {
  const server = createFakeServer({});
  const seen: Seen[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    if (url.pathname.startsWith(CONTRACT_PATHS.contracts))
      seen.push({ method, path: url.pathname, body });
    if (url.pathname === CONTRACT_PATHS.contracts && method === 'GET') {
      const answer = answers.list?.(url.searchParams) ?? {
        status: 200,
        body: { data: [aContract()], page: 0, size: 20, total: 1 } satisfies ContractList,
      };
      return json(answer.status, answer.body);
    }
    if (url.pathname === pathTo(CONTRACT_PATHS.contract, { id: 5 }) && method === 'GET')
      return json(200, aContract());
    if (url.pathname === pathTo(CONTRACT_PATHS.contract, { id: 5 }) && method === 'PUT') {
      const answer = answers.put?.(body) ?? { status: 200, body: aContract({ version: 4 }) };
      return json(answer.status, answer.body);
    }
    if (url.pathname === pathTo(ADMIN_PATHS.customer, { customerId: 1 }))
      return json(200, aCustomer);
    if (url.pathname === ADMIN_PATHS.customers) {
      return json(200, { data: [aCustomer], page: 0, size: 100, total: 1 });
    }
    return server.fetch(input, init);
  };
  startSession(aUserSession({ token: 'token-of-admin', role: 'admin', allowedCustomers: [] }));
  const app = renderApp({ ...server, fetch }, path);
  return { app, seen, user: userEvent.setup() };
}

describe('managecontract', () => {
  it('lists the contracts, searches on the server through the address bar and is axe-clean', async () => {
    const queries: string[] = [];
    const { app, user } = open('/managecontract', {
      list: (query) => {
        queries.push(query.toString());
        return query.get('q') === 'niets'
          ? { status: 200, body: { data: [], page: 0, size: 20, total: 0 } }
          : { status: 200, body: { data: [aContract()], page: 0, size: 20, total: 1 } };
      },
    });
    const table = await screen.findByTestId('contracts-table');
    expect(within(table).getByRole('link', { name: 'KL-270005' })).toBeInTheDocument();
    expect(within(table).getByText('1200 MWh')).toBeInTheDocument();
    await expectNoAxeViolations(app.container);
    await user.type(screen.getByLabelText('Zoeken op Contract-ID, product of klant'), 'niets');
    await waitFor(() => expect(app.location()).toBe('/managecontract?q=niets'));
    expect(await screen.findByTestId('contracts-empty')).toHaveTextContent(
      'Geen contracten gevonden met deze filters.',
    );
    expect(app.location()).toBe('/managecontract?q=niets');
    expect(queries.at(-1)).toBe('page=0&size=20&q=niets');
  });

  it('says when the list cannot be loaded', async () => {
    open('/managecontract', {
      list: () => ({ status: 500, body: { code: 'INTERNAL', message: 'x' } }),
    });
    expect(await screen.findByTestId('contracts-error')).toHaveTextContent(
      'De contracten konden niet worden geladen',
    );
  });

  it('shows a contract by section with what is clicked, fixed fields, and saves on its revision', async () => {
    const { app, seen, user } = open('/managecontract/5');
    const form = await screen.findByTestId('contract-form');
    expect(screen.getByTestId('field-commodity')).toBeDisabled();
    expect(screen.getByTestId('volume-2027-Gas-months')).toHaveTextContent('40');
    expect(screen.getByTestId('remove-year-2027')).toBeDisabled();
    await expectNoAxeViolations(app.container);
    const product = within(form).getByLabelText(/Productnaam/);
    await user.clear(product);
    await user.type(product, 'Gas TTF groen');
    await user.click(screen.getByTestId('save-contract'));
    expect(await screen.findByTestId('contract-saved')).toBeInTheDocument();
    const put = seen.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({
      version: 3,
      contract: { product: 'Gas TTF groen', requireSms: null },
    });
  });

  it('shows field errors in Dutch before sending anything, and a refusal about clicks', async () => {
    const { seen, user } = open('/managecontract/5', {
      put: () => ({
        status: 422,
        body: {
          code: 'VOLUME_BELOW_CLICKED',
          message: 'x',
          details: {
            yearOfSupply: 2027,
            part: 'Gas',
            month: 1,
            clickedVolume: '40',
            totalVolume: '1',
          },
        },
      }),
    });
    const volume = await screen.findByTestId('volume-2027-Gas-volume');
    await user.clear(volume);
    await user.type(volume, '1,5');
    await user.click(screen.getByTestId('volume-2027-Gas-profiled'));
    const january = screen.getByLabelText('Aandeel jan (%)');
    expect(january).toHaveValue('8.33');
    await user.clear(january);
    await user.type(january, '20');
    await user.click(screen.getByTestId('save-contract'));
    expect(
      await screen.findByText('Ongeldig volume: 0 of meer in MWh, met hoogstens 3 decimalen'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('volume-2027-Gas-profile-error')).toHaveTextContent(
      'Het maandprofiel heeft 12 aandelen die samen precies 100% zijn',
    );
    expect(seen.filter((request) => request.method === 'PUT')).toEqual([]);

    await user.click(screen.getByTestId('volume-2027-Gas-profiled'));
    await user.clear(volume);
    await user.type(volume, '12');
    await user.click(screen.getByTestId('save-contract'));
    expect(await screen.findByTestId('contract-failure')).toHaveTextContent(
      'Het volume van Gas 2027 in jan kan niet lager worden dan de al geklikte 40 MWh.',
    );
  });

  it('asks "save the changes?" when leaving with unsaved changes: stay, discard or save', async () => {
    const { app, seen, user } = open('/managecontract/5');
    const product = await screen.findByLabelText(/Productnaam/);
    await user.type(product, ' 2');
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Terug naar de contracten' }));
    const guard = await screen.findByRole('dialog', { name: 'Wijzigingen niet opgeslagen' });
    expect(guard).toHaveTextContent('Wilt u de wijzigingen opslaan?');
    await user.click(within(guard).getByRole('button', { name: 'Blijven' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.location()).toBe('/managecontract/5');

    await user.click(screen.getByRole('link', { name: 'Terug naar de contracten' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Opslaan' }),
    );
    await waitFor(() => expect(app.location()).toBe('/managecontract'));
    expect(seen.filter((request) => request.method === 'PUT')).toHaveLength(1);
  });

  it('discards on leaving, and does not ask once nothing is changed', async () => {
    const { app, seen, user } = open('/managecontract/5');
    await user.type(await screen.findByLabelText(/Productnaam/), ' 2');
    await user.click(screen.getByRole('link', { name: 'Terug naar de contracten' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Niet opslaan' }),
    );
    await waitFor(() => expect(app.location()).toBe('/managecontract'));
    expect(seen.filter((request) => request.method === 'PUT')).toEqual([]);

    await user.click(await screen.findByRole('link', { name: 'KL-270005' }));
    await screen.findByTestId('contract-form');
    const unload = new Event('beforeunload', { cancelable: true });
    fireEvent(window, unload);
    expect(unload.defaultPrevented).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Terug naar de contracten' }));
    await waitFor(() => expect(app.location()).toBe('/managecontract'));
  });
});
