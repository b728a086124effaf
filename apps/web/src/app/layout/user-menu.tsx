import { Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import type { UserSession } from '@klik/api';
import { useT } from '../../shared/i18n/use-t';
import { PATHS } from '../../shared/routing/paths';

function PersonIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

function ChevronIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.5" />
    </svg>
  );
}

/** The signed-in user's name, opening their own screens and sign-out; on a phone only the icon. */
export function UserMenu({ session, onLogout }: { session: UserSession; onLogout: () => void }) {
  const t = useT();
  const name =
    session.impersonatedBy === null
      ? session.name
      : t('shell.user.impersonated', { name: session.name, by: session.impersonatedBy });
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <UnstyledButton
          className="klik-user-button"
          aria-label={t('shell.user.menu', { name })}
          data-testid="user-menu"
        >
          <PersonIcon />
          <Text size="sm" fw={600} truncate="end" visibleFrom="sm" data-testid="shell-user-name">
            {name}
          </Text>
          <ChevronIcon />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label c="gray.7">{name}</Menu.Label>
        <Menu.Item component={Link} to={PATHS.myInfo} data-testid="myinfo-link">
          {t('shell.nav.myInfo')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item onClick={onLogout} data-testid="logout-button">
          {t('shell.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
