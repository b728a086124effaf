import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BudgetDetail, BudgetYear, UserSession } from '@klik/api';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeServer, type FakeServer } from '../../../test/fake-server';
import { screen, spaced, openAs } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

function aYear(overrides: Partial<BudgetYear> = {}): BudgetYear {
  return {
    contractId: 'KL-270001',
    commodity: 'Gas',
    product: 'Gas TTF',
    yearOfSupply: 2027,
    budget: {
      budgetPrice: '40',
      lowerBound: '35',
      upperBound: '45',
      updatedAt: '2026-11-20T10:00:00.000Z',
    },
    standing: {
      fixedVolume: '600',
      fixedAveragePrice: '30',
      openVolume: '600',
      openAveragePrice: '42.25',
      expectedPrice: '36.125',
      zone: 'WITHIN',
      deviation: '-3.875',
      parts: [
        {
          name: 'Gas',
          totalVolume: '1200',
          fixedVolume: '600',
          fixedAveragePrice: '30',
          openVolume: '600',
          clickPrice: '42.25',
        },
      ],
    },
    ...overrides,
  };
}

function aDetail(overrides: Partial<BudgetDetail> = {}): BudgetDetail {
  return {
    ...aYear(),
    history: [
      { day: '2026-11-19', expectedPrice: '37.5' },
      { day: '2026-11-20', expectedPrice: '36.125' },
    ],
    ...overrides,
  };
}

const DETAIL_PATH = '/rest/budgets/11/KL-270001/2027';

function server(years: BudgetYear[], detail: BudgetDetail = aDetail()): FakeServer {
  const fake = createFakeServer({});
  fake.on('GET', '/rest/budgets/11', () => ({ status: 200, body: years }));
  fake.on('GET', DETAIL_PATH, () => ({ status: 200, body: detail }));
  return fake;
}

function open(fake: FakeServer, session: Partial<UserSession> = {}) {
  return openAs(fake, '/budget', session).user;
}

describe('budget screen', () => {
  it('shows where the year stands against its bandwidth, with the chart and its numbers', async () => {
    open(server([aYear()]));
    expect(await screen.findByTestId('budget-expected')).toHaveTextContent('36,13');
    expect(spaced(screen.getByTestId('budget-fixed').textContent)).toBe('600 MWh · € 30,00/MWh');
    expect(screen.getByTestId('budget-zone')).toHaveTextContent('Binnen de bandbreedte');
    const chart = screen.getByTestId('budget-chart');
    expect(chart).toHaveAccessibleName('Verwachte prijs tegen de bandbreedte');
    // The text alternative: every day's expected price, and the bounds in the caption.
    const table = within(chart).getByRole('table');
    expect(spaced(table.textContent)).toContain('bandbreedte € 35,00/MWh tot € 45,00/MWh');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(spaced(within(table).getAllByRole('row')[2]!.textContent)).toContain('€ 36,13/MWh');
    await expectNoAxeViolations();
  });

  it('says what to do when there is nothing yet', async () => {
    open(server([]));
    expect(await screen.findByTestId('budget-empty')).toHaveTextContent('nog geen contractjaren');
  });

  it('sets a budget from percentages and shows a refusal at its field', async () => {
    const none = aYear({
      budget: null,
      standing: { ...aYear().standing, zone: null, deviation: null },
    });
    const fake = server([none], aDetail({ budget: null, standing: none.standing, history: [] }));
    const bodies: unknown[] = [];
    fake.on('PUT', DETAIL_PATH, ({ body }) => {
      bodies.push(JSON.parse(body ?? '{}'));
      return bodies.length === 1
        ? {
            status: 400,
            body: { code: 'BUDGET_PRICE_INVALID', message: 'x', details: { field: 'budgetPrice' } },
          }
        : { status: 200, body: aDetail() };
    });
    const user = open(fake);
    expect(await screen.findByTestId('budget-none')).toHaveTextContent('nog geen budget');
    await user.click(screen.getByRole('radio', { name: 'Percentages' }));
    await user.type(screen.getByTestId('budget-price'), '0');
    await user.click(screen.getByTestId('budget-save'));
    await waitFor(() =>
      expect(screen.getByTestId('budget-price')).toHaveAccessibleDescription(
        'Budgetprijs en ondergrens moeten meer dan 0 EUR/MWh zijn',
      ),
    );
    await user.clear(screen.getByTestId('budget-price'));
    await user.type(screen.getByTestId('budget-price'), '40,5');
    expect(spaced(screen.getByTestId('budget-preview').textContent)).toBe(
      'Bandbreedte: € 36,45/MWh tot € 44,55/MWh',
    );
    await user.click(screen.getByTestId('budget-save'));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ budgetPrice: '40.5', lowerBound: '36.45', upperBound: '44.55' });
    expect(await screen.findByTestId('budget-chart')).toBeTruthy();
    // Saved: the form stays with the values and says so.
    expect(screen.getByTestId('budget-saved')).toHaveTextContent('Het budget is opgeslagen.');
    await expectNoAxeViolations();
  });

  it('lets a read-only user see the budget but offers no form', async () => {
    open(server([aYear()]), { readOnly: true });
    expect(await screen.findByTestId('budget-expected')).toBeTruthy();
    expect(screen.queryByTestId('budget-form')).toBeNull();
    expect(screen.getByText('U kunt het budget zien maar niet wijzigen.')).toBeTruthy();
  });
});
