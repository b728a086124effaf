import { fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  MARGIN_PATHS,
  type MarginPreview,
  type ScenarioDetail,
  type ScenarioPage,
  type UserSession,
  pathTo,
} from '@klik/api';
import { startSession } from '../../../shared/session/session-store';
import { expectNoAxeViolations } from '../../../test/axe';
import { aUserSession } from '../../../test/builders';
import { createFakeServer, type FakeServer } from '../../../test/fake-server';
import { renderApp, screen } from '../../../test/render-app';

vi.setConfig({ testTimeout: 30_000 });

const anAdmin = () =>
  aUserSession({
    token: 'token-of-admin',
    role: 'admin',
    name: 'Anna Beheer',
    allowedCustomers: [],
  });

function aDetail(version = 1, peakQuarterMarkUp = '3'): ScenarioDetail {
  const current = {
    scenarioId: 5,
    version,
    name: 'Standaard 2027',
    validFrom: '2026-01-01',
    validUntil: null,
    effectiveAt: '2026-11-20T09:00:00Z',
    createdAt: '2026-11-20T09:00:00Z',
    createdBy: 'beheer',
  };
  return {
    current: {
      ...current,
      lines: [
        {
          commodity: 'Power',
          part: 'Peak',
          maturityType: 'QUARTER',
          minVolume: null,
          markUp: peakQuarterMarkUp,
          transactionFee: '0.5',
        },
      ],
    },
    versions: [current],
    customers: [{ id: 11, name: 'Bakkerij Van der Meer B.V.' }],
    contracts: [],
  };
}

const aPage = (detail = aDetail()): ScenarioPage => ({
  data: [
    {
      id: 5,
      name: detail.current.name,
      version: detail.current.version,
      validFrom: '2026-01-01',
      validUntil: null,
      effectiveAt: detail.current.effectiveAt,
      customers: 1,
      contracts: 0,
    },
  ],
  page: 0,
  size: 20,
  total: 1,
});

function open(
  path: string,
  fake: FakeServer = createFakeServer({}),
  session: UserSession = anAdmin(),
) {
  fake.on('GET', MARGIN_PATHS.pricingIds, () => ({
    status: 200,
    body: { data: [{ product: '*', part: 'Gas', marketProduct: 'TTF_GAS' }] },
  }));
  startSession(session);
  const app = renderApp(fake, path);
  return { app, fake, user: userEvent.setup() };
}

function bodiesOf(fake: FakeServer, method: string, path: string): unknown[] {
  return fake.callsTo(method, path).map((request) => JSON.parse(request.body ?? 'null'));
}

describe('managemargins', () => {
  it('lists the scenarios and saves an edited grid as a new version', async () => {
    const fake = createFakeServer({});
    fake.on('GET', MARGIN_PATHS.scenarios, () => ({ status: 200, body: aPage() }));
    fake.on('GET', pathTo(MARGIN_PATHS.scenario, { scenarioId: 5 }), () => ({
      status: 200,
      body: aDetail(),
    }));
    fake.on('PUT', pathTo(MARGIN_PATHS.scenario, { scenarioId: 5 }), () => ({
      status: 200,
      body: aDetail(2, '4.25'),
    }));
    const { app, user } = open('/managemargins', fake);

    const list = await screen.findByTestId('scenario-list');
    expect(within(list).getByTestId('scenario-5')).toHaveTextContent('Standaard 2027');
    await user.click(within(list).getByRole('button', { name: 'Standaard 2027' }));
    await waitFor(() => expect(app.location()).toBe('/managemargins?scenario=5'));

    const markUp = await screen.findByRole('textbox', { name: 'Opslag van Peak, Kwartaal' });
    expect(markUp).toHaveValue('3');
    await user.clear(markUp);
    await user.type(markUp, '4,25');
    await user.type(screen.getByRole('textbox', { name: 'Opslag van Gas, Jaar' }), '1');
    await user.type(screen.getByRole('textbox', { name: 'Transactiekosten van Gas, Jaar' }), '0.1');
    await user.click(screen.getByTestId('save-scenario'));

    await waitFor(() =>
      expect(fake.callsTo('PUT', pathTo(MARGIN_PATHS.scenario, { scenarioId: 5 }))).toHaveLength(1),
    );
    await screen.findByText('Opgeslagen als versie 2. Nieuwe offertes gebruiken deze versie.');
    expect(bodiesOf(fake, 'PUT', pathTo(MARGIN_PATHS.scenario, { scenarioId: 5 }))).toEqual([
      {
        version: 1,
        draft: {
          name: 'Standaard 2027',
          validFrom: '2026-01-01',
          validUntil: null,
          lines: [
            {
              commodity: 'Gas',
              part: 'Gas',
              maturityType: 'YEAR',
              minVolume: null,
              markUp: '1',
              transactionFee: '0.1',
            },
            {
              commodity: 'Power',
              part: 'Peak',
              maturityType: 'QUARTER',
              minVolume: null,
              markUp: '4.25',
              transactionFee: '0.5',
            },
          ],
        },
      },
    ]);
    await expectNoAxeViolations();
  });

  it('adds a volume band and refuses a grid with a wrong amount without calling the server', async () => {
    const fake = createFakeServer({});
    fake.on('GET', MARGIN_PATHS.scenarios, () => ({
      status: 200,
      body: { data: [], page: 0, size: 20, total: 0 },
    }));
    const { user } = open('/managemargins?scenario=new', fake);
    await screen.findByTestId('scenarios-empty');
    await user.type(await screen.findByTestId('scenario-name'), 'Groot verbruik');
    await user.click(screen.getByRole('button', { name: 'Volumeband toevoegen aan Gas, Jaar' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Vanaf volume (MWh) van Gas, Jaar' }),
      '5000',
    );
    await user.type(
      screen.getByRole('textbox', { name: 'Opslag van Gas, Jaar, vanaf 5000 MWh' }),
      '1.12345',
    );
    await user.type(
      screen.getByRole('textbox', { name: 'Transactiekosten van Gas, Jaar, vanaf 5000 MWh' }),
      '0',
    );
    await user.click(screen.getByTestId('save-scenario'));
    expect(
      await screen.findAllByText('Een bedrag van 0 of meer, hoogstens 4 decimalen'),
    ).toHaveLength(1);
    expect(fake.callsTo('POST', MARGIN_PATHS.scenarios)).toHaveLength(0);
  });

  it('saves a version that takes effect at a chosen later time, never at one in the past', async () => {
    const fake = createFakeServer({});
    fake.on('GET', MARGIN_PATHS.scenarios, () => ({ status: 200, body: aPage() }));
    fake.on('GET', pathTo(MARGIN_PATHS.scenario, { scenarioId: 5 }), () => ({
      status: 200,
      body: aDetail(),
    }));
    fake.on('PUT', pathTo(MARGIN_PATHS.scenario, { scenarioId: 5 }), () => ({
      status: 200,
      body: aDetail(2),
    }));
    const { user } = open('/managemargins?scenario=5', fake);
    const from = await screen.findByLabelText('Gaat in op (Nederlandse tijd)');

    fireEvent.change(from, { target: { value: '2020-01-02T07:30' } });
    await user.click(screen.getByTestId('save-scenario'));
    expect(
      await screen.findByText('Kies een moment in de toekomst; een wijziging werkt nooit terug.'),
    ).toBeInTheDocument();
    expect(fake.callsTo('PUT', pathTo(MARGIN_PATHS.scenario, { scenarioId: 5 }))).toHaveLength(0);

    // Amsterdam wall-clock time: 07:30 in winter is 06:30 UTC.
    fireEvent.change(from, { target: { value: '2099-01-02T07:30' } });
    await user.click(screen.getByTestId('save-scenario'));
    await waitFor(() =>
      expect(fake.callsTo('PUT', pathTo(MARGIN_PATHS.scenario, { scenarioId: 5 }))).toHaveLength(1),
    );
    expect(
      bodiesOf(fake, 'PUT', pathTo(MARGIN_PATHS.scenario, { scenarioId: 5 }))[0],
    ).toMatchObject({
      version: 1,
      effectiveAt: '2099-01-02T06:30:00.000Z',
    });
    expect(await screen.findByTestId('scenario-saved')).toHaveTextContent(
      'Opgeslagen als versie 2. Nieuwe offertes gebruiken deze versie vanaf 02-01-2099, 07:30.',
    );
    await expectNoAxeViolations();
  });

  it('says so when someone else saved the scenario first', async () => {
    const fake = createFakeServer({});
    fake.on('GET', MARGIN_PATHS.scenarios, () => ({ status: 200, body: aPage() }));
    fake.on('GET', pathTo(MARGIN_PATHS.scenario, { scenarioId: 5 }), () => ({
      status: 200,
      body: aDetail(),
    }));
    fake.on('PUT', pathTo(MARGIN_PATHS.scenario, { scenarioId: 5 }), () => ({
      status: 409,
      body: { code: 'VERSION_CONFLICT', message: 'conflict', details: { currentVersion: 2 } },
    }));
    const { user } = open('/managemargins?scenario=5', fake);
    await user.click(await screen.findByTestId('save-scenario'));
    expect(await screen.findByTestId('scenario-save-error')).toHaveTextContent(
      'Iemand anders heeft dit scenario intussen opgeslagen.',
    );
  });

  it('previews the price now and under the edited scenario for a contract found on the server', async () => {
    const fake = createFakeServer({});
    fake.on('GET', MARGIN_PATHS.scenarios, () => ({ status: 200, body: aPage() }));
    fake.on('GET', pathTo(MARGIN_PATHS.scenario, { scenarioId: 5 }), () => ({
      status: 200,
      body: aDetail(),
    }));
    fake.on('GET', MARGIN_PATHS.contracts, () => ({
      status: 200,
      body: {
        data: [
          {
            id: 7,
            contractId: 'KLIK-P-001',
            customerName: 'Bakkerij Van der Meer B.V.',
            commodity: 'Power',
          },
        ],
      },
    }));
    const preview: MarginPreview = {
      contractId: 'KLIK-P-001',
      yearOfSupply: 2027,
      maturity: 'Q1',
      at: '2026-11-23T10:00:00Z',
      parts: [
        {
          name: 'Peak',
          marketProduct: 'NL_POWER_PEAK',
          marketPrice: '80',
          totalVolume: '300',
          current: {
            markUp: '3',
            transactionFee: '0.5',
            clickPrice: '83.5',
            source: { kind: 'scenario', scenarioId: 5, version: 1, assignedTo: 'customer' },
          },
          edited: {
            markUp: '4',
            transactionFee: '0.5',
            clickPrice: '84.5',
            source: { kind: 'draft' },
          },
        },
      ],
    };
    fake.on('POST', MARGIN_PATHS.preview, () => ({ status: 200, body: preview }));
    const { user } = open('/managemargins?scenario=5', fake);

    const markUp = await screen.findByRole('textbox', { name: 'Opslag van Peak, Kwartaal' });
    await user.clear(markUp);
    await user.type(markUp, '4');
    const find = within(screen.getByTestId('preview-contract')).getByRole('combobox');
    await user.type(find, 'KLIK');
    await user.click(await screen.findByRole('option', { name: /KLIK-P-001/ }));
    await user.clear(screen.getByTestId('preview-year'));
    await user.type(screen.getByTestId('preview-year'), '2027');
    await user.selectOptions(screen.getByTestId('preview-maturity'), 'Q1');
    await user.click(screen.getByTestId('show-preview'));

    expect(await screen.findByTestId('preview-current-Peak')).toHaveTextContent('€ 83,50');
    expect(screen.getByTestId('preview-current-Peak')).toHaveTextContent(
      'scenario 5 versie 1 (klant)',
    );
    expect(screen.getByTestId('preview-edited-Peak')).toHaveTextContent('€ 84,50');
    const [body] = bodiesOf(fake, 'POST', MARGIN_PATHS.preview) as {
      contractId: number;
      yearOfSupply: number;
      maturity: string;
      draft: { lines: { markUp: string }[] };
    }[];
    expect(body).toMatchObject({ contractId: 7, yearOfSupply: 2027, maturity: 'Q1' });
    expect(body?.draft.lines.map((line) => line.markUp)).toEqual(['4']);
    await expectNoAxeViolations();
  });

  it('shows a failed list with a way to try again', async () => {
    const fake = createFakeServer({});
    let fail = true;
    fake.on('GET', MARGIN_PATHS.scenarios, () =>
      fail
        ? { status: 500, body: { code: 'INTERNAL', message: 'x' } }
        : { status: 200, body: aPage() },
    );
    const { user } = open('/managemargins', fake);
    await screen.findByText("De scenario's konden niet worden geladen. Probeer het opnieuw.");
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    await screen.findByTestId('scenario-list');
  });

  it('edits the pricing IDs: a new product priced on another market product', async () => {
    const fake = createFakeServer({});
    fake.on('GET', MARGIN_PATHS.scenarios, () => ({ status: 200, body: aPage() }));
    fake.on('PUT', MARGIN_PATHS.pricingIds, ({ body }) => ({
      status: 200,
      body: JSON.parse(body ?? '{}'),
    }));
    const { user } = open('/managemargins?tab=pricing', fake);
    await screen.findByTestId('pricing-ids-table');
    await user.click(screen.getByTestId('add-pricing-id'));
    await user.type(
      screen.getByRole('textbox', { name: 'Contractproduct van regel 2' }),
      'Groene stroom',
    );
    await user.selectOptions(screen.getByTestId('pricing-id-market-1'), 'NL_POWER_BASE');
    await user.click(screen.getByTestId('save-pricing-ids'));
    await screen.findByText("De pricing-ID's zijn opgeslagen.");
    expect(bodiesOf(fake, 'PUT', MARGIN_PATHS.pricingIds)).toEqual([
      {
        data: [
          { product: '*', part: 'Gas', marketProduct: 'TTF_GAS' },
          { product: 'Groene stroom', part: 'Peak', marketProduct: 'NL_POWER_BASE' },
        ],
      },
    ]);
    await expectNoAxeViolations();
  });

  // Who finds it in the menu: app/layout/navigation.test.ts.
  it('is for administrators only: refused to an account manager', async () => {
    const fake = createFakeServer({});
    const { app } = open('/managemargins', fake, aUserSession({ role: 'accountmanager' }));
    await waitFor(() => expect(app.location()).toBe('/admindashboard'));
    expect(fake.callsTo('GET', MARGIN_PATHS.scenarios)).toHaveLength(0);
  });
});
