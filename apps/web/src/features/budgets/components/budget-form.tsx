import { useState } from 'react';
import { Alert, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { ApiError, type BudgetInput, type BudgetView } from '@klik/api';
import { bandwidthFromPercentages, fromDec, isDecimalString, toDec } from '@klik/domain';
import { formatPrice } from '../../../shared/format/format-numbers';
import { errorMessageKeyFor } from '../../../shared/i18n/message-keys';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { useDeleteBudget, useSaveBudget } from '../api/budgets-api';

type Field = 'budgetPrice' | 'lowerBound' | 'upperBound' | 'below' | 'above';

/** Decimal comma or point, as the user types it. */
function decimal(value: string): string {
  return value.trim().replace(',', '.');
}

/**
 * Sets the budget price with its bounds, as prices or as percentages below and above the
 * budget price (the bounds they give are shown before saving). The server checks everything
 * again and answers per field.
 */
export function BudgetForm({
  customerId,
  contractId,
  yearOfSupply,
  budget,
}: {
  customerId: number;
  contractId: string;
  yearOfSupply: number;
  budget: BudgetView | null;
}) {
  const t = useT();
  const locale = useLocale();
  const save = useSaveBudget(customerId, contractId, yearOfSupply);
  const remove = useDeleteBudget(customerId, contractId, yearOfSupply);
  const [mode, setMode] = useState<'prices' | 'percentages'>('prices');
  const [values, setValues] = useState<Record<Field, string>>({
    budgetPrice: budget?.budgetPrice ?? '',
    lowerBound: budget?.lowerBound ?? '',
    upperBound: budget?.upperBound ?? '',
    below: '10',
    above: '10',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const set = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setSaved(false);
  };

  const fromPercentages = (): BudgetInput | null => {
    const price = decimal(values.budgetPrice);
    const below = decimal(values.below);
    const above = decimal(values.above);
    if (![price, below, above].every(isDecimalString)) return null;
    const bounds = bandwidthFromPercentages(price, below, above);
    // The bounds are stored with 4 decimals, like every price.
    const round = (value: string) => fromDec(toDec(value).toDecimalPlaces(4));
    return {
      budgetPrice: price,
      lowerBound: round(bounds.lowerBound),
      upperBound: round(bounds.upperBound),
    };
  };
  const preview = mode === 'percentages' ? fromPercentages() : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (mode === 'percentages' && preview === null) {
      setErrors({ below: t('error.percentageInvalid') });
      return;
    }
    const input: BudgetInput = preview ?? {
      budgetPrice: decimal(values.budgetPrice),
      lowerBound: decimal(values.lowerBound),
      upperBound: decimal(values.upperBound),
    };
    save.mutate(input, {
      onSuccess: () => setSaved(true),
      onError: (error) => {
        const message = t(errorMessageKeyFor(error instanceof ApiError ? error.code : 'INTERNAL'));
        const field = fieldOf(error);
        if (field)
          setErrors({
            [mode === 'percentages' && field !== 'budgetPrice' ? 'below' : field]: message,
          });
        else setFailure(message);
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="budget-form-title"
      data-testid="budget-form"
    >
      <Stack gap="sm">
        <Text fw={600} id="budget-form-title">
          {t('budget.form.title')}
        </Text>
        <SegmentedControl
          value={mode}
          onChange={(value) => setMode(value as 'prices' | 'percentages')}
          aria-label={t('budget.form.mode')}
          data={[
            { value: 'prices', label: t('budget.form.mode.prices') },
            { value: 'percentages', label: t('budget.form.mode.percentages') },
          ]}
        />
        <Group align="flex-start" grow>
          <TextInput
            label={t('budget.form.budgetPrice')}
            value={values.budgetPrice}
            onChange={set('budgetPrice')}
            error={errors.budgetPrice}
            inputMode="decimal"
            required
            data-testid="budget-price"
          />
          {mode === 'prices' ? (
            <>
              <TextInput
                label={t('budget.form.lowerBound')}
                value={values.lowerBound}
                onChange={set('lowerBound')}
                error={errors.lowerBound}
                inputMode="decimal"
                required
                data-testid="budget-lower"
              />
              <TextInput
                label={t('budget.form.upperBound')}
                value={values.upperBound}
                onChange={set('upperBound')}
                error={errors.upperBound}
                inputMode="decimal"
                required
                data-testid="budget-upper"
              />
            </>
          ) : (
            <>
              <TextInput
                label={t('budget.form.below')}
                value={values.below}
                onChange={set('below')}
                error={errors.below}
                inputMode="decimal"
                data-testid="budget-below"
              />
              <TextInput
                label={t('budget.form.above')}
                value={values.above}
                onChange={set('above')}
                error={errors.above}
                inputMode="decimal"
                data-testid="budget-above"
              />
            </>
          )}
        </Group>
        {preview && (
          <Text size="sm" data-testid="budget-preview">
            {t('budget.form.preview', {
              lower: formatPrice(preview.lowerBound, locale),
              upper: formatPrice(preview.upperBound, locale),
            })}
          </Text>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        {saved && (
          <Text size="sm" role="status" data-testid="budget-saved">
            {t('budget.form.saved')}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={save.isPending} data-testid="budget-save">
            {t('budget.form.save')}
          </Button>
          {budget && (
            <Button
              variant="default"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onError: (error) =>
                    setFailure(
                      t(errorMessageKeyFor(error instanceof ApiError ? error.code : 'INTERNAL')),
                    ),
                })
              }
              data-testid="budget-delete"
            >
              {t('budget.form.delete')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

function fieldOf(error: unknown): 'budgetPrice' | 'lowerBound' | 'upperBound' | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body as { details?: { field?: unknown } } | undefined;
  const field = body?.details?.field;
  return field === 'budgetPrice' || field === 'lowerBound' || field === 'upperBound' ? field : null;
}
