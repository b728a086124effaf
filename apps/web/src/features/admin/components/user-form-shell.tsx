import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import type { ErrorCode } from '@klik/api';
import { errorMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';

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
  const t = useT();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (attempt === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);
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
        {formError && (
          <Alert color="red" role="alert" data-testid="form-error">
            {t(errorMessageKey(formError))}
          </Alert>
        )}
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
