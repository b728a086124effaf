import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';
import { useAuditPage } from '../api/audit-api';
import { AuditExportLink } from '../components/audit-export-link';
import { AuditFilters } from '../components/audit-filters';
import { AuditTable } from '../components/audit-table';
import { ListPagination } from '../components/list-pagination';
import { LoadFailed, Loading } from '../components/load-states';
import { useListEdits } from '../components/use-list-edits';
import { auditExportQueryString, auditListQuery } from '../derive/audit-query';

const FILTER_FIELDS = ['actor', 'customerId', 'action', 'outcome', 'from', 'to'] as const;

/**
 * audit: the audit log, newest first, filtered and paged by the server from the address bar (so a
 * view can be bookmarked and shared); the server decides what the caller may see.
 */
export function AuditScreen() {
  const t = useT();
  const { search, change, reset } = useListEdits();
  const params = auditListQuery.paramsOf(search);
  const list = useAuditPage(auditListQuery.queryString(params));
  const page = list.data;
  const filtered = FILTER_FIELDS.some((field) => params[field] !== undefined);
  return (
    <Stack data-testid="screen-audit">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{t('admin.audit.title')}</Title>
          <Text size="sm">{t('admin.audit.intro')}</Text>
        </Stack>
        <AuditExportLink filters={auditExportQueryString(params)} />
      </Group>
      <AuditFilters params={params} onChange={change} onReset={reset} />
      {list.isPending && <Loading text={t('admin.audit.loading')} />}
      {list.isError && (
        <LoadFailed
          text={t('admin.audit.loadFailed')}
          onRetry={() => void list.refetch()}
          testId="audit-error"
        />
      )}
      {page && page.data.length === 0 && (
        <Alert color="gray" data-testid="audit-empty">
          <Group gap="sm">
            <Text size="sm">{t(filtered ? 'admin.audit.emptyFiltered' : 'admin.audit.empty')}</Text>
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
          <Text size="sm" role="status" data-testid="audit-count">
            {t('admin.audit.count', {
              from: page.page * page.size + 1,
              to: page.page * page.size + page.data.length,
              total: page.total,
            })}
          </Text>
          <AuditTable
            events={page.data}
            sort={auditListQuery.sortOf(params)}
            onSort={(field) => change('sort', auditListQuery.nextSort(params, field))}
          />
          <ListPagination
            page={page.page}
            size={page.size}
            total={page.total}
            onPage={(value) => change('page', value)}
            testId="audit-pagination"
          />
        </>
      )}
    </Stack>
  );
}
