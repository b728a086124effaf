import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';

/**
 * The frame of a form that sets one thing for a contract's year, which can also be removed again
 * (a budget, a hedge policy): its title, its fields, why the last save or removal failed, that it
 * was saved, and the buttons. `testIdOf` names the form `${testIdOf}-form`, the status
 * `${testIdOf}-saved` and the buttons `${testIdOf}-save` and `${testIdOf}-delete`.
 */
export function SettingForm({
  testIdOf,
  title,
  onSubmit,
  failure,
  failureTestId,
  saved,
  saving,
  saveLabel,
  onDelete,
  deleting,
  deleteLabel,
  children,
}: {
  testIdOf: string;
  title: string;
  onSubmit: () => void;
  failure: string | null;
  failureTestId?: string;
  /** What says it was saved; null until it was. */
  saved: string | null;
  saving: boolean;
  saveLabel: string;
  /** Null while there is nothing saved to remove. */
  onDelete: (() => void) | null;
  deleting: boolean;
  deleteLabel: string;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
      aria-labelledby={`${testIdOf}-form-title`}
      data-testid={`${testIdOf}-form`}
    >
      <Stack gap="sm">
        <Text fw={600} id={`${testIdOf}-form-title`}>
          {title}
        </Text>
        {children}
        {failure && (
          <Alert color="red" role="alert" data-testid={failureTestId}>
            {failure}
          </Alert>
        )}
        {saved && (
          <Text size="sm" role="status" data-testid={`${testIdOf}-saved`}>
            {saved}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={saving} data-testid={`${testIdOf}-save`}>
            {saveLabel}
          </Button>
          {onDelete && (
            <Button
              variant="default"
              loading={deleting}
              onClick={onDelete}
              data-testid={`${testIdOf}-delete`}
            >
              {deleteLabel}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
