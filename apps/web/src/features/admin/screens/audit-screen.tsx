import { Group, Stack, Text, Title } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';
import { useSession } from '../../../shared/session/use-session';
import { useAuditPage } from '../api/audit-api';
import { AuditExportLink } from '../components/audit-export-link';
import { AuditFilters } from '../components/audit-filters';
import { AuditIntegrityPanel } from '../components/audit-integrity-panel';
import { ClickStatementPanel } from '../../../shared/trading/click-statement-panel';
import { AuditTable } from '../components/audit-table';
import { PagedListStates } from '../components/paged-list-states';
import { useListEdits } from '../components/use-list-edits';
import { auditExportQueryString, auditListQuery } from '../derive/audit-query';
import { may } from '../derive/may';

const FILTER_FIELDS = ['actor', 'customerId', 'action', 'outcome', 'from', 'to'] as const;

/**
 * audit: the audit log, newest first, filtered and paged by the server from the address bar (so a
 * view can be bookmarked and shared); the server decides what the caller may see. Admins also
 * check the integrity of the audit trail here.
 */
export function AuditScreen() {
  const t = useT();
  const session = useSession();
  const { search, change, reset } = useListEdits();
  const params = auditListQuery.paramsOf(search);
  const list = useAuditPage(auditListQuery.queryString(params));
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
      {params.customerId !== undefined && (
        <ClickStatementPanel key={params.customerId} customerId={Number(params.customerId)} />
      )}
      <PagedListStates
        list={list}
        texts={{
          loading: 'admin.audit.loading',
          loadFailed: 'admin.audit.loadFailed',
          empty: 'admin.audit.empty',
          emptyFiltered: 'admin.audit.emptyFiltered',
          count: 'admin.audit.count',
        }}
        filtered={filtered}
        onReset={reset}
        onPage={(value) => change('page', value)}
        testId="audit"
      >
        {(events) => (
          <AuditTable
            events={events}
            sort={auditListQuery.sortOf(params)}
            onSort={(field) => change('sort', auditListQuery.nextSort(params, field))}
          />
        )}
      </PagedListStates>
      {session && may(session, 'audit.verify') && <AuditIntegrityPanel />}
    </Stack>
  );
}
