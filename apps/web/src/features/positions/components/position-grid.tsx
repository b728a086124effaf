import { Anchor, Box, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatPercentage, formatPrice, formatVolume } from '../../../shared/format/format-numbers';
import { disableClickReasonKey } from '../../../shared/i18n/catalogues';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import type { ContractData } from '@klik/api';
import { gridRows, type GridAction, type GridRow } from '../derive/grid-rows';
import { maturityWords, partKey } from '../../../shared/i18n/domain-labels';
import { PriceCell } from '../../../shared/ui/price-cell';

interface PositionGridProps {
  contract: ContractData;
  year: number;
  readOnly: boolean;
}

function cellId(contractId: string, row: GridRow): string {
  return `${contractId}-${row.yearOfSupply}-${row.maturity}`;
}

function ActionCell({
  action,
  row,
  contractId,
}: {
  action: GridAction;
  row: GridRow;
  contractId: string;
}) {
  const t = useT();
  const id = cellId(contractId, row);
  if (action.kind === 'click') {
    return (
      <Anchor
        component={Link}
        to={action.href}
        fw={700}
        data-testid={`click-${id}`}
        aria-label={t('positions.grid.clickLabel', {
          maturity: row.maturity,
          year: row.yearOfSupply,
          contractId,
        })}
      >
        {t('positions.grid.click')}
      </Anchor>
    );
  }
  return (
    <Text size="sm" data-testid={`reason-${id}`} data-reason={action.reason ?? undefined}>
      {action.reason ? t(disableClickReasonKey(action.reason)) : t('positions.grid.notClickable')}
    </Text>
  );
}

/**
 * One year of a contract as a table: a row group per maturity (Y, Q1-Q4, M1-M12) with a row per
 * contract part. The action column holds the click link, or the reason why there is none.
 */
export function PositionGrid({ contract, year, readOnly }: PositionGridProps) {
  const t = useT();
  const locale = useLocale();
  const rows = gridRows(contract, year, { readOnly });
  const captionId = `grid-caption-${contract.contractId}-${year}`;
  const price = (value: string | null) =>
    value === null ? t('positions.grid.noPrice') : formatPrice(value, locale);

  return (
    // Scrolls sideways on a phone; focusable so the keyboard can scroll it too.
    <Box
      className="klik-table-scroll"
      tabIndex={0}
      role="region"
      aria-labelledby={captionId}
      data-testid={`grid-${contract.contractId}-${year}`}
    >
      <Table
        withTableBorder
        withColumnBorders
        verticalSpacing={4}
        fz="sm"
        miw={900}
        className="klik-position-grid"
      >
        <caption id={captionId} className="klik-visually-hidden">
          {t('positions.grid.caption', { contractId: contract.contractId, year })}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('positions.grid.maturity')}</Table.Th>
            <Table.Th scope="col">{t('positions.grid.clicked')}</Table.Th>
            <Table.Th scope="col">{t('positions.grid.part')}</Table.Th>
            <Table.Th scope="col">{t('positions.grid.open')}</Table.Th>
            <Table.Th scope="col">{t('positions.grid.otcPrice')}</Table.Th>
            <Table.Th scope="col">{t('positions.grid.icePrice')}</Table.Th>
            <Table.Th scope="col">{t('positions.grid.otcClickPrice')}</Table.Th>
            <Table.Th scope="col">{t('positions.grid.iceClickPrice')}</Table.Th>
            <Table.Th scope="col">{t('positions.grid.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        {rows.map((row) => {
          const span = Math.max(row.parts.length, 1);
          const groupCells = (
            <>
              <Table.Th scope="rowgroup" rowSpan={span}>
                <Text fw={700} size="sm" component="span" display="block">
                  {row.maturity}
                </Text>
                <Text size="xs" component="span" display="block">
                  {maturityWords(row.maturity, t, locale)}
                </Text>
              </Table.Th>
              <Table.Td rowSpan={span}>{formatPercentage(row.clickedPercentage, locale)}</Table.Td>
            </>
          );
          const actionCell = (
            <Table.Td rowSpan={span}>
              <ActionCell action={row.action} row={row} contractId={contract.contractId} />
            </Table.Td>
          );
          return (
            <Table.Tbody
              key={row.maturity}
              data-testid={`position-${cellId(contract.contractId, row)}`}
              data-clickable={row.action.kind === 'click'}
              className={row.allowedByClickType ? undefined : 'klik-not-allowed'}
            >
              {row.parts.length === 0 ? (
                <Table.Tr>
                  {groupCells}
                  <Table.Td colSpan={6}>{t('positions.grid.noParts')}</Table.Td>
                  {actionCell}
                </Table.Tr>
              ) : (
                row.parts.map((part, index) => (
                  <Table.Tr key={part.name}>
                    {index === 0 && groupCells}
                    <Table.Td>{t(partKey(part.name))}</Table.Td>
                    <Table.Td className="klik-nowrap">
                      {formatVolume(part.openVolume, locale)}
                    </Table.Td>
                    <PriceCell
                      value={part.otcPrice}
                      testId={`otc-price-${cellId(contract.contractId, row)}-${part.name}`}
                    >
                      {price(part.otcPrice)}
                    </PriceCell>
                    <PriceCell value={part.icePrice}>{price(part.icePrice)}</PriceCell>
                    <PriceCell
                      value={part.otcClickPrice}
                      testId={`otc-click-price-${cellId(contract.contractId, row)}-${part.name}`}
                    >
                      {price(part.otcClickPrice)}
                    </PriceCell>
                    <PriceCell value={part.iceClickPrice}>{price(part.iceClickPrice)}</PriceCell>
                    {index === 0 && actionCell}
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          );
        })}
      </Table>
    </Box>
  );
}
