import { useState } from 'react';
import { Pagination, Stack, Table } from '@mantine/core';
import type { MarkToMarketPart } from '@klik/api';
import { formatVolume } from '../../../shared/format/format-numbers';
import { partKey } from '../../../shared/i18n/domain-labels';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { TableRegion } from '../../../shared/ui/table-region';
import { riskFormats } from './risk-labels';

/** Parts shown per page: a customer may have twenty contracts of three parts in a year. */
export const MARK_TO_MARKET_PAGE_SIZE = 10;

/**
 * Each contract part of a year marked to today's market: what is clicked at its average click
 * price against today's click price (the result of the clicks so far), and the open volume at
 * today's click price.
 */
export function MarkToMarketTable({
  id,
  caption,
  parts,
}: {
  id: string;
  caption: string;
  parts: readonly MarkToMarketPart[];
}) {
  const t = useT();
  const locale = useLocale();
  const format = riskFormats(t, locale);
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(parts.length / MARK_TO_MARKET_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = parts.slice(
    (current - 1) * MARK_TO_MARKET_PAGE_SIZE,
    current * MARK_TO_MARKET_PAGE_SIZE,
  );
  return (
    <Stack gap="xs">
      <TableRegion id={id} caption={caption} minWidth={960} testId={id} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('risk.mtm.contract')}</Table.Th>
            <Table.Th scope="col">{t('risk.mtm.part')}</Table.Th>
            <Table.Th scope="col">{t('risk.mtm.clickedVolume')}</Table.Th>
            <Table.Th scope="col">{t('risk.mtm.averageClickPrice')}</Table.Th>
            <Table.Th scope="col">{t('risk.mtm.todayClickPrice')}</Table.Th>
            <Table.Th scope="col">{t('risk.mtm.result')}</Table.Th>
            <Table.Th scope="col">{t('risk.mtm.resultPerMwh')}</Table.Th>
            <Table.Th scope="col">{t('risk.mtm.openVolume')}</Table.Th>
            <Table.Th scope="col">{t('risk.mtm.openValue')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((part) => (
            <Table.Tr
              key={`${part.contractId}-${part.part}`}
              data-testid={`${id}-${part.contractId}-${part.part}`}
            >
              <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
                {part.contractId}
              </Table.Th>
              <Table.Td>{t(partKey(part.part))}</Table.Td>
              <Table.Td>{formatVolume(part.clickedVolume, locale)}</Table.Td>
              <Table.Td>{format.price(part.averageClickPrice)}</Table.Td>
              <Table.Td>{format.price(part.todayClickPrice)}</Table.Td>
              <Table.Td>{format.money(part.result)}</Table.Td>
              <Table.Td>{format.price(part.resultPerMwh)}</Table.Td>
              <Table.Td>{formatVolume(part.openVolume, locale)}</Table.Td>
              <Table.Td>{format.money(part.openValue)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </TableRegion>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={current}
          onChange={setPage}
          getItemProps={(value) => ({ 'aria-label': t('risk.page.number', { page: value }) })}
          aria-label={t('risk.mtm.pages')}
          data-testid={`${id}-pages`}
        />
      )}
    </Stack>
  );
}
