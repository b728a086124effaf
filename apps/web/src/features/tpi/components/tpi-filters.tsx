import { useState } from 'react';
import { Button, Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { TPI_SORT_FIELDS, type TpiFilter } from '@klik/api';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { useT } from '../../../shared/i18n/use-t';
import type { TpiFilterField } from '../derive/tpi-search';

const SORT_LABELS: Record<string, MessageKey> = {
  customer: 'tpi.sort.customer',
  '-customer': 'tpi.sort.customerDesc',
  clicked: 'tpi.sort.clicked',
  '-clicked': 'tpi.sort.clickedDesc',
  deadline: 'tpi.sort.deadline',
  '-deadline': 'tpi.sort.deadlineDesc',
  pending: 'tpi.sort.pending',
  '-pending': 'tpi.sort.pendingDesc',
};

/**
 * The cockpit's filters; every change goes to the address bar at once. The two numbers are typed
 * freely and apply once they are valid (the address bar keeps what was typed).
 */
export function TpiFilters({
  filter,
  search,
  years,
  onChange,
  onReset,
}: {
  filter: TpiFilter;
  /** The address bar, for the numbers as they were typed (also when not valid yet). */
  search: URLSearchParams;
  years: readonly number[];
  onChange: (field: TpiFilterField, value: string) => void;
  onReset: () => void;
}) {
  const t = useT();
  const all = { value: '', label: t('tpi.filter.all') };
  // The typed text is kept here: the address bar follows it a render later, and a second key
  // pressed meanwhile must not be lost.
  const [drafts, setDrafts] = useState({
    behind: search.get('behind') ?? '',
    deadlineDays: search.get('deadlineDays') ?? '',
  });
  const type = (field: 'behind' | 'deadlineDays', value: string) => {
    setDrafts((current) => ({ ...current, [field]: value }));
    onChange(field, value);
  };
  return (
    <form
      aria-label={t('tpi.filter.label')}
      data-testid="tpi-filters"
      onSubmit={(event) => event.preventDefault()}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="sm">
        <NativeSelect
          label={t('tpi.filter.commodity')}
          value={filter.commodity ?? ''}
          onChange={(event) => onChange('commodity', event.currentTarget.value)}
          data={[
            all,
            { value: 'Power', label: t('tpi.filter.power') },
            { value: 'Gas', label: t('tpi.filter.gas') },
          ]}
          data-testid="tpi-filter-commodity"
        />
        <NativeSelect
          label={t('tpi.filter.year')}
          value={filter.year === undefined ? '' : String(filter.year)}
          onChange={(event) => onChange('year', event.currentTarget.value)}
          data={[all, ...years.map((year) => String(year))]}
          data-testid="tpi-filter-year"
        />
        <TextInput
          label={t('tpi.filter.behind')}
          inputMode="decimal"
          value={drafts.behind}
          onChange={(event) => type('behind', event.currentTarget.value)}
          error={
            drafts.behind !== '' && filter.behind === undefined
              ? t('tpi.filter.invalidBehind')
              : undefined
          }
          data-testid="tpi-filter-behind"
        />
        <TextInput
          label={t('tpi.filter.deadlineDays')}
          inputMode="numeric"
          value={drafts.deadlineDays}
          onChange={(event) => type('deadlineDays', event.currentTarget.value)}
          error={
            drafts.deadlineDays !== '' && filter.deadlineDays === undefined
              ? t('tpi.filter.invalidDays')
              : undefined
          }
          data-testid="tpi-filter-deadlineDays"
        />
        <NativeSelect
          label={t('tpi.filter.sort')}
          value={filter.sort ?? 'customer'}
          onChange={(event) => onChange('sort', event.currentTarget.value)}
          data={TPI_SORT_FIELDS.flatMap((field) => [field, `-${field}`]).map((value) => ({
            value,
            label: t(SORT_LABELS[value] as MessageKey),
          }))}
          data-testid="tpi-filter-sort"
        />
      </SimpleGrid>
      <Group mt="xs">
        <Button
          variant="subtle"
          size="xs"
          onClick={() => {
            setDrafts({ behind: '', deadlineDays: '' });
            onReset();
          }}
          data-testid="tpi-filter-reset"
        >
          {t('tpi.filter.reset')}
        </Button>
      </Group>
    </form>
  );
}
