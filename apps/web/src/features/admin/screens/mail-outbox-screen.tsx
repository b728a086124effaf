import { NativeSelect, Stack, Text, Title } from '@mantine/core';
import { MAIL_JOB_STATUSES } from '@klik/api';
import { useT } from '../../../shared/i18n/use-t';
import { useMailOutboxPage } from '../api/mail-outbox-api';
import { MailOutboxTable } from '../components/mail-outbox-table';
import { PagedListStates } from '../components/paged-list-states';
import { useListEdits } from '../components/use-list-edits';
import { mailOutboxListQuery, mailStatusKey } from '../derive/mail-outbox-query';

/**
 * mailoutbox (administrators only): every notification e-mail, newest first, with its state, so
 * one waiting for a mail server that is down or given up is seen. Filtered by state and paged by
 * the server from the address bar (docs/notifications.md, "E-mail").
 */
export function MailOutboxScreen() {
  const t = useT();
  const { search, change, reset } = useListEdits();
  const params = mailOutboxListQuery.paramsOf(search);
  const list = useMailOutboxPage(mailOutboxListQuery.queryString(params));
  return (
    <Stack data-testid="screen-mailoutbox">
      <Stack gap={4}>
        <Title order={1}>{t('admin.mailOutbox.title')}</Title>
        <Text size="sm">{t('admin.mailOutbox.intro')}</Text>
      </Stack>
      <NativeSelect
        label={t('admin.mailOutbox.filter.status')}
        maw={320}
        value={params.status ?? ''}
        onChange={(event) => change('status', event.currentTarget.value)}
        data={[
          { value: '', label: t('admin.users.filter.all') },
          ...MAIL_JOB_STATUSES.map((status) => ({
            value: status,
            label: t(mailStatusKey(status)),
          })),
        ]}
        data-testid="filter-status"
      />
      <PagedListStates
        list={list}
        texts={{
          loading: 'admin.mailOutbox.loading',
          loadFailed: 'admin.mailOutbox.loadFailed',
          empty: 'admin.mailOutbox.empty',
          emptyFiltered: 'admin.mailOutbox.emptyFiltered',
          count: 'admin.mailOutbox.count',
        }}
        filtered={params.status !== undefined}
        onReset={reset}
        onPage={(value) => change('page', value)}
        testId="mail-outbox"
      >
        {(jobs) => <MailOutboxTable jobs={jobs} />}
      </PagedListStates>
    </Stack>
  );
}
