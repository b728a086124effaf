import { Button, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';
import { useSession } from '../../../shared/session/use-session';
import { ADMIN_WEB_PATHS } from '../admin-paths';
import { useUserList } from '../api/users-api';
import { ConsultantTable } from '../components/consultant-table';
import { ActiveFilter } from '../components/list-filter-controls';
import { PagedListStates } from '../components/paged-list-states';
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
          <ActiveFilter
            label={t('admin.users.filter.active')}
            value={active}
            onChange={(value) => change('active', value)}
            testId="filter-active"
          />
        </SimpleGrid>
      </form>
      <PagedListStates
        list={list}
        texts={{
          loading: 'admin.consultants.loading',
          loadFailed: 'admin.consultants.loadFailed',
          empty: 'admin.consultants.empty',
          emptyFiltered: 'admin.consultants.emptyFiltered',
          count: 'admin.consultants.count',
        }}
        filtered={filtered}
        onReset={reset}
        onPage={(value) => change('page', value)}
        testId="consultants"
      >
        {(users) => <ConsultantTable users={users} />}
      </PagedListStates>
    </Stack>
  );
}
