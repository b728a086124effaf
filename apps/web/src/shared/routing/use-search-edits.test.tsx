import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSearchEdits } from './use-search-edits';

function renderEdits(start: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[start]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => {
      const [search, edit] = useSearchEdits();
      return { search, edit, navigate: useNavigate() };
    },
    { wrapper },
  );
}

describe('useSearchEdits', () => {
  it('keeps a quick earlier change when the screen has not shown it yet', () => {
    const { result } = renderEdits('/clickoverview?status=PENDING_APPROVAL');
    // Both edits come from the same render, as two choices made before the first address lands.
    const { edit } = result.current;
    act(() => {
      edit((next) => next.set('contractId', 'KL-270002'));
      edit((next) => next.set('maturity', 'Q1'));
    });
    expect(result.current.search.toString()).toBe(
      'status=PENDING_APPROVAL&contractId=KL-270002&maturity=Q1',
    );
  });

  it('starts from an address that came from elsewhere, such as the back button', () => {
    const { result } = renderEdits('/clickoverview?status=COMPLETED');
    act(() => result.current.edit((next) => next.set('year', '2027')));
    act(() => void result.current.navigate('/clickoverview?maturity=M4'));
    act(() => result.current.edit((next) => next.set('status', 'EXPIRED')));
    expect(result.current.search.toString()).toBe('maturity=M4&status=EXPIRED');
  });
});
