import type { FormEvent, ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import type { ErrorCode } from '@klik/api';
import { useFocusFirstInvalid } from '../../../shared/ui/use-focus-first-invalid';
import { ErrorAlert } from '../../../shared/ui/error-alert';

/**
 * The frame of a user form: the fields, one message for what is not about a field, and the save
 * button. After a refused attempt the first field in error gets the focus, so a keyboard or
 * screen reader user lands on what to fix.
 */
export function UserFormShell({
  label,
  attempt,
  formError,
  pending,
  submitLabel,
  onSubmit,
  children,
  extraActions,
}: {
  label: string;
  attempt: number;
  formError: ErrorCode | null;
  pending: boolean;
  /** null: nothing to save (a read-only session sees the form only). */
  submitLabel: string | null;
  onSubmit: () => void;
  children: ReactNode;
  extraActions?: ReactNode;
}) {
  const form = useFocusFirstInvalid(attempt);
  return (
    <form
      ref={form}
      noValidate
      aria-label={label}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        if (!pending) onSubmit();
      }}
    >
      <Stack gap="md">
        {children}
        <ErrorAlert code={formError} testId="form-error" />
        <Group gap="sm">
          {submitLabel !== null && (
            <Button type="submit" loading={pending} data-testid="save-user">
              {submitLabel}
            </Button>
          )}
          {extraActions}
        </Group>
      </Stack>
    </form>
  );
}
