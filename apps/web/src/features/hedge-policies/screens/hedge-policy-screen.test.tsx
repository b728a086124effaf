import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HedgeYear, UserSession } from '@klik/api';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeServer, type FakeServer } from '../../../test/fake-server';
import { screen, spaced, openAs } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

function aYear(overrides: Partial<HedgeYear> = {}): HedgeYear {
  return {
    contractId: 'KL-270001',
    commodity: 'Gas',
    product: 'Gas TTF',
    yearOfSupply: 2027,
    totalVolume: '1200',
    fixedVolume: '300',
    fixedShare: '25',
    points: [
      { date: '2026-11-01', minShare: '30', maxShare: null },
      { date: '2027-06-01', minShare: '60', maxShare: '80' },
    ],
    corridor: { min: '30', max: '100' },
    position: 'BEHIND',
    nextPoint: { date: '2027-06-01', minShare: '60', maxShare: '80' },
    ...overrides,
  };
}

const unset = aYear({
  contractId: 'KL-270002',
  yearOfSupply: 2028,
  points: null,
  corridor: null,
  position: null,
  nextPoint: null,
});

function server(years: HedgeYear[]): FakeServer {
  const fake = createFakeServer({});
  fake.on('GET', '/rest/hedgepolicies/11', () => ({ status: 200, body: years }));
  return fake;
}

function open(fake: FakeServer, path: string, session: Partial<UserSession> = {}) {
  return openAs(fake, path, session).user;
}

describe('hedge policy screen', () => {
  it('shows each year ahead against its corridor', async () => {
    open(server([aYear(), unset]), '/hedgepolicy');
    const row = await screen.findByTestId('hedge-row-KL-270001-2027');
    expect(spaced(row.textContent)).toContain('25%');
    expect(spaced(row.textContent)).toContain('30% tot 100%');
    expect(screen.getByTestId('hedge-position-KL-270001-2027')).toHaveTextContent('Achter');
    expect(spaced(row.textContent)).toContain('Vanaf 01-06-2027: ten minste 60%');
    expect(screen.getByTestId('hedge-row-KL-270002-2028')).toHaveTextContent('Geen beleid');
    await expectNoAxeViolations();
  });

  it('sets a policy from the suggested points and shows a refusal', async () => {
    const fake = server([unset]);
    const bodies: unknown[] = [];
    fake.on('PUT', '/rest/hedgepolicies/11/KL-270002/2028', ({ body }) => {
      bodies.push(JSON.parse(body ?? '{}'));
      return bodies.length === 1
        ? {
            status: 400,
            body: { code: 'HEDGE_SHARES_INVALID', message: 'x', details: { field: 'points' } },
          }
        : { status: 200, body: aYear({ contractId: 'KL-270002', yearOfSupply: 2028 }) };
    });
    const user = open(fake, '/hedgepolicy');
    await user.click(await screen.findByTestId('hedge-edit-KL-270002-2028'));
    const form = screen.getByTestId('hedge-form');
    expect(within(form).getByTestId('hedge-date-0')).toHaveValue('2027-01-01');
    await user.type(within(form).getByTestId('hedge-max-0'), '20');
    await user.click(within(form).getByTestId('hedge-save'));
    expect(await screen.findByTestId('hedge-failure')).toHaveTextContent(
      'Het maximum mag niet onder het minimum liggen',
    );
    await user.clear(within(form).getByTestId('hedge-max-0'));
    await user.click(within(form).getByTestId('hedge-save'));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({
      points: [
        { date: '2027-01-01', minShare: '30', maxShare: null },
        { date: '2027-07-01', minShare: '60', maxShare: null },
        { date: '2027-12-01', minShare: '90', maxShare: null },
      ],
    });
    expect(await screen.findByTestId('hedge-saved')).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('says what to do without years ahead', async () => {
    open(server([]), '/hedgepolicy');
    expect(await screen.findByTestId('hedge-empty')).toHaveTextContent(
      'geen komende contractjaren',
    );
  });

  it('is read-only for a read-only user', async () => {
    open(server([aYear()]), '/hedgepolicy', { readOnly: true });
    expect(await screen.findByTestId('hedge-row-KL-270001-2027')).toBeTruthy();
    expect(screen.queryByTestId('hedge-edit-KL-270001-2027')).toBeNull();
  });
});

describe('hedge corridor on the dashboard', () => {
  it('shows the years with a policy, and nothing without one', async () => {
    open(server([aYear(), unset]), '/dashboard');
    const panel = await screen.findByTestId('hedge-panel');
    expect(spaced(within(panel).getByTestId('hedge-panel-KL-270001-2027').textContent)).toContain(
      '25% vastgelegd, corridor 30% tot 100%',
    );
    expect(within(panel).queryByTestId('hedge-panel-KL-270002-2028')).toBeNull();
    await expectNoAxeViolations();
  });
});
