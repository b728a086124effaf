import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';

/** A list on its way (announced to screen readers as a status). */
export function Loading({ text }: { text: string }) {
  return (
    <Group gap="xs" role="status">
      <Loader size="sm" />
      <Text>{text}</Text>
    </Group>
  );
}

/** A list that could not be read, with a way to ask again. */
export function LoadFailed({
  text,
  onRetry,
  testId,
}: {
  text: string;
  onRetry: () => void;
  testId?: string;
}) {
  const t = useT();
  return (
    <Alert color="red" role="alert" data-testid={testId}>
      <Group gap="sm">
        <Text size="sm">{text}</Text>
        <Button variant="default" size="xs" onClick={onRetry}>
          {t('app.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
