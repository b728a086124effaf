import { describe, expect, it } from 'vitest';
import {
  duplicateMarginLine,
  marginLineFor,
  resolveMargin,
  scenarioVersionAt,
  type MarginLine,
  type MarginScenarioVersion,
} from './margins';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

function line(overrides: Partial<MarginLine> = {}): MarginLine {
  return {
    commodity: 'Power',
    part: 'Peak',
    maturityType: 'YEAR',
    minVolume: null,
    markUp: '2',
    transactionFee: '0.5',
    ...overrides,
  };
}

function version(overrides: Partial<MarginScenarioVersion> = {}): MarginScenarioVersion {
  return {
    scenarioId: 1,
    version: 1,
    effectiveAt: day('2026-01-01'),
    validFrom: day('2026-01-01'),
    validUntil: null,
    lines: [line()],
    ...overrides,
  };
}

describe('the scenario version that prices a quote', () => {
  const versions = [
    version({ version: 1, effectiveAt: day('2026-01-01') }),
    version({ version: 2, effectiveAt: day('2026-06-01') }),
  ];

  it('is the newest version that had taken effect at the quote time', () => {
    expect(scenarioVersionAt(versions, day('2026-03-01'))?.version).toBe(1);
    expect(scenarioVersionAt(versions, day('2026-06-01'))?.version).toBe(2);
    expect(scenarioVersionAt(versions, day('2027-01-01'))?.version).toBe(2);
  });

  it('does not depend on the order the versions are listed in (newest first)', () => {
    expect(scenarioVersionAt([...versions].reverse(), day('2027-01-01'))?.version).toBe(2);
  });

  it('is none before the first version takes effect', () => {
    expect(scenarioVersionAt(versions, day('2025-12-31'))).toBeNull();
  });

  it('is none outside the validity period (from inclusive, until exclusive)', () => {
    const bounded = [version({ validFrom: day('2026-02-01'), validUntil: day('2026-03-01') })];
    expect(scenarioVersionAt(bounded, day('2026-01-15'))).toBeNull();
    expect(scenarioVersionAt(bounded, day('2026-02-01'))?.version).toBe(1);
    expect(scenarioVersionAt(bounded, day('2026-03-01'))).toBeNull();
  });
});

describe('the grid line for a part', () => {
  const lines = [
    line({ markUp: '3' }),
    line({ minVolume: '1000', markUp: '2' }),
    line({ minVolume: '5000', markUp: '1' }),
    line({ part: 'OffPeak', markUp: '9' }),
    line({ maturityType: 'MONTH', markUp: '4' }),
  ];
  const question = { commodity: 'Power', part: 'Peak', maturityType: 'YEAR' } as const;

  it('takes the band that starts highest at or below the volume', () => {
    expect(marginLineFor(lines, { ...question, volume: '999.999' })?.markUp).toBe('3');
    expect(marginLineFor(lines, { ...question, volume: '1000' })?.markUp).toBe('2');
    expect(marginLineFor(lines, { ...question, volume: '4999' })?.markUp).toBe('2');
    expect(marginLineFor(lines, { ...question, volume: '20000' })?.markUp).toBe('1');
  });

  it('does not depend on the order of the bands', () => {
    const highestFirst = [...lines].reverse();
    expect(marginLineFor(highestFirst, { ...question, volume: '6000' })?.markUp).toBe('1');
    expect(marginLineFor(highestFirst, { ...question, volume: '1200' })?.markUp).toBe('2');
  });

  it('matches part and maturity type', () => {
    expect(marginLineFor(lines, { ...question, part: 'OffPeak', volume: '1' })?.markUp).toBe('9');
    expect(marginLineFor(lines, { ...question, maturityType: 'MONTH', volume: '1' })?.markUp).toBe(
      '4',
    );
    expect(marginLineFor(lines, { ...question, maturityType: 'QUARTER', volume: '1' })).toBeNull();
  });

  it('has no line below the lowest band', () => {
    expect(marginLineFor([line({ minVolume: '100' })], { ...question, volume: '50' })).toBeNull();
  });

  it('finds two lines for the same cell and band', () => {
    expect(duplicateMarginLine(lines)).toBeNull();
    expect(
      duplicateMarginLine([line({ minVolume: '0' }), line({ minVolume: null })]),
    ).not.toBeNull();
  });
});

describe('precedence: contract scenario, customer scenario, the contract itself', () => {
  const question = {
    commodity: 'Power',
    part: 'Peak',
    maturityType: 'YEAR',
    volume: '10',
  } as const;
  const contractTerms = { markUp: '7', transactionFee: '0.7' };
  const contractScenario = [version({ scenarioId: 1, lines: [line({ markUp: '1' })] })];
  const customerScenario = [version({ scenarioId: 2, lines: [line({ markUp: '2' })] })];
  const at = day('2026-05-01');

  it('takes the contract scenario before the customer scenario', () => {
    const resolved = resolveMargin({
      at,
      question,
      contractScenario,
      customerScenario,
      contractTerms,
    });
    expect(resolved).toEqual({
      markUp: '1',
      transactionFee: '0.5',
      source: { kind: 'scenario', scenarioId: 1, version: 1, assignedTo: 'contract' },
    });
  });

  it('falls to the customer scenario when the contract has none', () => {
    const resolved = resolveMargin({
      at,
      question,
      contractScenario: null,
      customerScenario,
      contractTerms,
    });
    expect(resolved.markUp).toBe('2');
    expect(resolved.source).toMatchObject({ scenarioId: 2, assignedTo: 'customer' });
  });

  it('falls through a scenario that is not valid or has no line for the part', () => {
    const expired = [version({ validUntil: day('2026-04-01'), lines: [line({ markUp: '1' })] })];
    expect(
      resolveMargin({ at, question, contractScenario: expired, customerScenario, contractTerms })
        .markUp,
    ).toBe('2');
    const gasOnly = [version({ lines: [line({ commodity: 'Gas', part: 'Gas' })] })];
    expect(
      resolveMargin({
        at,
        question,
        contractScenario: gasOnly,
        customerScenario: null,
        contractTerms,
      }),
    ).toEqual({ markUp: '7', transactionFee: '0.7', source: { kind: 'contract' } });
  });
});
