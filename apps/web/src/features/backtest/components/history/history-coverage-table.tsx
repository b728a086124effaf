import { Stack, Table, Text, Title } from '@mantine/core';
import { formatDay, formatNumber } from '../../../../shared/format/format-numbers';
import { marketKey } from '../../../../shared/i18n/domain-labels';
import { useLocale } from '../../../../shared/i18n/use-locale';
import { useT } from '../../../../shared/i18n/use-t';
import { EmptyState, LoadFailed, Loading } from '../../../../shared/ui/load-states';
import { TableRegion } from '../../../../shared/ui/table-region';
import { useHistoryCoverage } from '../../api/price-history-api';
import { HISTORY_SOURCE_KEYS, productName } from './history-labels';

/**
 * What price history is kept: per product, market, year of supply and source the first and last
 * day and the number of days. Asked again after an import that wrote.
 */
export function HistoryCoverageTable() {
  const t = useT();
  const locale = useLocale();
  const coverage = useHistoryCoverage();

  let body;
  if (coverage.isPending) {
    body = <Loading text={t('priceHistory.coverage.loading')} />;
  } else if (coverage.isError) {
    body = (
      <LoadFailed
        text={t('priceHistory.coverage.loadFailed')}
        onRetry={() => void coverage.refetch()}
        testId="price-history-coverage-failed"
      />
    );
  } else if (coverage.data.length === 0) {
    body = (
      <EmptyState text={t('priceHistory.coverage.empty')} testId="price-history-coverage-empty" />
    );
  } else {
    body = (
      <TableRegion
        id="price-history-coverage"
        caption={t('priceHistory.coverage.caption')}
        testId="price-history-coverage"
        striped
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('priceHistory.coverage.product')}</Table.Th>
            <Table.Th scope="col">{t('priceHistory.coverage.market')}</Table.Th>
            <Table.Th scope="col">{t('priceHistory.coverage.year')}</Table.Th>
            <Table.Th scope="col">{t('priceHistory.coverage.source')}</Table.Th>
            <Table.Th scope="col">{t('priceHistory.coverage.from')}</Table.Th>
            <Table.Th scope="col">{t('priceHistory.coverage.to')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('priceHistory.coverage.days')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {coverage.data.map((row) => (
            <Table.Tr
              key={`${row.product}-${row.market}-${row.yearOfSupply}-${row.source}`}
              data-testid="price-history-coverage-row"
            >
              <Table.Td>{productName(row.product, t)}</Table.Td>
              <Table.Td>{t(marketKey(row.market))}</Table.Td>
              <Table.Td>{row.yearOfSupply}</Table.Td>
              <Table.Td>{t(HISTORY_SOURCE_KEYS[row.source])}</Table.Td>
              <Table.Td>{formatDay(row.from, locale)}</Table.Td>
              <Table.Td>{formatDay(row.to, locale)}</Table.Td>
              <Table.Td ta="right">{formatNumber(String(row.days), locale, 0)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </TableRegion>
    );
  }

  return (
    <section
      aria-labelledby="price-history-coverage-title"
      data-testid="price-history-coverage-section"
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="price-history-coverage-title">
          {t('priceHistory.coverage.title')}
        </Title>
        <Text size="sm">{t('priceHistory.coverage.intro')}</Text>
        {body}
      </Stack>
    </section>
  );
}
