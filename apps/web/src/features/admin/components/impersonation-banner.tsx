import { Alert, Button, Group, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { UserSession } from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';
import { useT } from '../../../shared/i18n/use-t';
import { homePath } from '../../../shared/routing/access';
import { PATHS } from '../../../shared/routing/paths';
import { clearLocalSession } from '../../../shared/session/session-store';
import {
  forgetOwnSession,
  ownSessionBehind,
  returnToOwnSession,
} from '../../../shared/session/impersonation';

/**
 * Shown above every screen while an administrator works as someone else: who, and one click back
 * to their own session (the borrowed one is ended on the server). Without an own session in this
 * tab (another tab, or it has ended) the button signs out instead.
 */
export function ImpersonationBanner({ session }: { session: UserSession }) {
  const t = useT();
  const api = useApiClient();
  const navigate = useNavigate();
  if (session.impersonatedBy === null) return null;
  const canReturn = ownSessionBehind(session) !== null;

  function endOnServer(token: string) {
    api.logout(token).catch((error: unknown) => {
      console.warn('Logout failed on the server', error);
    });
  }

  function back() {
    const returned = returnToOwnSession();
    if (returned) {
      endOnServer(returned.borrowedToken);
      void navigate(returned.own.returnTo || homePath(returned.own.session), { replace: true });
      return;
    }
    const previous = clearLocalSession();
    const own = forgetOwnSession();
    void navigate(PATHS.login, { replace: true });
    if (previous) endOnServer(previous.token);
    if (own) endOnServer(own);
  }

  return (
    <Alert
      color="orange"
      variant="filled"
      radius={0}
      py={6}
      className="klik-impersonation-banner"
      data-testid="impersonation-banner"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" fw={600}>
          {t('admin.impersonation.banner', { name: session.name, by: session.impersonatedBy })}
        </Text>
        <Button
          size="xs"
          variant="white"
          color="dark"
          onClick={back}
          data-testid="impersonation-back"
        >
          {t(canReturn ? 'admin.impersonation.back' : 'admin.impersonation.signOut', {
            by: session.impersonatedBy,
          })}
        </Button>
      </Group>
    </Alert>
  );
}
