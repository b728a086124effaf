import { Stack, Table, Text, Title } from '@mantine/core';
import type { CostDistribution } from '@klik/api';
import { formatMoney } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { Loading } from '../../../shared/ui/load-states';
import { TableRegion } from '../../../shared/ui/table-region';
import { useClickEffect, type ClickEffectRequest } from '../../../shared/api/click-effect';

/**
 * What this click does to the year's risk: P95 and cost-at-risk now and after it. The click
 * can go ahead without it, so a failure is said quietly instead of as an alert.
 */
export function ClickEffectPanel({
  customerId,
  body,
  testId,
}: {
  customerId: number;
  /** The click as prepared; null while it is not valid. */
  body: ClickEffectRequest | null;
  testId: string;
}) {
  const t = useT();
  const locale = useLocale();
  const effect = useClickEffect(customerId, body);
  if (body === null) return null;
  const money = (distribution: CostDistribution | null, field: 'p95' | 'costAtRisk') =>
    distribution === null ? t('purchase.risk.none') : formatMoney(distribution[field], locale);
  return (
    <Stack gap="xs" data-testid={testId}>
      <Title order={2} size="h4">
        {t('purchase.risk.title', { year: body.yearOfSupply })}
      </Title>
      {effect.isPending ? (
        <Loading text={t('purchase.risk.loading')} />
      ) : effect.isError ? (
        <Text size="sm" data-testid={`${testId}-unavailable`}>
          {t('purchase.risk.unavailable')}
        </Text>
      ) : (
        <>
          <TableRegion
            id={testId}
            caption={t('purchase.risk.title', { year: body.yearOfSupply })}
            testId={`${testId}-table`}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('purchase.risk.figure')}</Table.Th>
                <Table.Th scope="col">{t('purchase.risk.before')}</Table.Th>
                <Table.Th scope="col">{t('purchase.risk.after')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr data-testid={`${testId}-p95`}>
                <Table.Th scope="row">{t('purchase.risk.p95')}</Table.Th>
                <Table.Td>{money(effect.data.before, 'p95')}</Table.Td>
                <Table.Td>{money(effect.data.after, 'p95')}</Table.Td>
              </Table.Tr>
              <Table.Tr data-testid={`${testId}-costAtRisk`}>
                <Table.Th scope="row">{t('purchase.risk.costAtRisk')}</Table.Th>
                <Table.Td>{money(effect.data.before, 'costAtRisk')}</Table.Td>
                <Table.Td>{money(effect.data.after, 'costAtRisk')}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </TableRegion>
          <Text size="xs" c="dimmed">
            {t('purchase.risk.note')}
          </Text>
        </>
      )}
    </Stack>
  );
}
