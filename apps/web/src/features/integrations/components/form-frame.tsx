import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';

/**
 * A form of the screen: its heading (which names the form), a refusal of the whole form, its
 * fields, then cancel and submit. noValidate: the fields' own messages stand beside them.
 */
export function FormFrame({
  name,
  title,
  failure,
  onSubmit,
  onCancel,
  submitLabel,
  pending,
  children,
}: {
  /** Names the test ids: `<name>-form`, `<name>-failure`, `<name>-save`. */
  name: string;
  title: string;
  failure: string | null;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${name}-form-title`}
      data-testid={`${name}-form`}
    >
      <Stack>
        <Title order={3} id={`${name}-form-title`}>
          {title}
        </Title>
        {failure && (
          <Alert color="red" role="alert" data-testid={`${name}-failure`}>
            {failure}
          </Alert>
        )}
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid={`${name}-save`}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
