import { useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The address bar's query, and a way to change it that never loses a quick earlier change.
 *
 * Navigations render in a transition, so a user can make a second choice before the first one's
 * address has reached the screen. Each edit therefore starts from the newest address this screen
 * asked for, as long as the screen still shows one of the addresses of that chain; an address that
 * came from elsewhere (back button, a link) starts a new chain.
 */
export function useSearchEdits(): [
  URLSearchParams,
  (edit: (next: URLSearchParams) => void) => void,
] {
  const [search, setSearch] = useSearchParams();
  // The address the chain started from, then every address asked for since, oldest first.
  const chain = useRef<string[]>([]);

  function change(edit: (next: URLSearchParams) => void) {
    const shown = search.toString();
    const at = chain.current.indexOf(shown);
    chain.current = at >= 0 ? chain.current.slice(at) : [shown];
    const next = new URLSearchParams(chain.current.at(-1));
    edit(next);
    chain.current.push(next.toString());
    setSearch(next, { replace: true });
  }

  return [search, change];
}
