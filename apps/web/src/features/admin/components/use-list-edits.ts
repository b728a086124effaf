import { useSearchEdits } from '../../../shared/routing/use-search-edits';

/**
 * A server-paged list's address-bar query, a change of one field (a new filter or sort starts at
 * the first page) and a reset of every field.
 */
export function useListEdits() {
  const [search, edit] = useSearchEdits();
  const change = (field: string, value: string) =>
    edit((next) => {
      if (value === '') next.delete(field);
      else next.set(field, value);
      if (field !== 'page') next.delete('page');
    });
  const reset = () =>
    edit((next) => {
      for (const field of [...next.keys()]) next.delete(field);
    });
  return { search, change, reset };
}
