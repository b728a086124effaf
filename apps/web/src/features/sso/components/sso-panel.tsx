import type { ReactNode } from 'react';
import { Alert, Anchor, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { useT } from '../../../shared/i18n/use-t';
import { PATHS } from '../../../shared/routing/paths';

/** The frame of loginoauth and sso: a title, the failure or the body, and the way back. */
export function SsoPanel(props: {
  testId: string;
  failure: MessageKey | null;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Paper withBorder p="lg" shadow="xs" data-testid={props.testId}>
      <Stack>
        <Title order={1} size="h2">
          {t('sso.title')}
        </Title>
        {props.failure ? (
          <Alert color="red" role="alert" data-testid="sso-error">
            {t(props.failure)}
          </Alert>
        ) : (
          props.children
        )}
        <Anchor component={Link} to={PATHS.login} size="sm">
          {t('sso.backToLogin')}
        </Anchor>
      </Stack>
    </Paper>
  );
}

/** The loading indicator with what is going on, announced to screen readers. */
export function SsoBusy({ text, testId }: { text: string; testId?: string }) {
  return (
    <Stack align="center" role="status" aria-live="polite">
      <Loader aria-hidden />
      <Text data-testid={testId}>{text}</Text>
    </Stack>
  );
}
