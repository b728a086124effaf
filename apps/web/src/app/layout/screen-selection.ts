import { useMatches } from 'react-router';

/**
 * Which of the header's selectors a screen works with. A route declares it in its `handle`
 * (`handle: { selection: 'customer' } satisfies ShellHandle`); screens without one show none.
 */
export type ScreenSelection = 'customer' | 'customerAndDashboard';

export interface ShellHandle {
  selection?: ScreenSelection;
}

function selectionOf(handle: unknown): ScreenSelection | undefined {
  if (typeof handle !== 'object' || handle === null || !('selection' in handle)) return undefined;
  const { selection } = handle;
  return selection === 'customer' || selection === 'customerAndDashboard' ? selection : undefined;
}

/** The selectors of the screen on display: the deepest route that declares them decides. */
export function useScreenSelection(): ScreenSelection | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const selection = selectionOf(matches[index]?.handle);
    if (selection) return selection;
  }
  return null;
}
