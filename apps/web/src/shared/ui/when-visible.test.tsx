import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenVisible } from './when-visible';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WhenVisible', () => {
  it('draws its children only once they come near the screen', () => {
    let report: ((entries: { isIntersecting: boolean }[]) => void) | null = null;
    const disconnect = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          report = callback;
        }
        observe() {}
        disconnect = disconnect;
      },
    );
    render(
      <WhenVisible minHeight={300}>
        <p>chart</p>
      </WhenVisible>,
    );
    expect(screen.queryByText('chart')).toBeNull();
    expect(screen.getByTestId('when-visible-placeholder')).toHaveStyle({ minHeight: '300px' });
    act(() => report?.([{ isIntersecting: false }]));
    expect(screen.queryByText('chart')).toBeNull();
    act(() => report?.([{ isIntersecting: true }]));
    expect(screen.getByText('chart')).toBeInTheDocument();
    expect(disconnect).toHaveBeenCalled();
  });

  it('draws at once where the browser cannot tell what is visible', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenVisible minHeight={300}>
        <p>chart</p>
      </WhenVisible>,
    );
    expect(screen.getByText('chart')).toBeInTheDocument();
  });
});
