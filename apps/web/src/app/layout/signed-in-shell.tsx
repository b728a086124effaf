import { Anchor, Box, Button, Container, Group, NativeSelect, Text, Title } from '@mantine/core';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { CLICKS_PATHS_WEB } from '../../features/clicks/clicks-paths';
import { useApiClient } from '../../shared/api/use-api-client';
import { useEnv } from '../../shared/env/use-env';
import { useT } from '../../shared/i18n/use-t';
import type { MessageKey } from '../../shared/i18n/catalogues';
import { admits, type Access } from '../../shared/routing/access';
import { PATHS } from '../../shared/routing/paths';
import {
  chooseCustomer,
  chooseDashboard,
  clearLocalSession,
} from '../../shared/session/session-store';
import { useSelection } from '../../shared/session/use-selection';
import { useSession } from '../../shared/session/use-session';
import { LiveIndicator } from '../../shared/ui/live-indicator';
import { LocaleSwitch } from '../../shared/ui/locale-switch';
import { MAIN_CONTENT_ID, SkipLink } from '../../shared/ui/skip-link';

const NAV_ITEMS: readonly { path: string; label: MessageKey; access: Access }[] = [
  { path: PATHS.adminDashboard, label: 'shell.nav.adminDashboard', access: 'admin' },
  { path: PATHS.monitorDashboard, label: 'shell.nav.monitorDashboard', access: 'admin' },
  { path: PATHS.monitorPrices, label: 'shell.nav.monitorPrices', access: 'admin' },
  { path: PATHS.overview, label: 'shell.nav.overview', access: 'tpi' },
  { path: PATHS.dashboard, label: 'shell.nav.dashboard', access: 'regular' },
  { path: CLICKS_PATHS_WEB.overview, label: 'shell.nav.clickOverview', access: 'regular' },
  { path: CLICKS_PATHS_WEB.counter, label: 'shell.nav.clickCounter', access: 'regular' },
  { path: CLICKS_PATHS_WEB.results, label: 'shell.nav.results', access: 'regular' },
  { path: PATHS.myInfo, label: 'shell.nav.myInfo', access: 'signedIn' },
];

export function SignedInShell() {
  const t = useT();
  const env = useEnv();
  const api = useApiClient();
  const navigate = useNavigate();
  const session = useSession();
  const selection = useSelection();

  // Whoever ends the session also navigates away; meanwhile there is nothing to show.
  if (!session) return null;

  function logout() {
    const previous = clearLocalSession();
    void navigate(PATHS.login, { replace: true });
    if (previous) {
      api.logout(previous.token).catch((error: unknown) => {
        console.warn('Logout failed on the server', error);
      });
    }
  }

  const customers = session.allowedCustomers;
  const dashboards = selection.customer?.dashboards ?? [];

  return (
    <>
      <SkipLink />
      <Box component="header" className="klik-header">
        <Group justify="space-between" wrap="wrap" gap="sm" px="md" py="xs">
          <Title order={2} size="h4" component="p">
            {env.title}
          </Title>
          {customers.length > 0 && (
            <Group gap="sm" wrap="wrap" align="flex-end">
              <NativeSelect
                size="xs"
                label={t('shell.customer.label')}
                data-testid="customer-select"
                value={selection.customer ? String(selection.customer.id) : ''}
                data={customers.map((customer) => ({
                  value: String(customer.id),
                  label: customer.name,
                }))}
                onChange={(event) => {
                  const id = Number(event.currentTarget.value);
                  const customer = customers.find((candidate) => candidate.id === id);
                  if (customer) chooseCustomer(customer);
                }}
              />
              <NativeSelect
                size="xs"
                label={t('shell.dashboard.label')}
                data-testid="dashboard-select"
                value={selection.dashboard ? String(selection.dashboard.id) : ''}
                data={dashboards.map((dashboard) => ({
                  value: String(dashboard.id),
                  label: dashboard.name,
                }))}
                disabled={dashboards.length === 0}
                onChange={(event) => {
                  const id = Number(event.currentTarget.value);
                  const dashboard = dashboards.find((candidate) => candidate.id === id);
                  if (dashboard) chooseDashboard(dashboard);
                }}
              />
            </Group>
          )}
          <Group gap="sm" wrap="wrap">
            <LiveIndicator />
            <LocaleSwitch />
            <Text fw={600} data-testid="shell-user-name">
              {session.impersonatedBy === null
                ? session.name
                : t('shell.user.impersonated', { name: session.name, by: session.impersonatedBy })}
            </Text>
            <Button variant="default" size="xs" onClick={logout} data-testid="logout-button">
              {t('shell.logout')}
            </Button>
          </Group>
        </Group>
        <Box component="nav" aria-label={t('shell.nav.label')} px="md" pb="xs">
          <Group gap="md" wrap="wrap">
            {NAV_ITEMS.filter((item) => admits(item.access, session)).map((item) => (
              <Anchor key={item.path} component={NavLink} to={item.path} className="klik-nav-link">
                {t(item.label)}
              </Anchor>
            ))}
          </Group>
        </Box>
      </Box>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Container size="xl" py="lg">
          <Outlet />
        </Container>
      </Box>
    </>
  );
}
