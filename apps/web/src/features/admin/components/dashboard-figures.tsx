import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { AdminDashboard } from '@klik/api';
import { amsterdamDate } from '@klik/domain';
import { useT } from '../../../shared/i18n/use-t';
import { canOpen } from '../../../shared/routing/access';
import { PATHS } from '../../../shared/routing/paths';
import type { StoredSession } from '../../../shared/session/session-store';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { ADMIN_WEB_PATHS } from '../admin-paths';
import { PENDING_APPROVALS_ANCHOR } from './pending-approvals-panel';

interface FigureLink {
  to: string;
  label: MessageKey;
}

interface Figure {
  key: string;
  title: MessageKey;
  value: number;
  /** The second number under the main one, e.g. how many are inactive. */
  detail: string;
  /** Screens that list what is counted; only those this user may open are shown. */
  links: FigureLink[];
}

/** Today's clicks in the audit log: the list for whoever has no click desk (admins). */
function clicksTodayInAudit(): string {
  const today = amsterdamDate(new Date());
  const query = new URLSearchParams({ action: 'click.execute', outcome: 'success', from: today });
  query.set('to', today);
  return `${ADMIN_WEB_PATHS.audit}?${query.toString()}`;
}

function figuresOf(data: AdminDashboard, t: ReturnType<typeof useT>): Figure[] {
  return [
    {
      key: 'customers',
      title: 'admin.dashboard.customers',
      value: data.customers.active,
      detail: t('admin.dashboard.customersInactive', { count: data.customers.inactive }),
      links: [
        { to: ADMIN_WEB_PATHS.manageCustomers, label: 'admin.dashboard.toCustomers' },
        {
          to: `${ADMIN_WEB_PATHS.manageCustomers}?active=false`,
          label: 'admin.dashboard.toInactiveCustomers',
        },
      ],
    },
    {
      key: 'users',
      title: 'admin.dashboard.users',
      value: data.users.active,
      detail: t('admin.dashboard.usersSignedIn', { count: data.users.signedIn }),
      links: [
        { to: `${ADMIN_WEB_PATHS.manageUsers}?active=true`, label: 'admin.dashboard.toUsers' },
        { to: PATHS.monitorDashboard, label: 'admin.dashboard.toSessions' },
      ],
    },
    {
      key: 'clicks',
      title: 'admin.dashboard.clicksToday',
      value: data.clicksToday.total,
      detail: t('admin.dashboard.clicksCompleted', { count: data.clicksToday.completed }),
      links: [
        { to: ADMIN_WEB_PATHS.clickOverview, label: 'admin.dashboard.toClickOverview' },
        { to: clicksTodayInAudit(), label: 'admin.dashboard.toClicksInAudit' },
      ],
    },
    {
      key: 'approvals',
      title: 'admin.dashboard.pendingApprovals',
      value: data.pendingApprovals,
      detail: t('admin.dashboard.pendingHint'),
      links: [{ to: `#${PENDING_APPROVALS_ANCHOR}`, label: 'admin.dashboard.toApprovals' }],
    },
  ];
}

/** The counts an operator looks at first, each leading to the screen that lists them. */
export function DashboardFigures({
  data,
  session,
}: {
  data: AdminDashboard;
  session: StoredSession;
}) {
  const t = useT();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      {figuresOf(data, t).map((figure) => {
        // A link within this screen (#...) is always there; a screen only when it may be opened.
        const links = figure.links.filter(
          (link) => link.to.startsWith('#') || canOpen(link.to.split(/[?#]/)[0] ?? '', session),
        );
        return (
          <Card
            withBorder
            key={figure.key}
            component="section"
            aria-labelledby={`figure-${figure.key}-title`}
            data-testid={`figure-${figure.key}`}
          >
            <Stack gap={4}>
              <Title order={2} size="h5" id={`figure-${figure.key}-title`}>
                {t(figure.title)}
              </Title>
              <Text fz={28} fw={700} data-testid={`figure-${figure.key}-value`}>
                {figure.value}
              </Text>
              <Text size="sm" data-testid={`figure-${figure.key}-detail`}>
                {figure.detail}
              </Text>
              {links.length > 0 && (
                <Group gap="sm" mt={4}>
                  {links.map((link) =>
                    link.to.startsWith('#') ? (
                      <Anchor href={link.to} size="sm" key={link.to}>
                        {t(link.label)}
                      </Anchor>
                    ) : (
                      <Anchor component={Link} to={link.to} size="sm" key={link.to}>
                        {t(link.label)}
                      </Anchor>
                    ),
                  )}
                </Group>
              )}
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
