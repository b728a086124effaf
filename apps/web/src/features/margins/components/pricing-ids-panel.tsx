import { useState } from 'react';
import {
  Button,
  CloseButton,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { MARKET_PRODUCTS, type PricingId } from '@klik/api';
import { partKey } from '../../../shared/i18n/domain-labels';
import { useT } from '../../../shared/i18n/use-t';
import { TableRegion } from '../../../shared/ui/table-region';
import { useSavePricingIds } from '../api/margins-api';
import { ApiErrorAlert } from './api-error-alert';

const PARTS = ['Gas', 'Peak', 'OffPeak'] as const;

/**
 * Pricing IDs: which market product the feed prices each part of a contract product on. '*' is
 * the row for every product without rows of its own, so a new product needs no code.
 */
export function PricingIdsPanel({ rows: saved }: { rows: PricingId[] }) {
  const t = useT();
  const mutation = useSavePricingIds();
  const [rows, setRows] = useState(saved);
  const [done, setDone] = useState(false);
  const set = (index: number, next: Partial<PricingId>) => {
    setRows(rows.map((row, at) => (at === index ? { ...row, ...next } : row)));
    setDone(false);
  };
  return (
    <Stack gap="sm" data-testid="pricing-ids">
      <Text size="sm">{t('margins.pricingIds.intro')}</Text>
      <TableRegion
        id="pricing-ids"
        caption={t('margins.pricingIds.caption')}
        minWidth={640}
        testId="pricing-ids-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('margins.pricingIds.product')}</Table.Th>
            <Table.Th>{t('margins.grid.part')}</Table.Th>
            <Table.Th>{t('margins.pricingIds.marketProduct')}</Table.Th>
            <Table.Th>{t('margins.grid.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => {
            const fixed = row.product === '*';
            const name = `${fixed ? t('margins.pricingIds.everyProduct') : row.product}, ${t(partKey(row.part))}`;
            return (
              <Table.Tr key={index} data-testid={`pricing-id-${index}`}>
                <Table.Td>
                  {fixed ? (
                    t('margins.pricingIds.everyProduct')
                  ) : (
                    <TextInput
                      size="xs"
                      aria-label={t('margins.pricingIds.productOf', { row: index + 1 })}
                      value={row.product}
                      onChange={(event) => set(index, { product: event.currentTarget.value })}
                    />
                  )}
                </Table.Td>
                <Table.Td>
                  {fixed ? (
                    t(partKey(row.part))
                  ) : (
                    <NativeSelect
                      size="xs"
                      aria-label={t('margins.pricingIds.partOf', { row: index + 1 })}
                      value={row.part}
                      onChange={(event) =>
                        set(index, { part: event.currentTarget.value as PricingId['part'] })
                      }
                      data={PARTS.map((part) => ({ value: part, label: t(partKey(part)) }))}
                    />
                  )}
                </Table.Td>
                <Table.Td>
                  <NativeSelect
                    size="xs"
                    aria-label={t('margins.pricingIds.marketProductOf', { name })}
                    value={row.marketProduct}
                    onChange={(event) =>
                      set(index, {
                        marketProduct: event.currentTarget.value as PricingId['marketProduct'],
                      })
                    }
                    data={MARKET_PRODUCTS.map((product) => ({ value: product, label: product }))}
                    data-testid={`pricing-id-market-${index}`}
                  />
                </Table.Td>
                <Table.Td>
                  {!fixed && (
                    <CloseButton
                      aria-label={t('margins.pricingIds.remove', { name })}
                      onClick={() => setRows(rows.filter((_, at) => at !== index))}
                    />
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </TableRegion>
      <ApiErrorAlert error={mutation.error} />
      {done && (
        <Text size="sm" role="status">
          {t('margins.pricingIds.saved')}
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          onClick={() =>
            setRows([...rows, { product: '', part: 'Peak', marketProduct: 'NL_POWER_PEAK' }])
          }
          data-testid="add-pricing-id"
        >
          {t('margins.pricingIds.add')}
        </Button>
        <Button
          variant="default"
          loading={mutation.isPending}
          onClick={() =>
            mutation.mutate(
              { data: rows.map((row) => ({ ...row, product: row.product.trim() })) },
              {
                onSuccess: (list) => {
                  setRows(list.data);
                  setDone(true);
                },
              },
            )
          }
          data-testid="save-pricing-ids"
        >
          {t('margins.pricingIds.save')}
        </Button>
      </Group>
    </Stack>
  );
}
