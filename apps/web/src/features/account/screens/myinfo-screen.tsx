import { Link } from 'react-router';
import { Alert, Anchor, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';
import { roleMessageKey } from '../../../shared/i18n/message-keys';
import { useSession } from '../../../shared/session/use-session';
import { CustomerList } from '../../../shared/ui/customer-list';
import { LocaleSwitch } from '../../../shared/ui/locale-switch';
import { PATHS } from '../../../shared/routing/paths';
import { useAccount } from '../api/account-api';
import { AuthenticatorAppPanel } from '../components/authenticator-app-panel';
import { MobileNumberPanel } from '../components/mobile-number-panel';
import { NotificationPreferencesPanel } from '../components/notification-preferences-panel';
import { OwnSessionsPanel } from '../components/own-sessions-panel';
import { LoadFailed } from '../../../shared/ui/load-states';

export function MyInfoScreen() {
  const t = useT();
  const session = useSession();
  const account = useAccount();
  if (!session) return null;
  return (
    <Stack data-testid="screen-myinfo">
      <Title order={1}>{t('myInfo.title')}</Title>
      {session.secondFactorSetupRequired === true && (
        <Alert color="orange" data-testid="totp-setup-required">
          {t('myInfo.totp.setupRequired')}
        </Alert>
      )}
      {session.impersonatedBy !== null && (
        <Alert color="blue">
          {t('myInfo.impersonated', { user: session.username, by: session.impersonatedBy })}
        </Alert>
      )}
      {/* Fixed columns that break a long e-mail address: the table fits a phone as it is. */}
      <Table
        variant="vertical"
        withTableBorder
        maw={640}
        layout="fixed"
        style={{ overflowWrap: 'anywhere' }}
      >
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">{t('myInfo.name')}</Table.Th>
            <Table.Td>{session.name}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t('myInfo.username')}</Table.Th>
            <Table.Td>{session.username}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t('myInfo.email')}</Table.Th>
            <Table.Td data-testid="myinfo-email">{account.data?.email ?? '—'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t('myInfo.role')}</Table.Th>
            <Table.Td data-testid="myinfo-role">{t(roleMessageKey(session.role))}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t('myInfo.language')}</Table.Th>
            <Table.Td>
              <LocaleSwitch withTestIds={false} />
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t('myInfo.readOnly')}</Table.Th>
            <Table.Td>
              {t(session.readOnly ? 'myInfo.readOnly.yes' : 'myInfo.readOnly.no')}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <CustomerList customers={session.allowedCustomers} />
      <Stack component="section" aria-labelledby="password-title" gap="xs">
        <Title order={2} size="h4" id="password-title">
          {t('myInfo.password.title')}
        </Title>
        <Text size="sm">{t('myInfo.password.intro')}</Text>
        <Anchor component={Link} to={PATHS.changePassword}>
          {t('myInfo.password.change')}
        </Anchor>
      </Stack>
      {account.isPending && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('myInfo.loading')}</Text>
        </Group>
      )}
      {account.isError && (
        <LoadFailed text={t('myInfo.loadFailed')} onRetry={() => void account.refetch()} />
      )}
      {account.data && <MobileNumberPanel account={account.data} />}
      {account.data && <AuthenticatorAppPanel account={account.data} />}
      {account.data && <NotificationPreferencesPanel hasEmail={Boolean(account.data.email)} />}
      <OwnSessionsPanel />
    </Stack>
  );
}
