import { ActionIcon, Button, Table, TextInput } from '@mantine/core';
import { partKey } from '../../../shared/i18n/domain-labels';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { useT } from '../../../shared/i18n/use-t';
import { TableRegion } from '../../../shared/ui/table-region';
import {
  GRID_PARTS,
  MATURITY_TYPES,
  lineKey,
  type EditLine,
  type FieldId,
  type MaturityType,
} from '../derive/margin-draft';

export const MATURITY_TYPE_KEYS: Record<MaturityType, MessageKey> = {
  YEAR: 'margins.maturityType.YEAR',
  QUARTER: 'margins.maturityType.QUARTER',
  MONTH: 'margins.maturityType.MONTH',
};

/**
 * The scenario's grid: per part and maturity type a mark-up and fee for every volume, and any
 * volume bands (from N MWh of the part's volume in the position) below it.
 */
export function MarginGrid({
  lines,
  invalid,
  onChange,
}: {
  lines: EditLine[];
  invalid: ReadonlySet<FieldId>;
  onChange: (lines: EditLine[]) => void;
}) {
  const t = useT();
  const update = (key: string, field: 'minVolume' | 'markUp' | 'transactionFee', value: string) =>
    onChange(lines.map((line) => (line.key === key ? { ...line, [field]: value } : line)));
  const addBand = (base: EditLine) => {
    const at = lines.findLastIndex(
      (line) => line.part === base.part && line.maturityType === base.maturityType,
    );
    const band: EditLine = {
      ...base,
      key: lineKey(),
      minVolume: '',
      markUp: '',
      transactionFee: '',
    };
    onChange([...lines.slice(0, at + 1), band, ...lines.slice(at + 1)]);
  };
  const remove = (key: string) => onChange(lines.filter((line) => line.key !== key));

  const rows = GRID_PARTS.flatMap(({ part }) =>
    MATURITY_TYPES.flatMap((maturityType) =>
      lines
        .filter((line) => line.part === part && line.maturityType === maturityType)
        .map((line) => {
          const cell = `${t(partKey(part))}, ${t(MATURITY_TYPE_KEYS[maturityType])}`;
          const band = line.minVolume !== null;
          const label = band
            ? t('margins.grid.bandLabel', { cell, from: line.minVolume || '…' })
            : cell;
          const error = (field: string) =>
            invalid.has(`${line.key}.${field}`) ? t('margins.grid.invalid') : undefined;
          return (
            <Table.Tr
              key={line.key}
              data-testid={`grid-${part}-${maturityType}${band ? '-band' : ''}`}
            >
              <Table.Td>{band ? '' : t(partKey(part))}</Table.Td>
              <Table.Td>{band ? '' : t(MATURITY_TYPE_KEYS[maturityType])}</Table.Td>
              <Table.Td>
                {band ? (
                  <TextInput
                    size="xs"
                    aria-label={t('margins.grid.fromVolumeOf', { cell })}
                    value={line.minVolume ?? ''}
                    error={error('minVolume')}
                    onChange={(event) => update(line.key, 'minVolume', event.currentTarget.value)}
                  />
                ) : (
                  t('margins.grid.everyVolume')
                )}
              </Table.Td>
              <Table.Td>
                <TextInput
                  size="xs"
                  aria-label={t('margins.grid.markUpOf', { line: label })}
                  value={line.markUp}
                  error={error('markUp')}
                  onChange={(event) => update(line.key, 'markUp', event.currentTarget.value)}
                  data-testid={`markup-${line.part}-${line.maturityType}${band ? '-band' : ''}`}
                />
              </Table.Td>
              <Table.Td>
                <TextInput
                  size="xs"
                  aria-label={t('margins.grid.feeOf', { line: label })}
                  value={line.transactionFee}
                  error={error('transactionFee')}
                  onChange={(event) =>
                    update(line.key, 'transactionFee', event.currentTarget.value)
                  }
                  data-testid={`fee-${line.part}-${line.maturityType}${band ? '-band' : ''}`}
                />
              </Table.Td>
              <Table.Td>
                {band ? (
                  <ActionIcon
                    variant="default"
                    aria-label={t('margins.grid.removeBand', { line: label })}
                    onClick={() => remove(line.key)}
                  >
                    ×
                  </ActionIcon>
                ) : (
                  <Button
                    variant="default"
                    size="xs"
                    aria-label={t('margins.grid.addBandTo', { cell })}
                    onClick={() => addBand(line)}
                  >
                    {t('margins.grid.addBand')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          );
        }),
    ),
  );

  return (
    <TableRegion
      id="margin-grid"
      caption={t('margins.grid.caption')}
      minWidth={760}
      testId="margin-grid"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('margins.grid.part')}</Table.Th>
          <Table.Th>{t('margins.grid.maturityType')}</Table.Th>
          <Table.Th>{t('margins.grid.fromVolume')}</Table.Th>
          <Table.Th>{t('margins.grid.markUp')}</Table.Th>
          <Table.Th>{t('margins.grid.fee')}</Table.Th>
          <Table.Th>{t('margins.grid.actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{rows}</Table.Tbody>
    </TableRegion>
  );
}
