import { Box, Group, Table, Text, Title } from '@mantine/core';
import { formatDateTime, formatPercentage } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import type { ContractSummary as Summary } from '@klik/api';
import { summaryYears } from '../derive/summary-years';

/** Clicked, manual and auto-clicked share per year of supply, with runout and last update. */
export function ContractSummary({ summary }: { summary: Summary }) {
  const t = useT();
  const locale = useLocale();
  const headingId = `summary-heading-${summary.contractId}`;
  return (
    <Box data-testid={`summary-${summary.contractId}`}>
      <Title order={3} size="h5" id={headingId} mb={4}>
        {t('positions.summary.heading')}
      </Title>
      <Box
        className="klik-table-scroll"
        tabIndex={0}
        role="region"
        aria-label={t('positions.summary.label', { contractId: summary.contractId })}
      >
        <Table withTableBorder fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('positions.summary.year')}</Table.Th>
              <Table.Th scope="col">{t('positions.summary.clicked')}</Table.Th>
              <Table.Th scope="col">{t('positions.summary.manual')}</Table.Th>
              <Table.Th scope="col">{t('positions.summary.auto')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {summaryYears(summary).map((year) => (
              <Table.Tr
                key={year.yearOfSupply}
                data-testid={`summary-${summary.contractId}-${year.yearOfSupply}`}
              >
                <Table.Th scope="row">{year.yearOfSupply}</Table.Th>
                <Table.Td>{formatPercentage(year.clicked, locale)}</Table.Td>
                <Table.Td>{formatPercentage(year.manual, locale)}</Table.Td>
                <Table.Td>{formatPercentage(year.auto, locale)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <Group gap="lg" mt={4}>
        <Text size="sm">
          {t('positions.summary.runout', {
            value: t(summary.runout ? 'positions.yes' : 'positions.no'),
          })}
        </Text>
        <Text size="sm">
          {summary.lastUpdatedDate
            ? t('positions.summary.lastUpdate', {
                date: formatDateTime(summary.lastUpdatedDate, locale),
              })
            : t('positions.summary.neverUpdated')}
        </Text>
      </Group>
    </Box>
  );
}
