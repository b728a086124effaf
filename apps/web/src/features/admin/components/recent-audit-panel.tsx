import { Anchor, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { AuditEvent } from '@klik/api';
import { formatDateTime } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { ADMIN_WEB_PATHS } from '../admin-paths';
import { ActorCell, OutcomeBadge } from './audit-table';

/** The newest audit events the caller may see, and the way to the whole log. */
export function RecentAuditPanel({ events }: { events: readonly AuditEvent[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Stack component="section" aria-labelledby="recent-audit-title" gap="sm">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h4" id="recent-audit-title">
          {t('admin.dashboard.recentEvents')}
        </Title>
        <Anchor component={Link} to={ADMIN_WEB_PATHS.audit} size="sm" data-testid="to-audit">
          {t('admin.dashboard.toAudit')}
        </Anchor>
      </Group>
      {events.length === 0 ? (
        <Text size="sm" data-testid="recent-events-empty">
          {t('admin.dashboard.recentEventsEmpty')}
        </Text>
      ) : (
        <Table fz="sm" data-testid="recent-events">
          <caption className="klik-visually-hidden">{t('admin.dashboard.recentEvents')}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('admin.audit.column.at')}</Table.Th>
              <Table.Th scope="col">{t('admin.audit.column.actor')}</Table.Th>
              <Table.Th scope="col">{t('admin.audit.column.action')}</Table.Th>
              <Table.Th scope="col">{t('admin.audit.column.outcome')}</Table.Th>
              <Table.Th scope="col">{t('admin.audit.column.subject')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {events.map((event) => (
              <Table.Tr key={event.id}>
                <Table.Td className="klik-nowrap">{formatDateTime(event.at, locale)}</Table.Td>
                <Table.Td>
                  <ActorCell event={event} />
                </Table.Td>
                <Table.Td>{event.action}</Table.Td>
                <Table.Td>
                  <OutcomeBadge event={event} />
                </Table.Td>
                <Table.Td>{event.subject ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
