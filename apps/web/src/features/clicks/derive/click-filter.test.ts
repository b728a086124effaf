import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from '../../../shared/api/download-file';
import { filterFromSearch, filterQueryString } from './click-filter';

describe('click overview filters', () => {
  it('reads each filter on its own and drops only the invalid ones', () => {
    const filter = filterFromSearch(
      new URLSearchParams(
        'contractId=KL-270001&year=2027&maturity=Q5&status=COMPLETED&from=2026-13-01',
      ),
    );
    expect(filter).toEqual({ contractId: 'KL-270001', year: 2027, status: 'COMPLETED' });
  });

  it('writes the same filters for the history and export calls in a fixed order', () => {
    expect(
      filterQueryString({ status: 'REJECTED', contractId: 'KL-270001', to: '2026-11-30' }),
    ).toBe('?contractId=KL-270001&status=REJECTED&to=2026-11-30');
    expect(filterQueryString({}, { format: 'xlsx' })).toBe('?format=xlsx');
    expect(filterQueryString({})).toBe('');
  });

  it('takes the download name from content-disposition and never a path', () => {
    expect(filenameFromDisposition('attachment; filename="klik-clicks-11.csv"', 'x')).toBe(
      'klik-clicks-11.csv',
    );
    expect(filenameFromDisposition("attachment; filename*=UTF-8''klik%20clicks.xlsx", 'x')).toBe(
      'klik clicks.xlsx',
    );
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"', 'x')).toBe('passwd');
    expect(filenameFromDisposition(null, 'klik-clicks.csv')).toBe('klik-clicks.csv');
  });
});
