import { Card, SimpleGrid, Stack, Title } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';
import { useSession } from '../../../shared/session/use-session';
import { useAdminDashboard } from '../api/admin-dashboard-api';
import { AdminSearch } from '../components/admin-search';
import { DashboardFigures } from '../components/dashboard-figures';
import { LoadFailed, Loading, NoCustomerYet } from '../../../shared/ui/load-states';
import { LoginAsForm } from '../components/login-as-form';
import { OperationsStatusPanel } from '../components/operations-status-panel';
import { PendingApprovalsPanel } from '../components/pending-approvals-panel';
import { RecentAuditPanel } from '../components/recent-audit-panel';
import { TradingStatusPanel } from '../components/trading-status-panel';
import { may } from '../derive/may';

/**
 * admindashboard: what an operator needs at a glance (counted over what the caller reaches), the
 * search for a customer, user or contract, and login-as.
 */
export function AdminDashboardScreen() {
  const t = useT();
  const session = useSession();
  const dashboard = useAdminDashboard();
  if (!session) return null;
  const mayPause = may(session, 'trading.pause');
  const data = dashboard.data;
  return (
    <Stack data-testid="screen-admindashboard">
      <Title order={1}>{t('admin.title')}</Title>
      <Card withBorder>
        <AdminSearch />
      </Card>
      {dashboard.isPending && <Loading text={t('admin.dashboard.loading')} />}
      {/* Figures already shown stay when a later refresh fails; only a first failure says so. */}
      {dashboard.isError && !data && (
        <LoadFailed
          text={t('admin.dashboard.loadFailed')}
          onRetry={() => void dashboard.refetch()}
          testId="dashboard-error"
        />
      )}
      {data && (
        <>
          {data.customers.active + data.customers.inactive === 0 && (
            <NoCustomerYet testId="dashboard-no-customers" />
          )}
          <DashboardFigures data={data} session={session} />
          <SimpleGrid cols={{ base: 1, md: mayPause ? 2 : 1 }}>
            {mayPause && (
              <Card withBorder>
                <TradingStatusPanel />
              </Card>
            )}
            <Card withBorder>
              <OperationsStatusPanel data={data} mayPause={mayPause} />
            </Card>
          </SimpleGrid>
          <Card withBorder>
            <PendingApprovalsPanel />
          </Card>
          <Card withBorder>
            <RecentAuditPanel events={data.recentEvents} />
          </Card>
        </>
      )}
      <Card withBorder>
        <LoginAsForm />
      </Card>
    </Stack>
  );
}
