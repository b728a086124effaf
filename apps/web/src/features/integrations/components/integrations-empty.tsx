import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useEnv } from '../../../shared/env/use-env';
import { useT } from '../../../shared/i18n/use-t';
import { API_DOCS_PATH } from '../integrations-paths';

/**
 * Nothing registered yet: what the thing is and where the API is documented. Not EmptyState: the
 * documentation is the server's page, not a screen of the portal's router.
 */
export function IntegrationsEmpty({ text, testId }: { text: string; testId: string }) {
  const t = useT();
  const { backendUrl } = useEnv();
  return (
    <Alert color="gray" data-testid={testId}>
      <Stack gap="xs">
        <Text size="sm">{text}</Text>
        {/* The text's own colour, underlined: the primary colour on this grey misses AA. */}
        <Anchor
          href={`${backendUrl.replace(/\/+$/, '')}${API_DOCS_PATH}`}
          size="sm"
          c="var(--mantine-color-text)"
          underline="always"
        >
          {t('integrations.apiDocs')}
        </Anchor>
      </Stack>
    </Alert>
  );
}
