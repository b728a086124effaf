import { Table, UnstyledButton } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';
import type { SortState } from '../derive/list-query';

/** A column header that sorts a server-paged list by its field, saying which way it is sorted. */
export function SortHeader<S extends string>({
  field,
  label,
  sort,
  onSort,
}: {
  field: S;
  label: string;
  sort: SortState<S>;
  onSort: (field: S) => void;
}) {
  const t = useT();
  const active = sort.field === field;
  const direction = active ? (sort.descending ? 'descending' : 'ascending') : 'none';
  return (
    <Table.Th scope="col" aria-sort={direction}>
      <UnstyledButton
        onClick={() => onSort(field)}
        fw={700}
        fz="sm"
        data-testid={`sort-${field}`}
        aria-label={t('admin.users.sortBy', { column: label })}
      >
        {label}
        <span aria-hidden="true">{active ? (sort.descending ? ' ▼' : ' ▲') : ''}</span>
      </UnstyledButton>
    </Table.Th>
  );
}
