import { Button, NativeSelect } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';

/** A list's filter on active or deactivated records; '' is both. */
export function ActiveFilter({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  testId: string;
}) {
  const t = useT();
  return (
    <NativeSelect
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[
        { value: '', label: t('admin.users.filter.all') },
        { value: 'true', label: t('admin.users.filter.activeOnly') },
        { value: 'false', label: t('admin.users.filter.inactiveOnly') },
      ]}
      data-testid={testId}
    />
  );
}

/** Clears every filter of a list (the address bar keeps none). */
export function FilterResetButton({ onReset, testId }: { onReset: () => void; testId: string }) {
  const t = useT();
  return (
    <Button type="button" variant="default" size="xs" onClick={onReset} data-testid={testId}>
      {t('admin.users.filter.reset')}
    </Button>
  );
}
