import { Alert, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { UserSession } from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';
import { useT } from '../../../shared/i18n/use-t';
import { PATHS } from '../../../shared/routing/paths';
import { returnToOwnSession } from '../../../shared/session/impersonation';
import { useSelection } from '../../../shared/session/use-selection';
import { tpiQueryKeys } from '../api/tpi-api';

/**
 * Shown above every screen while a TPI consultant acts for a customer (consultantdashboard and
 * wherever they go from there): for whom, as whom, and one action back to the overview, which
 * ends the borrowed session and loads the TPI data again (a click may have been made).
 */
export function ConsultantBanner({
  session,
  consultantName,
}: {
  session: UserSession;
  consultantName: string;
}) {
  const t = useT();
  const api = useApiClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { customer } = useSelection();

  function back() {
    const returned = returnToOwnSession();
    if (!returned) return;
    api.logout(returned.borrowedToken).catch((error: unknown) => {
      console.warn('Logout failed on the server', error);
    });
    void queryClient.invalidateQueries({ queryKey: tpiQueryKeys.all });
    void navigate(PATHS.overview, { replace: true });
  }

  return (
    <Alert
      color="teal.9"
      variant="filled"
      radius={0}
      py={6}
      className="klik-impersonation-banner"
      data-testid="consultant-banner"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" fw={600}>
          {t('tpi.consultant.banner', {
            consultant: consultantName,
            customer: customer?.name ?? session.allowedCustomers[0]?.name ?? '',
            user: session.name,
          })}
        </Text>
        <Button size="xs" variant="white" color="dark" onClick={back} data-testid="consultant-back">
          {t('tpi.consultant.back')}
        </Button>
      </Group>
    </Alert>
  );
}
