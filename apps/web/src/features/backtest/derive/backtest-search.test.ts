import { describe, expect, it } from 'vitest';
import {
  parametersFromSearch,
  rankingFromSearch,
  rankingQuery,
  replayQuery,
  viewFromSearch,
  yearFromSearch,
} from './backtest-search';

const search = (query: string) => new URLSearchParams(query);

describe('the strategy screen in the address bar', () => {
  it('reads the parameters, each with its default when absent', () => {
    expect(parametersFromSearch(search(''))).toEqual({
      trancheSchedule: 'MONTHLY',
      limitDays: 20,
      limitShare: 10,
      reference: 'EQUAL_TRANCHES',
    });
    expect(
      parametersFromSearch(
        search('schedule=QUARTERLY&limitDays=60&limitShare=25&reference=CORRIDOR_MIDDLE'),
      ),
    ).toEqual({
      trancheSchedule: 'QUARTERLY',
      limitDays: 60,
      limitShare: 25,
      reference: 'CORRIDOR_MIDDLE',
    });
  });

  it('leaves out what does not parse: a hand-edited link still opens', () => {
    expect(
      parametersFromSearch(search('schedule=WEEKLY&limitDays=4&limitShare=abc&reference=ACTUAL')),
    ).toEqual({
      trancheSchedule: 'MONTHLY',
      limitDays: 20,
      limitShare: 10,
      reference: 'EQUAL_TRANCHES',
    });
    expect(yearFromSearch(search('contract=KL-270001&year=soon'))).toEqual({
      contractId: 'KL-270001',
      yearOfSupply: null,
    });
    expect(rankingFromSearch(search('rankPage=0&rankSort=risk&rankDir=up'))).toEqual({
      reference: 'EQUAL_TRANCHES',
      page: 1,
      pageSize: 25,
      sort: 'againstReference',
      direction: 'desc',
    });
    expect(viewFromSearch(search('view=other'))).toBe('year');
  });

  it("writes the server's queries", () => {
    expect(replayQuery('KL-270001', 2027, parametersFromSearch(search('limitDays=30')))).toBe(
      'contractId=KL-270001&yearOfSupply=2027&trancheSchedule=MONTHLY&limitDays=30&limitShare=10&reference=EQUAL_TRANCHES',
    );
    expect(
      rankingQuery(
        rankingFromSearch(
          search('reference=LAST_DAY&rankPage=2&rankSort=customerName&rankDir=asc'),
        ),
      ),
    ).toBe('reference=LAST_DAY&page=2&pageSize=25&sort=customerName&direction=asc');
  });
});
