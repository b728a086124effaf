import { Anchor, Table } from '@mantine/core';
import type { ScenarioSummary } from '@klik/api';
import { formatDay } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { TableRegion } from '../../../shared/ui/table-region';

/** The scenarios of one page; choosing one opens it in the editor. */
export function ScenarioList({
  scenarios,
  selected,
  onSelect,
}: {
  scenarios: ScenarioSummary[];
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <TableRegion
      id="scenario-list"
      caption={t('margins.list.caption')}
      minWidth={640}
      testId="scenario-list"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('margins.list.name')}</Table.Th>
          <Table.Th>{t('margins.list.version')}</Table.Th>
          <Table.Th>{t('margins.list.validity')}</Table.Th>
          <Table.Th>{t('margins.list.customers')}</Table.Th>
          <Table.Th>{t('margins.list.contracts')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {scenarios.map((scenario) => (
          <Table.Tr key={scenario.id} data-testid={`scenario-${scenario.id}`}>
            <Table.Td>
              <Anchor
                component="button"
                type="button"
                fw={scenario.id === selected ? 700 : undefined}
                aria-current={scenario.id === selected ? 'true' : undefined}
                onClick={() => onSelect(scenario.id)}
              >
                {scenario.name}
              </Anchor>
            </Table.Td>
            <Table.Td>{scenario.version}</Table.Td>
            <Table.Td>
              {scenario.validUntil === null
                ? t('margins.list.from', { from: formatDay(scenario.validFrom, locale) })
                : t('margins.list.fromUntil', {
                    from: formatDay(scenario.validFrom, locale),
                    until: formatDay(scenario.validUntil, locale),
                  })}
            </Table.Td>
            <Table.Td>{scenario.customers}</Table.Td>
            <Table.Td>{scenario.contracts}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableRegion>
  );
}
