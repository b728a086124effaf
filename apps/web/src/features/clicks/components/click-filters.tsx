import { Button, Group, SimpleGrid } from '@mantine/core';
import type { ClickFilterQuery, ContractSummary } from '@klik/api';
import { MATURITIES } from '@klik/domain';
import { useT } from '../../../shared/i18n/use-t';
import type { FilterField } from '../derive/click-filter';
import { clickStatusKey } from '../../../shared/i18n/domain-labels';
import { ChoiceFilter } from '../../../shared/ui/choice-filter';
import { PeriodFilter } from '../../../shared/ui/period-filter';
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
  const all = t('clicks.filter.all');
  const years = [...new Set(contracts.flatMap((contract) => contract.yearsOfSupply))].sort();
  return (
    <form
      aria-label={t('clicks.filter.label')}
      data-testid="click-filters"
      onSubmit={(event) => event.preventDefault()}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }} spacing="sm">
        <ChoiceFilter
          label={t('clicks.filter.contract')}
          value={filter.contractId}
          allLabel={all}
          choices={contracts.map((contract) => ({
            value: contract.contractId,
            label: `${contract.contractId} · ${contract.product}`,
          }))}
          onChange={(value) => onChange('contractId', value)}
          testId="filter-contractId"
        />
        <ChoiceFilter
          label={t('clicks.filter.year')}
          value={filter.year === undefined ? undefined : String(filter.year)}
          allLabel={all}
          choices={years.map((year) => String(year))}
          onChange={(value) => onChange('year', value)}
          testId="filter-year"
        />
        <ChoiceFilter
          label={t('clicks.filter.maturity')}
          value={filter.maturity}
          allLabel={all}
          choices={MATURITIES}
          onChange={(value) => onChange('maturity', value)}
          testId="filter-maturity"
        />
        <ChoiceFilter
          label={t('clicks.filter.status')}
          value={filter.status}
          allLabel={all}
          choices={CLICK_STATUSES.map((status) => ({
            value: status,
            label: t(clickStatusKey(status)),
          }))}
          onChange={(value) => onChange('status', value)}
          testId="filter-status"
        />
        <PeriodFilter
          from={filter.from}
          to={filter.to}
          fromLabel={t('clicks.filter.from')}
          toLabel={t('clicks.filter.to')}
          onChange={onChange}
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
