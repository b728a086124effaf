import { Box, Table, Text } from '@mantine/core';
import type { Market } from '@klik/domain';
import { formatPercentage, formatVolume } from '../../../shared/format/format-numbers';
import { partKey } from '../../../shared/i18n/domain-labels';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import type { ContractPart } from '@klik/api';
import type { GridRow } from '../derive/grid-rows';
import { GridAction, MaturityName, PartPrice, positionId } from './grid-cells';

interface PositionTableProps {
  contractId: string;
  rows: readonly GridRow[];
  partNames: readonly ContractPart['name'][];
  market: Market;
  now: number;
  caption: string;
  captionId: string;
}

/** Below this width the table scrolls inside its box (a tablet); a phone gets cards instead. */
const MIN_WIDTH = { base: 420, perPart: 260 };

/**
 * A year of a contract as one row per maturity, the contract's parts side by side: per part the
 * open volume and the price on the shown market. Clickable rows stand out; the others are muted
 * and say why.
 */
export function PositionTable({
  contractId,
  rows,
  partNames,
  market,
  now,
  caption,
  captionId,
}: PositionTableProps) {
  const t = useT();
  const locale = useLocale();
  const partHeader = (part: ContractPart['name'], label: string) => (
    <>
      <Text component="span" size="xs" display="block">
        {t(partKey(part))}{' '}
      </Text>
      {label}
    </>
  );

  return (
    // On a narrow laptop or tablet the table may be wider than its box: focusable so the keyboard
    // can scroll it too.
    <Box className="klik-table-scroll" tabIndex={0} role="group" aria-labelledby={captionId}>
      <Table
        withTableBorder
        verticalSpacing={6}
        fz="sm"
        miw={MIN_WIDTH.base + MIN_WIDTH.perPart * partNames.length}
        className="klik-position-grid"
      >
        <caption id={captionId} className="klik-visually-hidden">
          {caption}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('positions.grid.maturity')}</Table.Th>
            <Table.Th scope="col">{t('positions.grid.clicked')}</Table.Th>
            {partNames.flatMap((part) => [
              <Table.Th scope="col" key={`${part}-open`}>
                {partHeader(part, t('positions.grid.open'))}
              </Table.Th>,
              <Table.Th scope="col" key={`${part}-price`}>
                {partHeader(part, t('positions.grid.clickPrice'))}
              </Table.Th>,
            ])}
            <Table.Th scope="col">{t('positions.grid.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const id = positionId(contractId, row);
            const clickable = row.action.kind === 'click';
            return (
              <Table.Tr
                key={row.maturity}
                data-testid={`position-${id}`}
                data-clickable={clickable}
                className={row.allowedByClickType ? undefined : 'klik-not-allowed'}
                bg={clickable ? 'teal.0' : undefined}
                c={clickable ? undefined : 'dimmed'}
              >
                <Table.Th scope="row" className="klik-nowrap">
                  <MaturityName maturity={row.maturity} />
                </Table.Th>
                <Table.Td>{formatPercentage(row.clickedPercentage, locale)}</Table.Td>
                {row.parts.length === 0 ? (
                  <Table.Td colSpan={partNames.length * 2 || 1}>
                    {t('positions.grid.noParts')}
                  </Table.Td>
                ) : (
                  partNames.flatMap((name) => {
                    const part = row.parts.find((candidate) => candidate.name === name);
                    return [
                      <Table.Td key={`${name}-open`} className="klik-nowrap">
                        {part ? formatVolume(part.openVolume, locale) : '–'}
                      </Table.Td>,
                      <Table.Td key={`${name}-price`}>
                        {part ? (
                          <PartPrice
                            part={part}
                            market={market}
                            id={id}
                            emphasised={clickable}
                            now={now}
                          />
                        ) : (
                          '–'
                        )}
                      </Table.Td>,
                    ];
                  })
                )}
                <Table.Td>
                  <GridAction row={row} contractId={contractId} layout="table" />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
