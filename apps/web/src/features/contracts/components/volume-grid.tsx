import { ActionIcon, Button, Checkbox, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import type { ContractDetail } from '@klik/api';
import { useT } from '../../../shared/i18n/use-t';
import { TableRegion } from '../../../shared/ui/table-region';
import type { ContractFormValues, VolumeRow } from '../derive/contract-form';
import { monthKey } from '../derive/labels';
import type { FieldText } from './contract-fields';

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);
const FLAT_PROFILE = MONTHS.map((month) => (month <= 8 ? '8.33' : '8.34'));

/**
 * The contracted volume per year of supply and part, each flat or shaped by a profile of 12
 * monthly shares, with what is already clicked of each month: the floor a volume cannot go below.
 */
export function VolumeGrid({
  values,
  clicked,
  clickYears,
  errorOf,
  onChange,
  onAddYear,
  onRemoveYear,
}: {
  values: ContractFormValues;
  clicked: ContractDetail['volumes'];
  clickYears: readonly number[];
  errorOf: FieldText;
  onChange: (index: number, row: VolumeRow) => void;
  onAddYear: () => void;
  onRemoveYear: (year: number) => void;
}) {
  const t = useT();
  const years = [...new Set(values.volumes.map((v) => v.yearOfSupply))].sort((a, b) => a - b);
  return (
    <Stack gap="sm">
      {errorOf('volumes') && (
        <Text c="red.8" size="sm" role="alert">
          {errorOf('volumes')}
        </Text>
      )}
      {years.map((year) => (
        <Stack key={year} gap="xs" data-testid={`volume-year-${year}`}>
          <Group justify="space-between">
            <Text fw={600}>{t('contracts.volumes.year', { year })}</Text>
            <ActionIcon
              variant="subtle"
              color="red.8"
              disabled={clickYears.includes(year)}
              aria-label={t('contracts.volumes.removeYear', { year })}
              title={
                clickYears.includes(year)
                  ? t('contracts.volumes.yearHasClicks')
                  : t('contracts.volumes.removeYear', { year })
              }
              onClick={() => onRemoveYear(year)}
              data-testid={`remove-year-${year}`}
            >
              ×
            </ActionIcon>
          </Group>
          {values.volumes.map((row, index) =>
            row.yearOfSupply !== year ? null : (
              <PartVolume
                key={`${year}-${row.part}`}
                row={row}
                index={index}
                clicked={
                  clicked.find((v) => v.yearOfSupply === year && v.part === row.part)
                    ?.clickedByMonth ?? null
                }
                errorOf={errorOf}
                onChange={(next) => onChange(index, next)}
              />
            ),
          )}
        </Stack>
      ))}
      <Group>
        <Button variant="default" onClick={onAddYear} data-testid="add-year">
          {t('contracts.volumes.addYear')}
        </Button>
      </Group>
    </Stack>
  );
}

function PartVolume({
  row,
  index,
  clicked,
  errorOf,
  onChange,
}: {
  row: VolumeRow;
  index: number;
  clicked: readonly string[] | null;
  errorOf: FieldText;
  onChange: (row: VolumeRow) => void;
}) {
  const t = useT();
  const id = `volume-${row.yearOfSupply}-${row.part}`;
  const partLabel = t(`contracts.part.${row.part}`);
  // The sum's message, or else the first share's: the inputs are too small to hold one each.
  const profileError =
    errorOf(`volumes.${index}.profile`) ??
    MONTHS.map((month) => errorOf(`volumes.${index}.profile.${month - 1}`)).find(Boolean);
  return (
    <Stack gap={4} pl="md">
      <Group align="flex-end" gap="md">
        <TextInput
          label={t('contracts.volumes.volume', { part: partLabel })}
          value={row.volume}
          onChange={(event) => onChange({ ...row, volume: event.currentTarget.value })}
          error={errorOf(`volumes.${index}.volume`)}
          inputMode="decimal"
          w={200}
          data-testid={`${id}-volume`}
        />
        <Checkbox
          label={t('contracts.volumes.profiled')}
          checked={row.profiled}
          onChange={(event) =>
            onChange({
              ...row,
              profiled: event.currentTarget.checked,
              // A profile starts flat (to the hundredth of a percent), to be shaped from there.
              profile: row.profile.every((share) => share === '') ? [...FLAT_PROFILE] : row.profile,
            })
          }
          data-testid={`${id}-profiled`}
        />
      </Group>
      {(row.profiled || clicked) && (
        <TableRegion
          id={id}
          caption={t('contracts.volumes.caption', { part: partLabel, year: row.yearOfSupply })}
          minWidth={900}
          testId={`${id}-months`}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('contracts.volumes.month')}</Table.Th>
              {MONTHS.map((month) => (
                <Table.Th key={month} scope="col">
                  {t(monthKey(month))}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {row.profiled && (
              <Table.Tr>
                <Table.Th scope="row">{t('contracts.volumes.share')}</Table.Th>
                {MONTHS.map((month) => (
                  <Table.Td key={month}>
                    <TextInput
                      aria-label={t('contracts.volumes.shareOf', {
                        month: t(monthKey(month)),
                      })}
                      value={row.profile[month - 1] ?? ''}
                      onChange={(event) => {
                        const profile = [...row.profile];
                        profile[month - 1] = event.currentTarget.value;
                        onChange({ ...row, profile });
                      }}
                      error={Boolean(errorOf(`volumes.${index}.profile.${month - 1}`))}
                      inputMode="decimal"
                      size="xs"
                      w={64}
                      data-testid={`${id}-share-${month}`}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            )}
            {clicked && (
              <Table.Tr>
                <Table.Th scope="row">{t('contracts.volumes.clicked')}</Table.Th>
                {MONTHS.map((month) => (
                  <Table.Td key={month}>{clicked[month - 1]}</Table.Td>
                ))}
              </Table.Tr>
            )}
          </Table.Tbody>
        </TableRegion>
      )}
      {profileError && (
        <Text c="red.8" size="sm" role="alert" data-testid={`${id}-profile-error`}>
          {profileError}
        </Text>
      )}
    </Stack>
  );
}
