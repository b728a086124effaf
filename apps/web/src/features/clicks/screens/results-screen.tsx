import {
  Alert,
  Box,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import type { Results } from '@klik/api';
import {
  formatDateTime,
  formatNumber,
  formatPercentage,
  formatPrice,
  formatVolume,
} from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { useSelection } from '../../../shared/session/use-selection';
import { useResults } from '../api/clicks-api';
import { partKey } from '../../../shared/i18n/domain-labels';
import { NoCustomer } from '../../../shared/ui/load-states';
import { TableRegion } from '../../../shared/ui/table-region';
import { WhenVisible } from '../../../shared/ui/when-visible';
import { priceAxisProps } from '../../../shared/charts/price-axis';
import { chartPrices, chartRows, marketPriceAt, marketSummary } from '../derive/results-chart';

type Entry = Results['data'][number];
type Part = Entry['parts'][number];

function PartChart({ entry, part }: { entry: Entry; part: Part }) {
  const t = useT();
  const locale = useLocale();
  const id = `results-${entry.contractId}-${entry.yearOfSupply}-${part.name}`;
  const titleId = `${id}-title`;
  const partName = t(partKey(part.name));
  const title = t('results.chart.title', { part: partName, year: entry.yearOfSupply });
  const rows = chartRows(part).map((row) => ({
    ...row,
    at: formatDateTime(row.at, locale),
  }));
  const yAxis = priceAxisProps(chartPrices(part), locale);
  const market = marketSummary(part);
  return (
    <Box component="figure" m={0} aria-labelledby={titleId} data-testid={`${id}-chart`}>
      <Title order={4} size="h6" id={titleId} component="figcaption" mb="xs">
        {title}
      </Title>
      {part.fixes.length === 0 && part.market.length === 0 ? (
        <Text size="sm">{t('results.chart.empty')}</Text>
      ) : (
        <>
          <div aria-hidden="true">
            <LineChart
              h={240}
              data={rows}
              dataKey="at"
              withLegend
              accessibilityLayer={false}
              yAxisLabel={t('results.chart.yAxis')}
              yAxisProps={yAxis}
              xAxisProps={{ minTickGap: 24 }}
              dotProps={{ r: 5 }}
              valueFormatter={(value) => formatNumber(String(value), locale, 2)}
              // The rows hold either a market price or a fix: the market line runs across the
              // rows of the fixes, and each fix is a dot of its own, never joined to the next.
              lineProps={(series) =>
                series.name === 'fixed'
                  ? { strokeWidth: 0, connectNulls: false }
                  : { connectNulls: true, dot: false }
              }
              // Without market prices over the period, the legend does not promise a line.
              series={[
                ...(market
                  ? [{ name: 'market', label: t('results.chart.market'), color: 'blue.8' }]
                  : []),
                { name: 'fixed', label: t('results.chart.fixed'), color: 'orange.8' },
              ]}
            />
          </div>
          {market === null && (
            <Text size="sm" c="dimmed" data-testid={`${id}-no-market`}>
              {t('results.chart.noMarket')}
            </Text>
          )}
          <div className="klik-visually-hidden">
            {market && (
              <p data-testid={`${id}-market`}>
                {t('results.chart.marketSummary', {
                  from: formatDateTime(market.from, locale),
                  to: formatDateTime(market.to, locale),
                  low: formatPrice(market.low, locale),
                  high: formatPrice(market.high, locale),
                  last: formatPrice(market.last, locale),
                })}
              </p>
            )}
            {part.fixes.length > 0 && (
              <table>
                <caption>{title}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('results.table.date')}</th>
                    <th scope="col">{t('results.table.maturity')}</th>
                    <th scope="col">{t('results.table.volume')}</th>
                    <th scope="col">{t('results.chart.fixed')}</th>
                    <th scope="col">{t('results.chart.market')}</th>
                  </tr>
                </thead>
                <tbody>
                  {part.fixes.map((fix) => {
                    const marketThen = marketPriceAt(part, fix.at);
                    return (
                      <tr key={fix.clickId}>
                        <th scope="row">{formatDateTime(fix.at, locale)}</th>
                        <td>{fix.maturity}</td>
                        <td>{formatVolume(fix.volume, locale)}</td>
                        <td>{formatPrice(fix.price, locale)}</td>
                        <td>{marketThen === null ? '–' : formatPrice(marketThen, locale)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            )}
          </div>
        </>
      )}
    </Box>
  );
}

function EntryCard({ entry }: { entry: Entry }) {
  const t = useT();
  const locale = useLocale();
  const headingId = `results-${entry.contractId}-${entry.yearOfSupply}`;
  return (
    <Card
      withBorder
      component="section"
      aria-labelledby={headingId}
      data-testid={`results-${entry.contractId}-${entry.yearOfSupply}`}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('results.entry.title', {
            contractId: entry.contractId,
            product: entry.product,
            year: entry.yearOfSupply,
          })}
        </Title>
        <Text data-testid={`results-share-${entry.contractId}-${entry.yearOfSupply}`}>
          {t('results.entry.fixed', { share: formatPercentage(entry.fixedPercentage, locale) })}
        </Text>
        <TableRegion
          id={`${headingId}-table`}
          caption={t('results.table.caption', {
            contractId: entry.contractId,
            year: entry.yearOfSupply,
          })}
          minWidth={600}
          testId={`${headingId}-table`}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('results.table.part')}</Table.Th>
              <Table.Th scope="col">{t('results.table.totalVolume')}</Table.Th>
              <Table.Th scope="col">{t('results.table.fixedVolume')}</Table.Th>
              <Table.Th scope="col">{t('results.table.share')}</Table.Th>
              <Table.Th scope="col">{t('results.table.average')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entry.parts.map((part) => (
              <Table.Tr
                key={part.name}
                data-testid={`results-part-${entry.contractId}-${entry.yearOfSupply}-${part.name}`}
              >
                <Table.Th scope="row">{t(partKey(part.name))}</Table.Th>
                <Table.Td className="klik-nowrap">
                  {formatVolume(part.totalVolume, locale)}
                </Table.Td>
                <Table.Td className="klik-nowrap">
                  {formatVolume(part.fixedVolume, locale)}
                </Table.Td>
                <Table.Td>{formatPercentage(part.fixedPercentage, locale)}</Table.Td>
                <Table.Td className="klik-nowrap">
                  {part.weightedAvgClickPrice === null
                    ? t('results.noClicks')
                    : formatPrice(part.weightedAvgClickPrice, locale)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </TableRegion>
        <SimpleGrid cols={{ base: 1, md: entry.parts.length > 1 ? 2 : 1 }} spacing="lg">
          {entry.parts.map((part) => (
            <WhenVisible key={part.name} minHeight={300}>
              <PartChart entry={entry} part={part} />
            </WhenVisible>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

function ResultsOf({ customerId }: { customerId: number }) {
  const t = useT();
  const results = useResults(customerId);
  if (results.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text>{t('results.loading')}</Text>
      </Group>
    );
  }
  if (results.isError) {
    return (
      <Alert color="red" role="alert" data-testid="results-error">
        <Group gap="sm">
          <Text size="sm">{t('results.loadFailed')}</Text>
          <Button variant="default" size="xs" onClick={() => void results.refetch()}>
            {t('app.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (results.data.length === 0)
    return <Text data-testid="results-empty">{t('results.none')}</Text>;
  return (
    <Stack gap="lg">
      {results.data.map((entry) => (
        <EntryCard key={`${entry.contractId}-${entry.yearOfSupply}`} entry={entry} />
      ))}
    </Stack>
  );
}

/** Per contract and year: the share fixed, the average click price per part, and the chart. */
export function ResultsScreen() {
  const t = useT();
  const { customer } = useSelection();
  return (
    <Stack data-testid="screen-resultaten">
      <Title order={1}>{t('results.title')}</Title>
      <Text>{t('results.intro')}</Text>
      {customer ? <ResultsOf key={customer.id} customerId={customer.id} /> : <NoCustomer />}
    </Stack>
  );
}
