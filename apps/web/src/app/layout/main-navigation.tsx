import { useId } from 'react';
import { Box, NavLink, Stack, Text } from '@mantine/core';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { useT } from '../../shared/i18n/use-t';
import type { VisibleNavGroup } from './navigation';

function isCurrent(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/**
 * The menu's groups and links, without the landmark around them: the desktop sidebar and the
 * phone's drawer each wrap it in their own `nav` named "Hoofdmenu".
 */
export function MainNavigation({
  groups,
  onNavigate,
}: {
  groups: readonly VisibleNavGroup[];
  onNavigate?: () => void;
}) {
  const t = useT();
  const { pathname } = useLocation();
  const idPrefix = useId();
  return (
    <Stack gap="md" className="klik-nav">
      {groups.map((group) => {
        const labelId = `${idPrefix}-${group.id}`;
        return (
          <div key={group.id} className="klik-nav-group" data-group={group.id}>
            <Text id={labelId} className="klik-nav-group-label" size="xs" fw={700} px="sm" mb={4}>
              {t(group.label)}
            </Text>
            <Box component="ul" aria-labelledby={labelId} className="klik-nav-list">
              {group.entries.map((entry) => (
                <li key={entry.path}>
                  <NavLink
                    component={RouterNavLink}
                    to={entry.path}
                    label={t(entry.label)}
                    active={isCurrent(pathname, entry.path)}
                    onClick={onNavigate}
                    className="klik-nav-link"
                  />
                </li>
              ))}
            </Box>
          </div>
        );
      })}
    </Stack>
  );
}
