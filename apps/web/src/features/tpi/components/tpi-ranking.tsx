import { useState } from 'react';
import {
  Pagination,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { TpiQuery, TpiRankField, TpiRisk } from '@klik/api';
import { formatMoney, formatNumber, formatPercentage } from '../../../shared/format/format-numbers';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { LoadFailed, Loading } from '../../../shared/ui/load-states';
import { TableRegion } from '../../../shared/ui/table-region';
import { useTpiRanking } from '../api/tpi-api';
import {
  TPI_RANKING_PAGE_SIZE,
  TPI_RANKING_PARAMS,
  type TpiRankingField,
} from '../derive/tpi-ranking-search';

type RiskField = Exclude<TpiRankField, 'customer'>;

const COLUMNS: readonly { field: TpiRankField; label: MessageKey }[] = [
  { field: 'customer', label: 'tpi.ranking.customer' },
  { field: 'costAtRisk', label: 'tpi.ranking.costAtRisk' },
  { field: 'probabilityAboveBand', label: 'tpi.ranking.probabilityAboveBand' },
  { field: 'behindHedgePolicy', label: 'tpi.ranking.behindHedgePolicy' },
];

const FILTERS: readonly { field: TpiRankingField & `min${string}`; label: MessageKey }[] = [
  { field: 'minCostAtRisk', label: 'tpi.ranking.minCostAtRisk' },
  { field: 'minProbabilityAboveBand', label: 'tpi.ranking.minProbabilityAboveBand' },
  { field: 'minBehindHedgePolicy', label: 'tpi.ranking.minBehindHedgePolicy' },
];

/** Clicking a column's heading sorts by it; again reverses. Risk figures start dearest first. */
function nextSort(current: string | undefined, field: TpiRankField): string {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return field;
  return field === 'customer' ? field : `-${field}`;
}

function ariaSort(current: string | undefined, field: TpiRankField) {
  const sort = current ?? 'customer';
  if (sort === field) return 'ascending' as const;
  if (sort === `-${field}`) return 'descending' as const;
  return undefined;
}

function RiskCells({ risk }: { risk: TpiRisk | undefined }) {
  const t = useT();
  const locale = useLocale();
  const figure = (field: RiskField) => {
    const value = risk?.[field] ?? null;
    if (value === null) return t('tpi.ranking.none');
    if (field === 'costAtRisk') return formatMoney(value, locale);
    if (field === 'behindHedgePolicy')
      return t('tpi.ranking.points', { points: formatNumber(value, locale, 2) });
    return formatPercentage(value, locale);
  };
  return (
    <>
      <Table.Td>{figure('costAtRisk')}</Table.Td>
      <Table.Td>{figure('probabilityAboveBand')}</Table.Td>
      <Table.Td>{figure('behindHedgePolicy')}</Table.Td>
    </>
  );
}

/**
 * The consultant's customers ranked by what their open volume may cost (docs/risk.md): the
 * book's cost-at-risk, the worst year's chance above its budget band and the distance behind the
 * hedge policy. Sorted, filtered and paged by the server; the choices live in the address bar.
 */
export function TpiRanking({
  query,
  search,
  onChange,
}: {
  query: TpiQuery;
  /** The address bar, for the minimums as they were typed (also when not valid yet). */
  search: URLSearchParams;
  /** Address bar parameters to set ('' removes one), all in one navigation. */
  onChange: (changes: Readonly<Record<string, string>>) => void;
}) {
  const t = useT();
  const ranking = useTpiRanking(query);
  // Typed text is kept here: the address bar follows it a render later (as the cockpit's filters).
  const [drafts, setDrafts] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      FILTERS.map(({ field }) => [field, search.get(TPI_RANKING_PARAMS[field]) ?? '']),
    ),
  );
  const type = (field: (typeof FILTERS)[number]['field'], value: string) => {
    setDrafts((current) => ({ ...current, [field]: value }));
    onChange({ [TPI_RANKING_PARAMS[field]]: value, [TPI_RANKING_PARAMS.page]: '' });
  };
  const sortBy = (field: TpiRankField) => {
    onChange({
      [TPI_RANKING_PARAMS.sort]: nextSort(query.sort, field),
      [TPI_RANKING_PARAMS.page]: '',
    });
  };
  const pages = ranking.data
    ? Math.max(1, Math.ceil(ranking.data.total / TPI_RANKING_PAGE_SIZE))
    : 1;
  return (
    <Stack gap="sm" data-testid="tpi-ranking">
      <Title order={2} size="h4">
        {t('tpi.ranking.title')}
      </Title>
      <Text size="sm">{t('tpi.ranking.intro')}</Text>
      <form
        aria-label={t('tpi.ranking.filters')}
        data-testid="tpi-ranking-filters"
        onSubmit={(event) => event.preventDefault()}
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {FILTERS.map(({ field, label }) => (
            <TextInput
              key={field}
              label={t(label)}
              inputMode="decimal"
              value={drafts[field] ?? ''}
              onChange={(event) => type(field, event.currentTarget.value)}
              error={
                (drafts[field] ?? '') !== '' && query[field] === undefined
                  ? t('tpi.ranking.invalid')
                  : undefined
              }
              data-testid={`tpi-ranking-${field}`}
            />
          ))}
        </SimpleGrid>
      </form>
      {ranking.isPending ? (
        <Loading text={t('tpi.ranking.loading')} />
      ) : ranking.isError ? (
        <LoadFailed
          text={t('tpi.ranking.loadFailed')}
          onRetry={() => void ranking.refetch()}
          testId="tpi-ranking-error"
        />
      ) : ranking.data.data.length === 0 ? (
        <Text size="sm" data-testid="tpi-ranking-empty">
          {t('tpi.ranking.empty')}
        </Text>
      ) : (
        <>
          <TableRegion
            id="tpi-ranking-table"
            caption={t('tpi.ranking.title')}
            testId="tpi-ranking-table"
            striped
          >
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map(({ field, label }) => (
                  <Table.Th key={field} scope="col" aria-sort={ariaSort(query.sort, field)}>
                    <UnstyledButton
                      fw={600}
                      fz="sm"
                      onClick={() => sortBy(field)}
                      data-testid={`tpi-ranking-sort-${field}`}
                    >
                      {t(label)}
                    </UnstyledButton>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ranking.data.data.map((customer) => (
                <Table.Tr
                  key={customer.customerId}
                  data-testid={`tpi-ranking-${customer.customerId}`}
                >
                  <Table.Th scope="row">{customer.customerName}</Table.Th>
                  <RiskCells risk={customer.risk} />
                </Table.Tr>
              ))}
            </Table.Tbody>
          </TableRegion>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={query.page + 1}
              onChange={(page) =>
                onChange({ [TPI_RANKING_PARAMS.page]: page === 1 ? '' : String(page - 1) })
              }
              getItemProps={(page) => ({ 'aria-label': t('tpi.ranking.page', { page }) })}
              aria-label={t('tpi.ranking.pages')}
              data-testid="tpi-ranking-pages"
            />
          )}
        </>
      )}
    </Stack>
  );
}
