import { Alert, Stack, Table, Title } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';
import { roleMessageKey } from '../../../shared/i18n/message-keys';
import { useSession } from '../../../shared/session/use-session';
import { CustomerList } from '../../../shared/ui/customer-list';
import { LocaleSwitch } from '../../../shared/ui/locale-switch';

export function MyInfoScreen() {
  const t = useT();
  const session = useSession();
  if (!session) return null;
  return (
    <Stack data-testid="screen-myinfo">
      <Title order={1}>{t('myInfo.title')}</Title>
      {session.impersonatedBy !== null && (
        <Alert color="blue">
          {t('myInfo.impersonated', { user: session.username, by: session.impersonatedBy })}
        </Alert>
      )}
      <Table variant="vertical" withTableBorder maw={640}>
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
    </Stack>
  );
}
