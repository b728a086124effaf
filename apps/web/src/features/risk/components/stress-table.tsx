import { Table } from '@mantine/core';
import type { StressResult } from '@klik/api';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { TableRegion } from '../../../shared/ui/table-region';
import { riskFormats, stressScenarioKey } from './risk-labels';

/** The named shocks on the open volume: total cost and average price under each. */
export function StressTable({
  id,
  caption,
  stress,
}: {
  id: string;
  caption: string;
  stress: readonly StressResult[];
}) {
  const t = useT();
  const locale = useLocale();
  const format = riskFormats(t, locale);
  return (
    <TableRegion id={id} caption={caption} testId={id}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('risk.stress.scenario')}</Table.Th>
          <Table.Th scope="col">{t('risk.stress.totalCost')}</Table.Th>
          <Table.Th scope="col">{t('risk.stress.averagePrice')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {stress.map((result) => (
          <Table.Tr key={result.scenario} data-testid={`${id}-${result.scenario}`}>
            <Table.Th scope="row">{t(stressScenarioKey(result.scenario))}</Table.Th>
            <Table.Td>{format.money(result.totalCost)}</Table.Td>
            <Table.Td>{format.price(result.averagePrice)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableRegion>
  );
}
