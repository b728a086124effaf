import { useState } from 'react';
import { ActionIcon, Button, Group, Text, TextInput } from '@mantine/core';
import type { HedgePointView } from '@klik/api';
import { typedDecimal } from '../../../shared/format/format-numbers';
import { failureMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { SettingForm } from '../../../shared/ui/setting-form';
import { useDeleteHedgePolicy, useSaveHedgePolicy } from '../api/hedge-policies-api';

interface Row {
  date: string;
  minShare: string;
  maxShare: string;
}

/**
 * Suggested points for a year without a policy: at least 30% a year before delivery, 60% six
 * months before and 90% a month before it starts.
 */
export function suggestedPoints(yearOfSupply: number): Row[] {
  const before = yearOfSupply - 1;
  return [
    { date: `${before}-01-01`, minShare: '30', maxShare: '' },
    { date: `${before}-07-01`, minShare: '60', maxShare: '' },
    { date: `${before}-12-01`, minShare: '90', maxShare: '' },
  ];
}

/** Sets a year's corridor point by point; the server checks it and answers what is wrong. */
export function HedgePolicyForm({
  customerId,
  contractId,
  yearOfSupply,
  points,
}: {
  customerId: number;
  contractId: string;
  yearOfSupply: number;
  points: HedgePointView[] | null;
}) {
  const t = useT();
  const save = useSaveHedgePolicy(customerId, contractId, yearOfSupply);
  const remove = useDeleteHedgePolicy(customerId, contractId, yearOfSupply);
  const [rows, setRows] = useState<Row[]>(
    points?.map((point) => ({
      date: point.date,
      minShare: point.minShare,
      maxShare: point.maxShare ?? '',
    })) ?? suggestedPoints(yearOfSupply),
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const change = (index: number, field: keyof Row, value: string) => {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
    setSaved(false);
  };
  const fail = (error: unknown) => setFailure(t(failureMessageKey(error)));

  const submit = () => {
    setFailure(null);
    save.mutate(
      {
        points: rows.map((row) => ({
          date: row.date.trim(),
          minShare: typedDecimal(row.minShare),
          maxShare: row.maxShare.trim() === '' ? null : typedDecimal(row.maxShare),
        })),
      },
      { onSuccess: () => setSaved(true), onError: fail },
    );
  };

  return (
    <SettingForm
      testIdOf="hedge"
      title={t('hedgePolicy.form.title', { contractId, year: yearOfSupply })}
      onSubmit={submit}
      failure={failure}
      failureTestId="hedge-failure"
      saved={saved ? t('hedgePolicy.form.saved') : null}
      saving={save.isPending}
      saveLabel={t('hedgePolicy.form.save')}
      onDelete={points && (() => remove.mutate(undefined, { onError: fail }))}
      deleting={remove.isPending}
      deleteLabel={t('hedgePolicy.form.delete')}
    >
      <Text size="sm">{t('hedgePolicy.form.help')}</Text>
      {rows.map((row, index) => (
        <Group key={index} align="flex-end" gap="sm" data-testid={`hedge-point-${index}`}>
          <TextInput
            type="date"
            label={t('hedgePolicy.form.date', { n: index + 1 })}
            value={row.date}
            onChange={(event) => change(index, 'date', event.currentTarget.value)}
            data-testid={`hedge-date-${index}`}
          />
          <TextInput
            label={t('hedgePolicy.form.min', { n: index + 1 })}
            value={row.minShare}
            inputMode="decimal"
            onChange={(event) => change(index, 'minShare', event.currentTarget.value)}
            data-testid={`hedge-min-${index}`}
          />
          <TextInput
            label={t('hedgePolicy.form.max', { n: index + 1 })}
            value={row.maxShare}
            inputMode="decimal"
            onChange={(event) => change(index, 'maxShare', event.currentTarget.value)}
            data-testid={`hedge-max-${index}`}
          />
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('hedgePolicy.form.removePoint', { n: index + 1 })}
            onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="default"
          size="xs"
          onClick={() =>
            setRows((current) => [...current, { date: '', minShare: '', maxShare: '' }])
          }
        >
          {t('hedgePolicy.form.addPoint')}
        </Button>
      </Group>
    </SettingForm>
  );
}
