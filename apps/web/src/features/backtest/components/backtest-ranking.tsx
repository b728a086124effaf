import { Anchor, Pagination, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import type { RankingQuery, RankingRow } from '@klik/api';
import { formatVolume } from '../../../shared/format/format-numbers';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { chooseCustomer } from '../../../shared/session/session-store';
import { useSession } from '../../../shared/session/use-session';
import { LoadFailed, Loading } from '../../../shared/ui/load-states';
import { TableRegion } from '../../../shared/ui/table-region';
import { useBacktestRanking } from '../api/backtest-api';
import { BACKTEST_WEB_PATH } from '../backtest-paths';
import { BACKTEST_PARAMS } from '../derive/backtest-search';
import { backtestFormats, strategyKey } from './backtest-labels';

type SortField = RankingQuery['sort'];

const SORTABLE: readonly { field: SortField; label: MessageKey }[] = [
  { field: 'customerName', label: 'backtest.ranking.customer' },
  { field: 'againstAverage', label: 'backtest.ranking.againstAverage' },
  { field: 'againstReference', label: 'backtest.ranking.againstReference' },
];

function SortButton({
  field,
  label,
  query,
  onSort,
}: {
  field: SortField;
  label: string;
  query: RankingQuery;
  onSort: (field: SortField) => void;
}) {
  const t = useT();
  const active = query.sort === field;
  return (
    <Table.Th
      scope="col"
      aria-sort={active ? (query.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton
        fw={700}
        fz="sm"
        onClick={() => onSort(field)}
        aria-label={t('backtest.ranking.sortBy', { column: label })}
        data-testid={`backtest-ranking-sort-${field}`}
      >
        {label}
        <span aria-hidden="true">{active ? (query.direction === 'asc' ? ' ▲' : ' ▼') : ''}</span>
      </UnstyledButton>
    </Table.Th>
  );
}

function CustomerCell({ row, reference }: { row: RankingRow; reference: string }) {
  const session = useSession();
  const customer = session?.allowedCustomers.find((c) => c.id === row.customerId);
  if (!customer) return <>{row.customerName}</>;
  return (
    <Anchor
      component={Link}
      to={`${BACKTEST_WEB_PATH}?${BACKTEST_PARAMS.reference}=${reference}`}
      onClick={() => chooseCustomer(customer)}
      size="sm"
      data-testid={`backtest-ranking-open-${row.customerId}`}
    >
      {row.customerName}
    </Anchor>
  );
}

/**
 * The customers a consultant or account manager serves, ranked by how their clicks did: against
 * the 12-month average click price and against the reference strategy (EUR/MWh, positive: the
 * clicks were cheaper). Sorted and paged by the server; each name opens that customer's years.
 */
export function BacktestRanking({
  query,
  onChange,
}: {
  query: RankingQuery;
  /** Address bar parameters to set ('' removes one), all in one navigation. */
  onChange: (changes: Readonly<Record<string, string>>) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const format = backtestFormats(t, locale);
  const ranking = useBacktestRanking(query);
  const sortBy = (field: SortField) => {
    const direction =
      query.sort === field
        ? query.direction === 'asc'
          ? 'desc'
          : 'asc'
        : field === 'customerName'
          ? 'asc'
          : 'desc';
    onChange({
      [BACKTEST_PARAMS.rankSort]: field,
      [BACKTEST_PARAMS.rankDirection]: direction,
      [BACKTEST_PARAMS.rankPage]: '',
    });
  };
  const reference = t(strategyKey(query.reference));
  let body;
  if (ranking.isPending) {
    body = <Loading text={t('backtest.ranking.loading')} />;
  } else if (ranking.isError && !ranking.data) {
    body = (
      <LoadFailed
        text={t('backtest.ranking.loadFailed')}
        onRetry={() => void ranking.refetch()}
        testId="backtest-ranking-error"
      />
    );
  } else if (ranking.data.rows.length === 0) {
    body = (
      <Text size="sm" data-testid="backtest-ranking-empty">
        {t('backtest.ranking.empty')}
      </Text>
    );
  } else {
    const pages = Math.max(1, Math.ceil(ranking.data.total / ranking.data.pageSize));
    body = (
      <>
        <TableRegion
          id="backtest-ranking-table"
          caption={t('backtest.ranking.caption', { reference })}
          minWidth={760}
          testId="backtest-ranking-table"
          striped
        >
          <Table.Thead>
            <Table.Tr>
              <SortButton
                field="customerName"
                label={t('backtest.ranking.customer')}
                query={query}
                onSort={sortBy}
              />
              <Table.Th scope="col">{t('backtest.ranking.years')}</Table.Th>
              <Table.Th scope="col">{t('backtest.ranking.clickedVolume')}</Table.Th>
              <Table.Th scope="col">{t('backtest.ranking.averageClickPrice')}</Table.Th>
              {SORTABLE.filter(({ field }) => field !== 'customerName').map(({ field, label }) => (
                <SortButton
                  key={field}
                  field={field}
                  label={t(label, { reference })}
                  query={query}
                  onSort={sortBy}
                />
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ranking.data.rows.map((row) => (
              <Table.Tr key={row.customerId} data-testid={`backtest-ranking-${row.customerId}`}>
                <Table.Th scope="row">
                  <CustomerCell row={row} reference={query.reference} />
                </Table.Th>
                <Table.Td>{row.years}</Table.Td>
                <Table.Td>{formatVolume(row.clickedVolume, locale)}</Table.Td>
                <Table.Td>{format.price(row.averageClickPrice)}</Table.Td>
                <Table.Td>{format.price(row.againstAverage)}</Table.Td>
                <Table.Td>{format.price(row.againstReference)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </TableRegion>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={query.page}
            onChange={(page) =>
              onChange({ [BACKTEST_PARAMS.rankPage]: page === 1 ? '' : String(page) })
            }
            getItemProps={(page) => ({ 'aria-label': t('backtest.ranking.page', { page }) })}
            aria-label={t('backtest.ranking.pages')}
            data-testid="backtest-ranking-pages"
          />
        )}
      </>
    );
  }
  return (
    <Stack gap="sm" data-testid="backtest-ranking">
      <Title order={2} size="h4">
        {t('backtest.ranking.title')}
      </Title>
      <Text size="sm">{t('backtest.ranking.intro', { reference })}</Text>
      {body}
    </Stack>
  );
}
