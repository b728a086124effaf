import { NativeSelect } from '@mantine/core';

/** A choice of a list's filter: the value the address bar holds, with its label. */
export type FilterChoice = string | { value: string; label: string };

/**
 * A list's filter on one value out of a few. Its first choice, '' named `allLabel`, filters
 * nothing, and is what shows while the filter is not set.
 */
export function ChoiceFilter({
  label,
  value,
  allLabel,
  choices,
  onChange,
  testId,
}: {
  label: string;
  value: string | undefined;
  allLabel: string;
  choices: readonly FilterChoice[];
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <NativeSelect
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[{ value: '', label: allLabel }, ...choices]}
      data-testid={testId}
    />
  );
}
