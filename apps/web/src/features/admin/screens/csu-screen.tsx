import { useState } from 'react';
import { Alert, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, isCustomerSideRole, type AdminUser } from '@klik/api';
import { errorMessageKeyFor, roleMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { ActionsHeader } from '../components/actions-header';
import { homePath } from '../../../shared/routing/access';
import { useSearchEdits } from '../../../shared/routing/use-search-edits';
import { useLoginAs } from '../api/use-login-as';
import { useUserList } from '../api/users-api';
import { LoadFailed, Loading } from '../../../shared/ui/load-states';
import { continueAs } from '../../../shared/session/impersonation';

/** Only active customer-side users can be signed in as (docs/permissions.md). */
function canBecome(user: AdminUser): boolean {
  return user.active && isCustomerSideRole(user.role);
}

function Results({ q }: { q: string }) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const loginAs = useLoginAs();
  const [failed, setFailed] = useState<{ username: string; code: string } | null>(null);
  const list = useUserList(new URLSearchParams({ q, active: 'true', size: '20' }).toString());
  const candidates = list.data?.data.filter(canBecome) ?? [];

  function become(user: AdminUser) {
    setFailed(null);
    loginAs.mutate(user.username, {
      onSuccess: (session) => {
        continueAs(session, `${location.pathname}${location.search}`);
        void navigate(homePath(session), { replace: true });
      },
      onError: (error) => {
        console.warn('Login as user failed', error);
        setFailed({
          username: user.username,
          code: error instanceof ApiError ? error.code : 'INTERNAL',
        });
      },
    });
  }

  if (list.isPending) return <Loading text={t('admin.csu.searching')} />;
  if (list.isError) {
    return (
      <LoadFailed
        text={t('admin.csu.searchFailed')}
        onRetry={() => void list.refetch()}
        testId="csu-error"
      />
    );
  }
  if (candidates.length === 0) {
    return (
      <Alert color="gray" data-testid="csu-empty">
        {t('admin.csu.none', { q })}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      {failed && (
        <Alert color="red" role="alert" data-testid="csu-failed">
          {t('admin.loginAs.failed', { reason: t(errorMessageKeyFor(failed.code)) })}
        </Alert>
      )}
      <Table withTableBorder fz="sm" data-testid="csu-results">
        <caption className="klik-visually-hidden">{t('admin.csu.results')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('admin.users.column.username')}</Table.Th>
            <Table.Th scope="col">{t('admin.users.column.name')}</Table.Th>
            <Table.Th scope="col">{t('admin.users.column.role')}</Table.Th>
            <Table.Th scope="col">{t('admin.users.column.customers')}</Table.Th>
            <ActionsHeader />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {candidates.map((user) => (
            <Table.Tr key={user.id} data-testid={`csu-row-${user.id}`}>
              <Table.Td>{user.username}</Table.Td>
              <Table.Td>{user.name}</Table.Td>
              <Table.Td>{t(roleMessageKey(user.role))}</Table.Td>
              <Table.Td>
                {user.customers.map((customer) => customer.customerName).join(', ') || '—'}
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  loading={loginAs.isPending && loginAs.variables === user.username}
                  disabled={loginAs.isPending}
                  onClick={() => become(user)}
                  aria-label={t('admin.csu.becomeNamed', { name: user.name })}
                  data-testid={`csu-become-${user.id}`}
                >
                  {t('admin.csu.become')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** csu (change session user): find a customer-side user and continue as them. */
export function CsuScreen() {
  const t = useT();
  const [search, edit] = useSearchEdits();
  const q = search.get('q')?.trim() ?? '';
  const [text, setText] = useState(q);
  // Back, forward or a link changes the search: the field shows it.
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    setText(q);
  }
  return (
    <Stack data-testid="screen-csu">
      <Title order={1}>{t('admin.csu.title')}</Title>
      <Text>{t('admin.csu.intro')}</Text>
      <form
        role="search"
        aria-label={t('admin.csu.title')}
        onSubmit={(event) => {
          event.preventDefault();
          edit((next) => {
            if (text.trim() === '') next.delete('q');
            else next.set('q', text.trim());
          });
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput
            type="search"
            label={t('admin.csu.search')}
            description={t('admin.users.filter.searchHint')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            miw={280}
            data-testid="csu-q"
          />
          <Button type="submit" data-testid="csu-search">
            {t('admin.csu.searchButton')}
          </Button>
        </Group>
      </form>
      {q === '' ? <Text c="dimmed">{t('admin.csu.start')}</Text> : <Results q={q} />}
    </Stack>
  );
}
