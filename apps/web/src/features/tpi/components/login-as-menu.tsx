import { useState } from 'react';
import { Button, Menu, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Customer, TpiUser } from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';
import { useT } from '../../../shared/i18n/use-t';
import { PATHS } from '../../../shared/routing/paths';
import { continueAs } from '../../../shared/session/impersonation';
import { useTpiUsers } from '../api/tpi-api';

/**
 * "Sign in as" one of a customer's users (choosing when there are several): the consultant's own
 * session is kept to come back to, and they land on consultantdashboard.
 */
export function LoginAsMenu({ customer }: { customer: Customer }) {
  const t = useT();
  const api = useApiClient();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const users = useTpiUsers(customer.id, opened);
  const loginAs = useMutation({
    mutationFn: (user: TpiUser) => api.loginAs(user.username),
    onSuccess: (session) => {
      continueAs(session, PATHS.overview);
      void navigate(PATHS.consultantDashboard, { replace: true });
    },
    onError: (error) => console.warn('Login-as failed', error),
  });

  return (
    <>
      <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal={false}>
        <Menu.Target>
          <Button
            size="xs"
            variant="default"
            loading={loginAs.isPending}
            aria-label={t('tpi.loginAs.for', { customer: customer.name })}
            data-testid={`tpi-login-as-${customer.id}`}
          >
            {t('tpi.loginAs.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {users.isPending && <Menu.Label>{t('tpi.loginAs.loading')}</Menu.Label>}
          {users.isError && <Menu.Label>{t('tpi.loginAs.loadFailed')}</Menu.Label>}
          {users.data?.length === 0 && <Menu.Label>{t('tpi.loginAs.none')}</Menu.Label>}
          {users.data?.map((user) => (
            <Menu.Item
              key={user.username}
              onClick={() => loginAs.mutate(user)}
              data-testid={`tpi-login-as-user-${user.username}`}
            >
              {user.readOnly ? t('tpi.loginAs.readOnly', { name: user.name }) : user.name}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {loginAs.isError && loginAs.variables && (
        <Text size="xs" c="red.8" role="alert">
          {t('tpi.loginAs.failed', { name: loginAs.variables.name })}
        </Text>
      )}
    </>
  );
}
