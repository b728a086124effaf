import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';
import { useSession } from '../../../shared/session/use-session';
import { ADMIN_WEB_PATHS } from '../admin-paths';
import { useUserList } from '../api/users-api';
import { ListPagination } from '../components/list-pagination';
import { LoadFailed, Loading } from '../components/load-states';
import { useDebouncedField } from '../components/use-debounced-field';
import { useListEdits } from '../components/use-list-edits';
import { may } from '../derive/may';
import { userListQueryString, userListParams } from '../derive/user-list-query';

/**
 * editconsultant: the consultants (users with the role consultant), searched and paged by the
 * server from the address bar, each leading to their edit screen; and a way to add one.
 */
export function ConsultantsScreen() {
  const t = useT();
  const session = useSession();
  const { search, change, reset } = useListEdits();
  const { q, active, page: pageParam } = userListParams(search);
  const list = useUserList(
    userListQueryString({ q, active, page: pageParam, role: 'consultant', sort: 'name' }),
  );
  const text = useDebouncedField(q, (value) => change('q', value));
  if (!session) return null;
  const page = list.data;
  const filtered = q !== undefined || active !== undefined;
  return (
    <Stack data-testid="screen-consultants">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{t('admin.consultants.title')}</Title>
        {may(session, 'consultants.manage') && (
          <Button component={Link} to={ADMIN_WEB_PATHS.newConsultant} data-testid="new-consultant">
            {t('admin.consultants.new')}
          </Button>
        )}
      </Group>
      <form
        role="search"
        aria-label={t('admin.consultants.filter')}
        onSubmit={(event) => {
          event.preventDefault();
          text.flush();
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            type="search"
            label={t('admin.users.filter.search')}
            description={t('admin.users.filter.searchHint')}
            value={text.text}
            onChange={(event) => text.change(event.currentTarget.value)}
            data-testid="filter-q"
          />
          <NativeSelect
            label={t('admin.users.filter.active')}
            value={active ?? ''}
            onChange={(event) => change('active', event.currentTarget.value)}
            data={[
              { value: '', label: t('admin.users.filter.all') },
              { value: 'true', label: t('admin.users.filter.activeOnly') },
              { value: 'false', label: t('admin.users.filter.inactiveOnly') },
            ]}
            data-testid="filter-active"
          />
        </SimpleGrid>
      </form>
      {list.isPending && <Loading text={t('admin.consultants.loading')} />}
      {list.isError && (
        <LoadFailed
          text={t('admin.consultants.loadFailed')}
          onRetry={() => void list.refetch()}
          testId="consultants-error"
        />
      )}
      {page && page.data.length === 0 && (
        <Alert color="gray" data-testid="consultants-empty">
          <Group gap="sm">
            <Text size="sm">
              {t(filtered ? 'admin.consultants.emptyFiltered' : 'admin.consultants.empty')}
            </Text>
            {filtered && (
              <Button variant="default" size="xs" onClick={reset}>
                {t('admin.users.filter.reset')}
              </Button>
            )}
          </Group>
        </Alert>
      )}
      {page && page.data.length > 0 && (
        <>
          <Box
            className="klik-table-scroll"
            tabIndex={0}
            role="region"
            aria-labelledby="consultants-caption"
          >
            <Table withTableBorder striped fz="sm" data-testid="consultant-table">
              <caption id="consultants-caption" className="klik-visually-hidden">
                {t('admin.consultants.title')}
              </caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('admin.consultant.name')}</Table.Th>
                  <Table.Th scope="col">{t('admin.users.column.username')}</Table.Th>
                  <Table.Th scope="col">{t('admin.consultants.tpi')}</Table.Th>
                  <Table.Th scope="col">{t('admin.users.column.customers')}</Table.Th>
                  <Table.Th scope="col">{t('admin.users.column.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {page.data.map((user) => (
                  <Table.Tr key={user.id} data-testid={`consultant-row-${user.id}`}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={ADMIN_WEB_PATHS.editConsultant(user.id)}
                        fw={600}
                      >
                        {user.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{user.username}</Table.Td>
                    <Table.Td>
                      {t(user.allowTPIPage ? 'prices.feed.yes' : 'prices.feed.no')}
                    </Table.Td>
                    <Table.Td>
                      {user.customers.map((customer) => customer.customerName).join(', ') || '—'}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={user.active ? 'teal.8' : 'gray.7'} variant="filled">
                        {t(user.active ? 'admin.users.active' : 'admin.users.inactive')}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
          <ListPagination
            page={page.page}
            size={page.size}
            total={page.total}
            onPage={(value) => change('page', value)}
            testId="consultants-pagination"
          />
        </>
      )}
    </Stack>
  );
}
