import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';
import { PATHS } from '../../../shared/routing/paths';
import { PublicPage } from '../../../shared/ui/public-page';

/** Password resets go through Klik support or the account manager for now. */
export function ForgotPasswordScreen() {
  const t = useT();
  return (
    <PublicPage>
      <Paper withBorder p="lg" shadow="xs" data-testid="screen-forgotpassword">
        <Stack>
          <Title order={1} size="h3">
            {t('forgotPassword.title')}
          </Title>
          <Text>{t('forgotPassword.body')}</Text>
          <Anchor component={Link} to={PATHS.login}>
            {t('forgotPassword.backToLogin')}
          </Anchor>
        </Stack>
      </Paper>
    </PublicPage>
  );
}
