import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UserSession, ContractData } from '@klik/api';
import {
  chooseCustomer,
  chooseDashboard,
  selectedCustomerValue,
  startSession,
} from '../../../shared/session/session-store';
import { aUserSession } from '../../../test/builders';
import { createFakeServer, type FakeServer } from '../../../test/fake-server';
import { aContract, aSummary, powerParts } from '../../../test/position-builders';
import { renderApp, screen } from '../../../test/render-app';

const gasContract = aContract({
  contractId: 'KL-270001',
  commodity: 'Gas',
  product: 'Gas TTF',
  status: (maturity) =>
    maturity === 'Q2' ? { clickable: false, disableClickReason: 'DC_21' } : {},
});
const powerContract = aContract({
  contractId: 'KL-270002',
  commodity: 'Power',
  product: 'Stroom Peak/Off-peak NL',
  clickType: 'YEAR',
  status: (maturity) =>
    maturity === 'Y'
      ? { contractParts: powerParts() }
      : { clickable: false, disableClickReason: 'DC_10', contractParts: powerParts() },
});

function serverWith(contracts: ContractData[], dashboardId = 101): FakeServer {
  const server = createFakeServer({});
  server.on('GET', `/rest/dashboardContractData/${dashboardId}`, () => ({
    status: 200,
    body: contracts,
  }));
  server.on('GET', `/rest/dashboardContractSummary/${dashboardId}`, () => ({
    status: 200,
    body: contracts.map((contract) =>
      aSummary({ contractId: contract.contractId, commodity: contract.commodity }),
    ),
  }));
  return server;
}

async function openDashboard(
  server: FakeServer,
  path = '/dashboard',
  session: Partial<UserSession> = {},
) {
  startSession(aUserSession(session));
  const app = renderApp(server, path);
  await screen.findByTestId('screen-dashboard');
  return { app, user: userEvent.setup() };
}

describe('dashboard positions grid', () => {
  it('shows every maturity of a year with clicked share, open volume and prices in Dutch formats', async () => {
    await openDashboard(serverWith([gasContract]));
    const grid = await screen.findByTestId('grid-KL-270001-2027');
    expect(grid).toHaveRole('region');
    expect(grid).toHaveAccessibleName('Posities van contract KL-270001 voor leveringsjaar 2027');
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Looptijd',
      'Geklikt',
      'Gas Open volume',
      'Gas Klikprijs',
      'Klikken',
    ]);
    expect(headers.every((header) => header.getAttribute('scope') === 'col')).toBe(true);
    expect(
      within(grid)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Y · Heel jaar',
      'Q1 · jan–mrt',
      'Q2 · apr–jun',
      'Q3 · jul–sep',
      'Q4 · okt–dec',
      'M1 · januari',
      'M2 · februari',
      'M3 · maart',
      'M4 · april',
      'M5 · mei',
      'M6 · juni',
      'M7 · juli',
      'M8 · augustus',
      'M9 · september',
      'M10 · oktober',
      'M11 · november',
      'M12 · december',
    ]);
    const year = screen.getByTestId('position-KL-270001-2027-Y');
    const cells = within(year)
      .getAllByRole('cell')
      .map((cell) => cell.textContent?.replace(/[\u00a0\u202f]/g, ' '));
    expect(cells.slice(0, 2)).toEqual(['25%', '900 MWh']);
    expect(cells[2]).toMatch(/^€ 86,77\/MWhmarkt € 85,26\/MWh/);
    expect(cells[3]).toBe('Klik');
  });

  it('links a clickable maturity to its start-purchase screen', async () => {
    const { app, user } = await openDashboard(serverWith([gasContract]));
    const link = await screen.findByTestId('click-KL-270001-2027-M3');
    expect(link).toHaveAttribute('href', '/startpurchase/KL-270001/2027/M3');
    expect(link).toHaveAccessibleName('Klik M3 2027 van contract KL-270001');
    await user.click(screen.getByTestId('year-tab-KL-270001-2028'));
    const next = await screen.findByTestId('click-KL-270001-2028-Q4');
    expect(next).toHaveAttribute('href', '/startpurchase/KL-270001/2028/Q4');
    await user.click(next);
    await waitFor(() => expect(app.location()).toBe('/startpurchase/KL-270001/2028/Q4'));
  });

  it('shows a disabled maturity with its reason as text, in Dutch and in English', async () => {
    const { user } = await openDashboard(serverWith([gasContract]));
    const reason = await screen.findByTestId('reason-KL-270001-2027-Q2');
    expect(reason).toBeVisible();
    expect(reason).toHaveTextContent('Klikdeadline voor deze periode is verstreken');
    expect(screen.queryByTestId('click-KL-270001-2027-Q2')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('locale-en'));
    await waitFor(() =>
      expect(screen.getByTestId('reason-KL-270001-2027-Q2')).toHaveTextContent(
        'Click deadline expired for this period',
      ),
    );
    expect(screen.getByTestId('click-KL-270001-2027-Y')).toHaveAccessibleName(
      'Click Y 2027 of contract KL-270001',
    );
  });

  it('shows a power contract per part and the click type reason on the maturities it does not allow', async () => {
    await openDashboard(serverWith([powerContract]));
    const year = await screen.findByTestId('position-KL-270002-2027-Y');
    const grid = screen.getByTestId('grid-KL-270002-2027');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(expect.arrayContaining(['Peak Open volume', 'Off-peak Open volume']));
    expect(year).toHaveTextContent('1.800 MWh');
    await userEvent.setup().click(within(grid).getByRole('radio', { name: 'ICE Endex' }));
    expect(screen.getByTestId('ice-click-price-KL-270002-2027-Y-OffPeak')).toHaveTextContent(
      'geen prijs',
    );
    expect(screen.getByTestId('reason-KL-270002-2027-Q1')).toHaveTextContent(
      'Geen klik beschikbaar',
    );
    expect(screen.getByTestId('position-KL-270002-2027-Q1')).toHaveClass('klik-not-allowed');
    expect(year).not.toHaveClass('klik-not-allowed');
  });

  it('offers a read-only user nothing to click', async () => {
    await openDashboard(serverWith([gasContract, powerContract]), '/dashboard', {
      readOnly: true,
    });
    await screen.findByTestId('grid-KL-270001-2027');
    expect(screen.queryAllByTestId(/^click-/)).toEqual([]);
    // The screen's links, not the header's brand (which may read "Klik …" too).
    expect(
      within(screen.getByTestId('screen-dashboard')).queryByRole('link', { name: /^Klik / }),
    ).not.toBeInTheDocument();
    expect(screen.getByTestId('reason-KL-270001-2027-Y')).toHaveTextContent(
      'Gebruiker is niet bevoegd om te klikken',
    );
    // Everything else stays visible.
    expect(screen.getByTestId('position-KL-270001-2027-Y')).toHaveTextContent('900 MWh');
  });

  it('marks a year in which nothing can be clicked', async () => {
    const closed = aContract({
      status: (_maturity, year) =>
        year === 2028 ? { clickable: false, disableClickReason: 'DC_36' } : {},
    });
    const { user } = await openDashboard(serverWith([closed]));
    const tab2028 = await screen.findByTestId('year-tab-KL-270001-2028');
    expect(tab2028).toHaveTextContent('2028 (niet aangeboden)');
    expect(screen.getByTestId('year-tab-KL-270001-2027')).toHaveTextContent(/^2027$/);
    await user.click(tab2028);
    expect(await screen.findByTestId('year-not-offered-KL-270001-2028')).toHaveTextContent(
      'Voor 2028 kan op dit moment geen enkele looptijd worden geklikt.',
    );
    expect(screen.getByTestId('reason-KL-270001-2028-Y')).toHaveTextContent(
      'Klikvenster is gesloten',
    );
  });
});

describe('dashboard summary and charts', () => {
  it('shows clicked, manual and auto percentages per year, rounded once, with runout and last update', async () => {
    await openDashboard(serverWith([gasContract]));
    const row = await screen.findByTestId('summary-KL-270001-2027');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['33,3%', '20%', '13,3%']);
    const summary = screen.getByTestId('summary-KL-270001');
    expect(summary).toHaveTextContent('Runout: nee');
    expect(summary.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toContain(
      'Laatst bijgewerkt: 20-11-2026, 10:15',
    );
  });

  it('gives each chart an accessible name and its figures as a table', async () => {
    await openDashboard(serverWith([powerContract]));
    const month = await screen.findByRole('figure', {
      name: 'Vastgezet en open volume per maand in 2027',
    });
    const monthRows = within(month).getAllByRole('row', { hidden: true });
    expect(monthRows[1]?.textContent).toBe('januari600 MWh2.400 MWh3.000 MWh');
    expect(monthRows).toHaveLength(14);
    const curve = screen.getByRole('figure', {
      name: 'Forward curve 2027: marktprijs en uw vaste prijs per looptijd',
    });
    const header = within(curve).getAllByRole('columnheader', { hidden: true });
    expect(header.map((cell) => cell.textContent)).toEqual([
      'Looptijd',
      'Peak OTC',
      'Peak ICE Endex',
      'Off-peak OTC',
      'Peak: uw vaste prijs',
      'Off-peak: uw vaste prijs',
    ]);
    expect(within(curve).getAllByRole('row', { hidden: true })).toHaveLength(13);
  });
});

describe('commodity filter', () => {
  it('shows all contracts, then only power or gas by the URL, switched with links', async () => {
    const server = serverWith([gasContract, powerContract]);
    const { app, user } = await openDashboard(server);
    await screen.findByTestId('contract-KL-270001');
    expect(screen.getByTestId('contract-KL-270002')).toBeInTheDocument();
    const filter = screen.getByRole('navigation', { name: 'Filter op energiesoort' });
    expect(within(filter).getByRole('link', { name: 'Alles' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.click(within(filter).getByRole('link', { name: 'Stroom' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard/power'));
    await waitFor(() => expect(screen.queryByTestId('contract-KL-270001')).not.toBeInTheDocument());
    expect(screen.getByTestId('contract-KL-270002')).toBeInTheDocument();
    expect(within(filter).getByRole('link', { name: 'Stroom' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.click(within(filter).getByRole('link', { name: 'Gas' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard/gas'));
    expect(await screen.findByTestId('contract-KL-270001')).toBeInTheDocument();
    expect(screen.queryByTestId('contract-KL-270002')).not.toBeInTheDocument();
    // Filtering is done on the data at hand: nothing is loaded again.
    expect(server.callsTo('GET', '/rest/dashboardContractData/101')).toHaveLength(1);
  });

  it('opens straight on a commodity, says when nothing matches, and answers other values as not found', async () => {
    const server = serverWith([gasContract]);
    const { app } = await openDashboard(server, '/dashboard/power');
    expect(await screen.findByTestId('positions-empty')).toHaveTextContent(
      'Er zijn hier geen contracten voor Stroom.',
    );
    app.unmount();
    renderApp(server, '/dashboard/water');
    expect(await screen.findByTestId('dashboard-notfound')).toHaveTextContent(
      'Pagina niet gevonden',
    );
    expect(screen.queryByTestId('positions')).not.toBeInTheDocument();
  });

  it("opens on the spec's own values Power and Gas like on power and gas", async () => {
    const server = serverWith([gasContract, powerContract]);
    const { app } = await openDashboard(server, '/dashboard/Power');
    expect(await screen.findByTestId('contract-KL-270002')).toBeInTheDocument();
    expect(screen.queryByTestId('contract-KL-270001')).not.toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-notfound')).not.toBeInTheDocument();
    const filter = screen.getByRole('navigation', { name: 'Filter op energiesoort' });
    expect(within(filter).getByRole('link', { name: 'Stroom' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    app.unmount();
    renderApp(server, '/dashboard/Gas');
    expect(await screen.findByTestId('contract-KL-270001')).toBeInTheDocument();
    expect(screen.queryByTestId('contract-KL-270002')).not.toBeInTheDocument();
  });
});

describe('commodity routes', () => {
  it('are guarded like the dashboard: a visitor goes to login and comes back after it', async () => {
    const app = renderApp(createFakeServer({}), '/dashboard/gas');
    await screen.findByTestId('login-form');
    expect(app.location()).toBe('/login?returnUrl=%2Fdashboard%2Fgas');
  });

  it('send an admin to the administration', async () => {
    startSession(aUserSession({ role: 'admin', allowedCustomers: [] }));
    const app = renderApp(createFakeServer({}), '/dashboard/power');
    await screen.findByTestId('screen-admindashboard');
    expect(app.location()).toBe('/admindashboard');
  });
});

describe('customer and dashboard selection', () => {
  it('loads the first dashboard and reloads only when the chosen id changes', async () => {
    const server = serverWith([gasContract]);
    server.on('GET', '/rest/dashboardContractData/102', () => ({
      status: 200,
      body: [powerContract],
    }));
    const { user } = await openDashboard(server);
    await screen.findByTestId('contract-KL-270001');
    const loads = (id: number) => server.callsTo('GET', `/rest/dashboardContractData/${id}`).length;
    expect(loads(101)).toBe(1);

    // The same customer again: nothing reloads, nothing is reset.
    const sameCustomer = selectedCustomerValue.get()!;
    act(() => {
      expect(chooseCustomer({ ...sameCustomer })).toBe(false);
      expect(chooseDashboard({ id: 101, name: 'Hoofdvestiging' })).toBe(false);
    });
    expect(loads(101)).toBe(1);

    await user.selectOptions(screen.getByTestId('dashboard-select'), '102');
    await screen.findByTestId('contract-KL-270002');
    expect(loads(102)).toBe(1);
    expect(screen.queryByTestId('contract-KL-270001')).not.toBeInTheDocument();

    // Choosing the selected customer again keeps dashboard 102.
    act(() => {
      chooseCustomer({ ...sameCustomer });
    });
    expect(screen.getByTestId('dashboard-select')).toHaveValue('102');
    expect(loads(102)).toBe(1);
    expect(loads(101)).toBe(1);

    await user.selectOptions(screen.getByTestId('customer-select'), '12');
    await waitFor(() => expect(loads(201)).toBe(1));
    expect(screen.getByTestId('dashboard-selection')).toHaveTextContent(
      'Klant: Jansen Logistiek · Dashboard: Depot',
    );
  });

  it('shows a customer without dashboards by its customer data', async () => {
    const server = createFakeServer({});
    server.on('GET', '/rest/contractData/13', () => ({ status: 200, body: [gasContract] }));
    await openDashboard(server, '/dashboard', {
      allowedCustomers: [{ id: 13, name: 'Losse Klant', dashboards: [] }],
    });
    await screen.findByTestId('contract-KL-270001');
    expect(server.callsTo('GET', '/rest/contractData/13')).toHaveLength(1);
    expect(server.callsTo('GET', '/rest/contractSummary/13')).toHaveLength(1);
  });
});

describe('cached positions and loading state', () => {
  it('keeps positions in the spec storage keys and shows them at once, marked DC_37, until fresh data arrives', async () => {
    const first = await openDashboard(serverWith([gasContract]));
    await screen.findByTestId('summary-KL-270001');
    expect(JSON.parse(window.localStorage.getItem('position_KL-270001') ?? 'null')).toMatchObject({
      contractId: 'KL-270001',
      statusPerContract: { yearStatuses: expect.any(Array) },
    });
    expect(window.localStorage.getItem('position_KL-270001')).not.toContain('"clicks"');
    expect(JSON.parse(window.sessionStorage.getItem('clicks_KL-270001') ?? 'null')).toEqual([]);
    expect(JSON.parse(window.sessionStorage.getItem('summaryD_101') ?? 'null')).toHaveLength(1);
    first.app.unmount();

    // The page opens again while the server is slow.
    let answer: (contracts: ContractData[]) => void = () => {};
    const slow = createFakeServer({});
    slow.on(
      'GET',
      '/rest/dashboardContractData/101',
      () =>
        new Promise((resolve) => {
          answer = (contracts) => resolve({ status: 200, body: contracts });
        }),
    );
    slow.on('GET', '/rest/dashboardContractSummary/101', () => ({
      status: 200,
      body: [aSummary()],
    }));
    renderApp(slow, '/dashboard');
    expect(await screen.findByTestId('positions-cached')).toHaveTextContent(
      'U ziet de laatst opgeslagen gegevens',
    );
    expect(screen.getByTestId('reason-KL-270001-2027-Y')).toHaveTextContent(
      'Gegevens worden geladen',
    );
    expect(screen.getByTestId('reason-KL-270001-2027-Q2')).toHaveTextContent(
      'Gegevens worden geladen',
    );
    expect(screen.queryAllByTestId(/^click-/)).toEqual([]);

    await waitFor(() =>
      expect(slow.callsTo('GET', '/rest/dashboardContractData/101')).toHaveLength(1),
    );
    act(() => answer([gasContract]));
    expect(await screen.findByTestId('click-KL-270001-2027-Y')).toBeInTheDocument();
    expect(screen.queryByTestId('positions-cached')).not.toBeInTheDocument();
    expect(screen.getByTestId('reason-KL-270001-2027-Q2')).toHaveTextContent(
      'Klikdeadline voor deze periode is verstreken',
    );
  });

  it('shows skeletons while loading without stored data', async () => {
    const server = createFakeServer({});
    server.on('GET', '/rest/dashboardContractData/101', () => new Promise(() => {}));
    await openDashboard(server);
    const loading = await screen.findByTestId('positions-loading');
    expect(within(loading).getByRole('status')).toHaveTextContent('Posities worden geladen');
  });

  it('says clearly that loading failed, logs it, and loads again on retry', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = serverWith([gasContract]);
    let failing = true;
    server.on('GET', '/rest/dashboardContractData/101', () =>
      failing
        ? { status: 500, body: { code: 'INTERNAL', message: 'Database down' } }
        : { status: 200, body: [gasContract] },
    );
    const { user } = await openDashboard(server);
    const error = await screen.findByTestId('positions-error');
    expect(error).toHaveTextContent('De posities konden niet worden geladen');
    expect(screen.queryByTestId('contract-KL-270001')).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(
      'Contract data of dashboard 101 could not be loaded',
      expect.anything(),
    );
    failing = false;
    await user.click(within(error).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByTestId('click-KL-270001-2027-Y')).toBeInTheDocument();
  });

  it('refreshes one contract on its own and replaces it in the grid', async () => {
    const server = serverWith([gasContract]);
    server.on('GET', '/rest/contractData/contract/11/KL-270001', () => ({
      status: 200,
      body: aContract({
        status: (maturity) =>
          maturity === 'Y' ? { clickable: false, disableClickReason: 'DC_31' } : {},
      }),
    }));
    const { user } = await openDashboard(server);
    await screen.findByTestId('click-KL-270001-2027-Y');
    await user.click(screen.getByRole('button', { name: 'Contract KL-270001 vernieuwen' }));
    expect(await screen.findByTestId('reason-KL-270001-2027-Y')).toHaveTextContent(
      'Transactie voor deze periode is nog in behandeling',
    );
    expect(server.callsTo('GET', '/rest/dashboardContractData/101')).toHaveLength(1);
  });
});
