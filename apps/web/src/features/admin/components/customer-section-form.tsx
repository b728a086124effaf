import type { ReactNode } from 'react';
import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import type { ErrorCode } from '@klik/api';
import { useFocusFirstInvalid } from '../../../shared/ui/use-focus-first-invalid';
import { ErrorAlert } from '../../../shared/ui/error-alert';

/**
 * The frame of a part of editcustomer that saves on its own (`customer-${section}`): its heading,
 * the stale-version message, its fields, what was refused (`${section}-error`) or saved
 * (`${section}-saved`), and for an editor the save button beside any other actions. After a
 * refused `attempt` the first field in error gets the focus.
 */
export function CustomerSectionForm({
  section,
  title,
  conflict,
  attempt = 0,
  formError,
  savedText,
  editable,
  pending,
  onSubmit,
  submitLabel,
  submitTestId,
  actions,
  children,
}: {
  section: string;
  title: string;
  conflict: ReactNode;
  attempt?: number;
  formError: ErrorCode | null;
  /** Null until a save went through. */
  savedText: string | null;
  editable: boolean;
  pending: boolean;
  onSubmit: () => void;
  submitLabel: string;
  submitTestId: string;
  /** Before the save button. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const form = useFocusFirstInvalid(attempt);
  return (
    <form
      ref={form}
      noValidate
      aria-labelledby={`customer-${section}-title`}
      data-testid={`customer-${section}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (editable && !pending) onSubmit();
      }}
    >
      <Stack gap="sm">
        <Title order={2} id={`customer-${section}-title`}>
          {title}
        </Title>
        {conflict}
        {children}
        <ErrorAlert code={formError} testId={`${section}-error`} />
        {savedText !== null && (
          <Alert color="teal" role="status" data-testid={`${section}-saved`}>
            {savedText}
          </Alert>
        )}
        {editable && (
          <Group gap="sm">
            {actions}
            <Button type="submit" loading={pending} data-testid={submitTestId}>
              {submitLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
