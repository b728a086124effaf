import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { ApiError, type HedgePointView } from '@klik/api';
import { errorMessageKeyFor } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
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

function decimal(value: string): string {
  return value.trim().replace(',', '.');
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
  const fail = (error: unknown) =>
    setFailure(t(errorMessageKeyFor(error instanceof ApiError ? error.code : 'INTERNAL')));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    save.mutate(
      {
        points: rows.map((row) => ({
          date: row.date.trim(),
          minShare: decimal(row.minShare),
          maxShare: row.maxShare.trim() === '' ? null : decimal(row.maxShare),
        })),
      },
      { onSuccess: () => setSaved(true), onError: fail },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="hedge-form-title" data-testid="hedge-form">
      <Stack gap="sm">
        <Text fw={600} id="hedge-form-title">
          {t('hedgePolicy.form.title', { contractId, year: yearOfSupply })}
        </Text>
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
        {failure && (
          <Alert color="red" role="alert" data-testid="hedge-failure">
            {failure}
          </Alert>
        )}
        {saved && (
          <Text size="sm" role="status" data-testid="hedge-saved">
            {t('hedgePolicy.form.saved')}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={save.isPending} data-testid="hedge-save">
            {t('hedgePolicy.form.save')}
          </Button>
          {points && (
            <Button
              variant="default"
              loading={remove.isPending}
              onClick={() => remove.mutate(undefined, { onError: fail })}
              data-testid="hedge-delete"
            >
              {t('hedgePolicy.form.delete')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
