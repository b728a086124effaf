import { useState } from 'react';
import { Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { ApiError, type BudgetInput, type BudgetView } from '@klik/api';
import { bandwidthFromPercentages, fromDec, isDecimalString, toDec } from '@klik/domain';
import { formatPrice, typedDecimal } from '../../../shared/format/format-numbers';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { failureMessageKey } from '../../../shared/i18n/message-keys';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { SettingForm } from '../../../shared/ui/setting-form';
import { useDeleteBudget, useSaveBudget } from '../api/budgets-api';

type Field = 'budgetPrice' | 'lowerBound' | 'upperBound' | 'below' | 'above';
type Mode = 'prices' | 'percentages';

interface FieldInput {
  field: Field;
  label: MessageKey;
  required: boolean;
  testId: string;
}

const BUDGET_PRICE: FieldInput = {
  field: 'budgetPrice',
  label: 'budget.form.budgetPrice',
  required: true,
  testId: 'budget-price',
};

/** The bounds as the mode asks for them: as prices, or as percentages of the budget price. */
const BOUNDS: Record<Mode, readonly FieldInput[]> = {
  prices: [
    {
      field: 'lowerBound',
      label: 'budget.form.lowerBound',
      required: true,
      testId: 'budget-lower',
    },
    {
      field: 'upperBound',
      label: 'budget.form.upperBound',
      required: true,
      testId: 'budget-upper',
    },
  ],
  percentages: [
    { field: 'below', label: 'budget.form.below', required: false, testId: 'budget-below' },
    { field: 'above', label: 'budget.form.above', required: false, testId: 'budget-above' },
  ],
};

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
  const [mode, setMode] = useState<Mode>('prices');
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
    const price = typedDecimal(values.budgetPrice);
    const below = typedDecimal(values.below);
    const above = typedDecimal(values.above);
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

  const fail = (error: unknown) => setFailure(t(failureMessageKey(error)));

  const submit = () => {
    setFailure(null);
    if (mode === 'percentages' && preview === null) {
      setErrors({ below: t('error.percentageInvalid') });
      return;
    }
    const input: BudgetInput = preview ?? {
      budgetPrice: typedDecimal(values.budgetPrice),
      lowerBound: typedDecimal(values.lowerBound),
      upperBound: typedDecimal(values.upperBound),
    };
    save.mutate(input, {
      onSuccess: () => setSaved(true),
      onError: (error) => {
        const field = fieldOf(error);
        if (field)
          setErrors({
            [mode === 'percentages' && field !== 'budgetPrice' ? 'below' : field]: t(
              failureMessageKey(error),
            ),
          });
        else fail(error);
      },
    });
  };

  return (
    <SettingForm
      testIdOf="budget"
      title={t('budget.form.title')}
      onSubmit={submit}
      failure={failure}
      saved={saved ? t('budget.form.saved') : null}
      saving={save.isPending}
      saveLabel={t('budget.form.save')}
      onDelete={budget && (() => remove.mutate(undefined, { onError: fail }))}
      deleting={remove.isPending}
      deleteLabel={t('budget.form.delete')}
    >
      <SegmentedControl
        value={mode}
        onChange={(value) => setMode(value as Mode)}
        aria-label={t('budget.form.mode')}
        data={[
          { value: 'prices', label: t('budget.form.mode.prices') },
          { value: 'percentages', label: t('budget.form.mode.percentages') },
        ]}
      />
      <Group align="flex-start" grow>
        {[BUDGET_PRICE, ...BOUNDS[mode]].map(({ field, label, required, testId }) => (
          <TextInput
            key={field}
            label={t(label)}
            value={values[field]}
            onChange={set(field)}
            error={errors[field]}
            inputMode="decimal"
            required={required}
            data-testid={testId}
          />
        ))}
      </Group>
      {preview && (
        <Text size="sm" data-testid="budget-preview">
          {t('budget.form.preview', {
            lower: formatPrice(preview.lowerBound, locale),
            upper: formatPrice(preview.upperBound, locale),
          })}
        </Text>
      )}
    </SettingForm>
  );
}

function fieldOf(error: unknown): 'budgetPrice' | 'lowerBound' | 'upperBound' | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body as { details?: { field?: unknown } } | undefined;
  const field = body?.details?.field;
  return field === 'budgetPrice' || field === 'lowerBound' || field === 'upperBound' ? field : null;
}
