import { Table, Text } from '@mantine/core';
import type { Backtest } from '@klik/api';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { TableRegion } from '../../../shared/ui/table-region';
import {
  backtestFormats,
  ordered,
  strategyDescription,
  strategyKey,
  unavailableKey,
} from './backtest-labels';

/**
 * The strategies side by side: clicks, average price, total cost and the result against the
 * actual clicks (positive: the strategy would have been cheaper), or why one has no result.
 */
export function StrategyTable({ backtest }: { backtest: Backtest }) {
  const t = useT();
  const locale = useLocale();
  const format = backtestFormats(t, locale);
  return (
    <TableRegion
      id="backtest-strategies"
      caption={t('backtest.strategies.title')}
      minWidth={860}
      testId="backtest-strategies"
      striped
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('backtest.strategies.strategy')}</Table.Th>
          <Table.Th scope="col">{t('backtest.strategies.clicks')}</Table.Th>
          <Table.Th scope="col">{t('backtest.strategies.averagePrice')}</Table.Th>
          <Table.Th scope="col">{t('backtest.strategies.totalCost')}</Table.Th>
          <Table.Th scope="col">{t('backtest.strategies.result')}</Table.Th>
          <Table.Th scope="col">{t('backtest.strategies.resultPerMwh')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {ordered(backtest.strategies).map((result) => {
          const forced = result.clicks.filter((click) => click.forced).length;
          return (
            <Table.Tr key={result.strategy} data-testid={`backtest-strategy-${result.strategy}`}>
              <Table.Th scope="row" style={{ fontWeight: 'normal' }}>
                <Text size="sm" fw={600}>
                  {t(strategyKey(result.strategy))}
                </Text>
                <Text size="xs">
                  {strategyDescription(result.strategy, backtest.parameters, t)}
                </Text>
              </Table.Th>
              {result.unavailable !== null ? (
                <Table.Td colSpan={5} data-testid={`backtest-unavailable-${result.strategy}`}>
                  {t(unavailableKey(result.unavailable))}
                </Table.Td>
              ) : (
                <>
                  <Table.Td>
                    {forced > 0
                      ? t('backtest.strategies.clickCountForced', {
                          count: result.clickCount,
                          forced,
                        })
                      : t('backtest.strategies.clickCount', { count: result.clickCount })}
                  </Table.Td>
                  <Table.Td>{format.price(result.averagePrice)}</Table.Td>
                  <Table.Td>{format.money(result.totalCost)}</Table.Td>
                  <Table.Td>
                    {result.strategy === 'ACTUAL'
                      ? t('backtest.none')
                      : format.money(result.resultAgainstActual)}
                  </Table.Td>
                  <Table.Td>
                    {result.strategy === 'ACTUAL'
                      ? t('backtest.none')
                      : format.price(result.resultAgainstActualPerMwh)}
                  </Table.Td>
                </>
              )}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </TableRegion>
  );
}
