import { TextInput } from '@mantine/core';

/**
 * A list's filter on a period: its first and last day, each a date field (`filter-from`,
 * `filter-to`); an empty one leaves that end open. Placed inside the filters' grid.
 */
export function PeriodFilter({
  from,
  to,
  fromLabel,
  toLabel,
  toError,
  onChange,
  testId = 'filter',
}: {
  from: string | undefined;
  to: string | undefined;
  fromLabel: string;
  toLabel: string;
  /** Why the period cannot be, shown at its last day. */
  toError?: string;
  onChange: (field: 'from' | 'to', value: string) => void;
  /** The fields are `${testId}-from` and `${testId}-to`. */
  testId?: string;
}) {
  return (
    <>
      <TextInput
        type="date"
        label={fromLabel}
        value={from ?? ''}
        onChange={(event) => onChange('from', event.currentTarget.value)}
        data-testid={`${testId}-from`}
      />
      <TextInput
        type="date"
        label={toLabel}
        value={to ?? ''}
        onChange={(event) => onChange('to', event.currentTarget.value)}
        error={toError}
        data-testid={`${testId}-to`}
      />
    </>
  );
}
