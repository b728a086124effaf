import { Button, Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import type { ClickFilterQuery, ContractSummary } from '@klik/api';
import { MATURITIES } from '@klik/domain';
import { useT } from '../../../shared/i18n/use-t';
import type { FilterField } from '../derive/click-filter';
import { clickStatusKey } from '../../../shared/i18n/domain-labels';
import { CLICK_STATUSES } from './click-labels';

/** The overview's filters; every change goes to the address bar at once. */
export function ClickFilters({
  filter,
  contracts,
  onChange,
  onReset,
}: {
  filter: ClickFilterQuery;
  contracts: readonly ContractSummary[];
  onChange: (field: FilterField, value: string) => void;
  onReset: () => void;
}) {
  const t = useT();
  const all = { value: '', label: t('clicks.filter.all') };
  const years = [...new Set(contracts.flatMap((contract) => contract.yearsOfSupply))].sort();
  return (
    <form
      aria-label={t('clicks.filter.label')}
      data-testid="click-filters"
      onSubmit={(event) => event.preventDefault()}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }} spacing="sm">
        <NativeSelect
          label={t('clicks.filter.contract')}
          value={filter.contractId ?? ''}
          onChange={(event) => onChange('contractId', event.currentTarget.value)}
          data={[
            all,
            ...contracts.map((contract) => ({
              value: contract.contractId,
              label: `${contract.contractId} · ${contract.product}`,
            })),
          ]}
          data-testid="filter-contractId"
        />
        <NativeSelect
          label={t('clicks.filter.year')}
          value={filter.year === undefined ? '' : String(filter.year)}
          onChange={(event) => onChange('year', event.currentTarget.value)}
          data={[all, ...years.map((year) => String(year))]}
          data-testid="filter-year"
        />
        <NativeSelect
          label={t('clicks.filter.maturity')}
          value={filter.maturity ?? ''}
          onChange={(event) => onChange('maturity', event.currentTarget.value)}
          data={[all, ...MATURITIES]}
          data-testid="filter-maturity"
        />
        <NativeSelect
          label={t('clicks.filter.status')}
          value={filter.status ?? ''}
          onChange={(event) => onChange('status', event.currentTarget.value)}
          data={[
            all,
            ...CLICK_STATUSES.map((status) => ({
              value: status,
              label: t(clickStatusKey(status)),
            })),
          ]}
          data-testid="filter-status"
        />
        <TextInput
          type="date"
          label={t('clicks.filter.from')}
          value={filter.from ?? ''}
          onChange={(event) => onChange('from', event.currentTarget.value)}
          data-testid="filter-from"
        />
        <TextInput
          type="date"
          label={t('clicks.filter.to')}
          value={filter.to ?? ''}
          onChange={(event) => onChange('to', event.currentTarget.value)}
          data-testid="filter-to"
        />
      </SimpleGrid>
      <Group mt="xs">
        <Button variant="subtle" size="xs" onClick={onReset} data-testid="filter-reset">
          {t('clicks.filter.reset')}
        </Button>
      </Group>
    </form>
  );
}
