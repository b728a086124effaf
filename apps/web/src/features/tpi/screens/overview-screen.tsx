import { useState } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';
import { useSearchEdits } from '../../../shared/routing/use-search-edits';
import { useSession } from '../../../shared/session/use-session';
import { useTpiCockpit } from '../api/use-tpi-cockpit';
import { MultiClickAction } from '../components/multi-click/multi-click-action';
import { SelectionToolbar } from '../components/selection-toolbar';
import { TpiCustomerTable } from '../components/tpi-customer-table';
import { TpiExportButtons } from '../components/tpi-export-buttons';
import { TpiFilters } from '../components/tpi-filters';
import { tpiFilterFromSearch, type TpiFilterField } from '../derive/tpi-search';
import { orderRows } from '../derive/tpi-rows';
import { tpiRankingFromSearch } from '../derive/tpi-ranking-search';
import { TpiRanking } from '../components/tpi-ranking';
import { NoCustomerYet } from '../../../shared/ui/load-states';

/**
 * The TPI consultant's cockpit over every customer they serve (docs/tpi.md): a row per customer
 * that fills in as its data arrives, filters and order in the address bar, exports, a selection
 * for acting for several customers at once, and "sign in as" per customer.
 */
export function OverviewScreen() {
  const t = useT();
  const session = useSession();
  const [search, edit] = useSearchEdits();
  const filter = tpiFilterFromSearch(search);
  const rows = useTpiCockpit(session?.allowedCustomers ?? []);
  const [selected, setSelected] = useState<readonly number[]>([]);
  if (!session) return null;

  const change = (field: TpiFilterField, value: string) =>
    edit((next) => {
      if (value === '') next.delete(field);
      else next.set(field, value);
    });
  const changeRanking = (changes: Readonly<Record<string, string>>) =>
    edit((next) => {
      for (const [param, value] of Object.entries(changes)) {
        if (value === '') next.delete(param);
        else next.set(param, value);
      }
    });
  const reset = () =>
    edit((next) => {
      for (const field of [...next.keys()]) next.delete(field);
    });
  const years = [
    ...new Set(
      rows.flatMap((row) =>
        (row.data?.contracts ?? []).flatMap((contract) =>
          contract.years.map((year) => year.yearOfSupply),
        ),
      ),
    ),
  ].sort();
  const shown = orderRows(rows, filter);

  return (
    <Stack data-testid="screen-overview">
      <Title order={1}>{t('overview.title')}</Title>
      <Text>{t('overview.intro')}</Text>
      {rows.length === 0 ? (
        <NoCustomerYet testId="tpi-empty" />
      ) : (
        <>
          <TpiFilters
            filter={filter}
            search={search}
            years={years}
            onChange={change}
            onReset={reset}
          />
          <Group justify="space-between" align="flex-start">
            <SelectionToolbar selected={selected}>
              <MultiClickAction selectedCustomerIds={selected} />
            </SelectionToolbar>
            <TpiExportButtons filter={filter} />
          </Group>
          {shown.length === 0 ? (
            <Text data-testid="tpi-filtered-empty">{t('tpi.filteredEmpty')}</Text>
          ) : (
            <TpiCustomerTable rows={shown} selected={selected} onSelect={setSelected} />
          )}
          <TpiRanking
            query={tpiRankingFromSearch(search)}
            search={search}
            onChange={changeRanking}
          />
        </>
      )}
    </Stack>
  );
}
