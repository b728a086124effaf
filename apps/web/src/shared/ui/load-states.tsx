import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useT } from '../i18n/use-t';

/** A spinner with what is being loaded, announced politely. */
export function Loading({ text }: { text: string }) {
  return (
    <Group gap="xs" role="status">
      <Loader size="sm" />
      <Text>{text}</Text>
    </Group>
  );
}

/** What could not be loaded, and the one thing to do about it. */
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
