import { Anchor, NativeSelect, Pagination, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Customer } from '@klik/api';
import { useT } from '../../../shared/i18n/use-t';
import { useSelection } from '../../../shared/session/use-selection';
import { useSession } from '../../../shared/session/use-session';
import { LoadFailed, Loading, NoCustomer } from '../../../shared/ui/load-states';
import { DEADLINES_PAGE_SIZE, useDeadlines, type DeadlineFilter } from '../api/deadlines-api';
import { CalendarFeedSection } from '../components/calendar-feed-section';
import { DeadlineList } from '../components/deadline-list';

/** The "within" choices, in trading days. */
const WITHIN_DAYS = [5, 10, 20, 60];

function Filters({
  filter,
  customers,
  onChange,
}: {
  filter: DeadlineFilter;
  customers: readonly Customer[] | null;
  onChange: (filter: DeadlineFilter) => void;
}) {
  const t = useT();
  const all = { value: '', label: t('deadlines.filter.all') };
  return (
    <form aria-label={t('deadlines.filter.label')} onSubmit={(event) => event.preventDefault()}>
      <SimpleGrid cols={{ base: 1, xs: customers ? 3 : 2 }} spacing="sm" maw={720}>
        {customers && (
          <NativeSelect
            label={t('deadlines.filter.customer')}
            value={filter.customerId === undefined ? '' : String(filter.customerId)}
            data={[all, ...customers.map((c) => ({ value: String(c.id), label: c.name }))]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              onChange({ ...filter, page: 0, customerId: value ? Number(value) : undefined });
            }}
            data-testid="filter-customer"
          />
        )}
        <NativeSelect
          label={t('deadlines.filter.commodity')}
          value={filter.commodity ?? ''}
          data={[
            all,
            { value: 'Gas', label: t('positions.part.gas') },
            { value: 'Power', label: t('deadlines.power') },
          ]}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange({
              ...filter,
              page: 0,
              commodity: value === 'Gas' || value === 'Power' ? value : undefined,
            });
          }}
          data-testid="filter-commodity"
        />
        <NativeSelect
          label={t('deadlines.filter.within')}
          value={filter.withinDays === undefined ? '' : String(filter.withinDays)}
          data={[
            all,
            ...WITHIN_DAYS.map((n) => ({
              value: String(n),
              label: t('deadlines.filter.withinDays', { n }),
            })),
          ]}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange({ ...filter, page: 0, withinDays: value ? Number(value) : undefined });
          }}
          data-testid="filter-within"
        />
      </SimpleGrid>
    </form>
  );
}

function Deadlines({ scope, customers }: { scope: number | 'all'; customers: Customer[] | null }) {
  const t = useT();
  const [filter, setFilter] = useState<DeadlineFilter>({ page: 0 });
  const list = useDeadlines(scope, filter);
  const filtered =
    filter.commodity !== undefined ||
    filter.withinDays !== undefined ||
    filter.customerId !== undefined;

  let body;
  if (list.isPending) {
    body = <Loading text={t('deadlines.loading')} />;
  } else if (list.isError) {
    body = (
      <LoadFailed
        text={t('deadlines.loadFailed')}
        onRetry={() => void list.refetch()}
        testId="deadlines-error"
      />
    );
  } else if (list.data.total === 0) {
    body = (
      <Text data-testid="deadlines-empty">
        {t(filtered ? 'deadlines.emptyFiltered' : 'deadlines.empty')}
      </Text>
    );
  } else {
    const pages = Math.ceil(list.data.total / DEADLINES_PAGE_SIZE);
    body = (
      <Stack gap="sm">
        <Text size="sm" data-testid="deadlines-total">
          {t('deadlines.total', { n: list.data.total })}
        </Text>
        <DeadlineList
          deadlines={list.data.data}
          reminderDays={list.data.reminderTradingDays}
          showCustomer={scope === 'all'}
        />
        {pages > 1 && (
          <Pagination
            total={pages}
            value={filter.page + 1}
            onChange={(page) => setFilter({ ...filter, page: page - 1 })}
            getControlProps={(control) => ({
              'aria-label': t(`deadlines.page.${control}`),
            })}
            getItemProps={(page) => ({ 'aria-label': t('deadlines.page.number', { page }) })}
          />
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Filters filter={filter} customers={customers} onChange={setFilter} />
      {body}
      {list.data && (
        <Text size="sm" data-testid="deadlines-reminders">
          {t('deadlines.reminders', { n: list.data.reminderTradingDays })}{' '}
          <Anchor component={Link} to="/notifications">
            {t('deadlines.reminders.notifications')}
          </Anchor>
          {' · '}
          <Anchor component={Link} to="/myinfo">
            {t('deadlines.reminders.preferences')}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}

/**
 * Every position that can still be clicked with its deadline, soonest first: the selected
 * customer's, or for a TPI consultant every customer's; and the user's calendar feed.
 */
export function DeadlinesScreen() {
  const t = useT();
  const session = useSession();
  const { customer } = useSelection();
  const tpi = session?.role === 'consultant' && session.allowTPIPage && !session.impersonatedBy;
  return (
    <Stack data-testid="screen-deadlines">
      <Title order={1}>{t('deadlines.title')}</Title>
      <Text>{t(tpi ? 'deadlines.introTpi' : 'deadlines.intro')}</Text>
      {tpi ? (
        <Deadlines scope="all" customers={session.allowedCustomers} />
      ) : customer ? (
        <Deadlines key={customer.id} scope={customer.id} customers={null} />
      ) : (
        <NoCustomer />
      )}
      <CalendarFeedSection mayManage={!session?.impersonatedBy} />
    </Stack>
  );
}
