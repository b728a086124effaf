import {
  ActionIcon,
  AppShell,
  Box,
  Burger,
  Container,
  Drawer,
  Group,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Link, Outlet, useNavigate } from 'react-router';
import { ImpersonationBanner } from '../../features/admin/components/impersonation-banner';
import { forgetOwnSession, tpiConsultantBehind } from '../../shared/session/impersonation';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { ConsultantBanner } from '../../features/tpi/components/consultant-banner';
import { HELP_WEB_PATH } from '../../features/help/help-paths';
import { useApiClient } from '../../shared/api/use-api-client';
import { useEnv } from '../../shared/env/use-env';
import { useT } from '../../shared/i18n/use-t';
import { homePath } from '../../shared/routing/access';
import { PATHS } from '../../shared/routing/paths';
import { clearLocalSession } from '../../shared/session/session-store';
import { useSession } from '../../shared/session/use-session';
import { Disclaimer } from '../../shared/ui/disclaimer';
import { LiveIndicator } from '../../shared/ui/live-indicator';
import { LocaleSwitch } from '../../shared/ui/locale-switch';
import { MAIN_CONTENT_ID, SkipLink } from '../../shared/ui/skip-link';
import { MainNavigation } from './main-navigation';
import { navigationFor } from './navigation';
import { useScreenSelection } from './screen-selection';
import { SelectionControls } from './selection-controls';
import { UserMenu } from './user-menu';

/** At least this wide the selectors fit in the header; narrower they get a strip of their own. */
const WIDE_HEADER = '(min-width: 75em)';
/** Compact, phone included. */
const HEADER_HEIGHT = 56;

export function SignedInShell() {
  const t = useT();
  const env = useEnv();
  const api = useApiClient();
  const navigate = useNavigate();
  const session = useSession();
  const screenSelection = useScreenSelection();
  const wideHeader = useMediaQuery(WIDE_HEADER, false, { getInitialValueInEffect: false });
  const [menuOpened, menu] = useDisclosure(false);

  // Whoever ends the session also navigates away; meanwhile there is nothing to show.
  if (!session) return null;

  function logout() {
    const previous = clearLocalSession();
    // Signing out while working as someone else ends the administrator's own session too.
    const own = forgetOwnSession();
    void navigate(PATHS.login, { replace: true });
    for (const token of [previous?.token, own]) {
      if (!token) continue;
      api.logout(token).catch((error: unknown) => {
        console.warn('Logout failed on the server', error);
      });
    }
  }

  // A TPI consultant acting for a customer gets the banner that names the customer.
  const consultantBehind = tpiConsultantBehind(session);
  const groups = navigationFor(session);
  const customers = session.allowedCustomers;
  const selection =
    screenSelection !== null && customers.length > 0 ? (
      <SelectionControls
        customers={customers}
        selection={screenSelection}
        layout={wideHeader ? 'inline' : 'bar'}
      />
    ) : null;

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: { sm: 200, lg: 220 }, breakpoint: 'sm', collapsed: { mobile: true } }}
      padding={0}
    >
      <SkipLink />
      <AppShell.Header className="klik-header">
        <Group h="100%" px="sm" gap="sm" wrap="nowrap" justify="space-between">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Burger
              opened={menuOpened}
              onClick={menu.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('shell.menu.open')}
              aria-expanded={menuOpened}
              data-testid="menu-burger"
            />
            <UnstyledButton
              component={Link}
              to={homePath(session)}
              className="klik-brand"
              data-testid="shell-brand"
            >
              <img src={env.favicon} alt="" width={24} height={24} className="klik-brand-icon" />
              <Text component="span" fw={700} size="lg" truncate="end">
                {env.title}
              </Text>
            </UnstyledButton>
          </Group>
          {wideHeader && selection}
          <Group gap="sm" wrap="nowrap" className="klik-header-tools">
            <LiveIndicator />
            <NotificationBell />
            {env.displayHelp && (
              <ActionIcon
                component={Link}
                to={HELP_WEB_PATH}
                variant="subtle"
                size="lg"
                aria-label={t('shell.help')}
                data-testid="help-link"
              >
                <Text component="span" fw={700} aria-hidden="true">
                  ?
                </Text>
              </ActionIcon>
            )}
            <Box visibleFrom="sm">
              <LocaleSwitch />
            </Box>
            <UserMenu session={session} onLogout={logout} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar aria-label={t('shell.nav.label')} p="xs" visibleFrom="sm">
        <AppShell.Section grow>
          <MainNavigation groups={groups} />
        </AppShell.Section>
      </AppShell.Navbar>
      <Drawer
        opened={menuOpened}
        onClose={menu.close}
        title={env.title}
        size={300}
        closeButtonProps={{ 'aria-label': t('shell.menu.close') }}
        data-testid="menu-drawer"
        // The drawer's own <header> would be a second banner landmark beside the page's.
        attributes={{ header: { role: 'none' } }}
      >
        <Box component="nav" aria-label={t('shell.nav.label')}>
          <MainNavigation groups={groups} onNavigate={menu.close} />
        </Box>
        <Box mt="lg" px="sm">
          <LocaleSwitch withTestIds={false} />
        </Box>
      </Drawer>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        {consultantBehind ? (
          <ConsultantBanner session={session} consultantName={consultantBehind.session.name} />
        ) : (
          <ImpersonationBanner session={session} />
        )}
        {!wideHeader && selection && (
          <Box className="klik-selection-strip" px="md" py="xs">
            {selection}
          </Box>
        )}
        <Container size="xl" px={{ base: 'sm', sm: 'lg' }} py="lg">
          <Outlet />
        </Container>
        <Box component="footer" px={{ base: 'sm', sm: 'lg' }} pb="lg">
          <Container size="xl" px={0}>
            <Disclaimer />
          </Container>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
