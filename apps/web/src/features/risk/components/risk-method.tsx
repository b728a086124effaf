import { Button, Drawer, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { RiskMethod } from '@klik/api';
import { formatNumber, formatPercentage } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { TableRegion } from '../../../shared/ui/table-region';

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
      <Title order={3} size="h5">
        {t('risk.method.volatilities')}
      </Title>
      <TableRegion
        id="risk-method-volatilities"
        caption={t('risk.method.volatilities')}
        testId="risk-method-volatilities"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('risk.method.product')}</Table.Th>
            <Table.Th scope="col">{t('risk.method.volatility')}</Table.Th>
            <Table.Th scope="col">{t('risk.method.observations')}</Table.Th>
            <Table.Th scope="col">{t('risk.method.source')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {method.volatilities.map((volatility) => (
            <Table.Tr key={volatility.product}>
              <Table.Th scope="row">{volatility.product}</Table.Th>
              <Table.Td>{formatPercentage(volatility.annualVolatility, locale)}</Table.Td>
              <Table.Td>{volatility.observations}</Table.Td>
              <Table.Td>{yesNo(volatility.fallback)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </TableRegion>
      {method.correlations.length > 0 && (
        <>
          <Title order={3} size="h5">
            {t('risk.method.correlations')}
          </Title>
          <TableRegion
            id="risk-method-correlations"
            caption={t('risk.method.correlations')}
            testId="risk-method-correlations"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('risk.method.pair')}</Table.Th>
                <Table.Th scope="col">{t('risk.method.correlation')}</Table.Th>
                <Table.Th scope="col">{t('risk.method.source')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {method.correlations.map((pair) => (
                <Table.Tr key={`${pair.a}-${pair.b}`}>
                  <Table.Th scope="row">{`${pair.a} · ${pair.b}`}</Table.Th>
                  <Table.Td>{formatNumber(pair.correlation, locale, 2)}</Table.Td>
                  <Table.Td>{yesNo(pair.fallback)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </TableRegion>
        </>
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
