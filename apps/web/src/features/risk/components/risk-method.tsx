import type { ReactNode } from 'react';
import { Button, Drawer, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { RiskMethod } from '@klik/api';
import { formatNumber, formatPercentage } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { TableRegion } from '../../../shared/ui/table-region';

/**
 * A titled table of the method's values: the first column names the row (a product, a pair),
 * so a screen reader announces it with every value.
 */
function MethodTable({
  id,
  title,
  headings,
  rows,
}: {
  id: string;
  title: string;
  headings: readonly string[];
  rows: readonly { name: string; cells: readonly ReactNode[] }[];
}) {
  return (
    <>
      <Title order={3} size="h5">
        {title}
      </Title>
      <TableRegion id={id} caption={title} testId={id}>
        <Table.Thead>
          <Table.Tr>
            {headings.map((heading) => (
              <Table.Th key={heading} scope="col">
                {heading}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.name}>
              <Table.Th scope="row">{row.name}</Table.Th>
              {row.cells.map((cell, index) => (
                <Table.Td key={index}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </TableRegion>
    </>
  );
}

/** How the figures are made, in plain words, with the values this answer was made with. */
function MethodText({ method }: { method: RiskMethod }) {
  const t = useT();
  const locale = useLocale();
  const yesNo = (fallback: boolean) =>
    t(fallback ? 'risk.method.fallback' : 'risk.method.estimated');
  return (
    <Stack gap="sm" data-testid="risk-method-text">
      <Text size="sm">{t('risk.method.what')}</Text>
      <Text size="sm">
        {t('risk.method.paths', {
          paths: formatNumber(String(method.paths), locale, 0),
          seed: method.seed,
        })}
      </Text>
      <Text size="sm">{t('risk.method.history', { windowDays: method.windowDays })}</Text>
      <Text size="sm">{t('risk.method.quantiles')}</Text>
      <Text size="sm">{t('risk.method.band')}</Text>
      <Text size="sm">{t('risk.method.stress')}</Text>
      <MethodTable
        id="risk-method-volatilities"
        title={t('risk.method.volatilities')}
        headings={[
          t('risk.method.product'),
          t('risk.method.volatility'),
          t('risk.method.observations'),
          t('risk.method.source'),
        ]}
        rows={method.volatilities.map((volatility) => ({
          name: volatility.product,
          cells: [
            formatPercentage(volatility.annualVolatility, locale),
            volatility.observations,
            yesNo(volatility.fallback),
          ],
        }))}
      />
      {method.correlations.length > 0 && (
        <MethodTable
          id="risk-method-correlations"
          title={t('risk.method.correlations')}
          headings={[t('risk.method.pair'), t('risk.method.correlation'), t('risk.method.source')]}
          rows={method.correlations.map((pair) => ({
            name: `${pair.a} · ${pair.b}`,
            cells: [formatNumber(pair.correlation, locale, 2), yesNo(pair.fallback)],
          }))}
        />
      )}
    </Stack>
  );
}

/** The method one click away: a button that opens it in a drawer. */
export function RiskMethodDrawer({ method }: { method: RiskMethod }) {
  const t = useT();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="default" size="xs" onClick={open} data-testid="risk-method-open">
        {t('risk.method.open')}
      </Button>
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size="lg"
        title={t('risk.method.title')}
        data-testid="risk-method"
        // The drawer's own <header> would be a second banner landmark beside the page's.
        attributes={{ header: { role: 'none' } }}
      >
        <MethodText method={method} />
      </Drawer>
    </>
  );
}
