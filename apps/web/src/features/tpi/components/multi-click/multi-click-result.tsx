import { Badge, Stack, Table, Text } from '@mantine/core';
import type { MultiClickPreview, MultiClickResult } from '@klik/api';
import { formatMoney } from '../../../../shared/format/format-numbers';
import { clickStatusKey } from '../../../../shared/i18n/domain-labels';
import { errorMessageKeyFor } from '../../../../shared/i18n/message-keys';
import { useLocale } from '../../../../shared/i18n/use-locale';
import { useT } from '../../../../shared/i18n/use-t';
import { TableRegion } from '../../../../shared/ui/table-region';

/** Each customer's outcome: the click and its state, or why it was refused. */
export function MultiClickResultTable({
  preview,
  result,
}: {
  preview: MultiClickPreview;
  result: MultiClickResult;
}) {
  const t = useT();
  const locale = useLocale();
  const names = new Map(
    preview.customers.map((customer) => [customer.customerId, customer.customerName]),
  );
  const made = result.outcomes.filter((outcome) => outcome.click).length;
  return (
    <Stack gap="sm">
      <Text role="status" data-testid="multi-click-summary">
        {t('multiClick.resultSummary', {
          made,
          refused: result.outcomes.length - made,
        })}
      </Text>
      <TableRegion
        id="multi-click-result"
        caption={t('multiClick.resultCaption')}
        minWidth={640}
        testId="multi-click-result"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('multiClick.column.customer')}</Table.Th>
            <Table.Th>{t('multiClick.column.contract')}</Table.Th>
            <Table.Th>{t('multiClick.column.outcome')}</Table.Th>
            <Table.Th>{t('multiClick.column.cost')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.outcomes.map((outcome) => (
            <Table.Tr key={outcome.quoteId} data-testid={`multi-click-outcome-${outcome.quoteId}`}>
              <Table.Td>
                {outcome.customerId === null ? '—' : (names.get(outcome.customerId) ?? '—')}
              </Table.Td>
              <Table.Td>{outcome.contractId ?? '—'}</Table.Td>
              <Table.Td>
                {outcome.click ? (
                  <Badge
                    color={outcome.click.status === 'PENDING_APPROVAL' ? 'indigo.8' : 'blue.8'}
                  >
                    {t(clickStatusKey(outcome.click.status))}
                  </Badge>
                ) : (
                  <Text size="sm" c="red.9">
                    {t(errorMessageKeyFor(outcome.refusal?.code ?? 'INTERNAL'))}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {outcome.click ? formatMoney(outcome.click.totalCost, locale) : '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </TableRegion>
    </Stack>
  );
}
