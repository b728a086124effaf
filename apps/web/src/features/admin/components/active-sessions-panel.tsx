import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { ApiError, type ActiveSession } from '@klik/api';
import { formatDateTime } from '../../../shared/format/format-numbers';
import { errorMessageKeyFor, roleMessageKey } from '../../../shared/i18n/message-keys';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useActiveSessions, useTerminateSession } from '../api/monitor-api';
import { TableRegion } from '../../../shared/ui/table-region';

/** The active sessions; an admin may end one (the server offers that to admins only). */
export function ActiveSessionsPanel({ mayTerminate }: { mayTerminate: boolean }) {
  const t = useT();
  const locale = useLocale();
  const sessions = useActiveSessions();
  const terminate = useTerminateSession();
  const [asked, setAsked] = useState<ActiveSession | null>(null);
  const [failedCode, setFailedCode] = useState<string | null>(null);

  function confirm(session: ActiveSession) {
    setFailedCode(null);
    terminate.mutate(session.id, {
      onSettled: () => setAsked(null),
      onError: (error) => {
        console.warn('Ending the session failed', error);
        setFailedCode(error instanceof ApiError ? error.code : 'INTERNAL');
      },
    });
  }

  return (
    <Stack component="section" aria-labelledby="active-sessions-title" gap="sm">
      <Title order={2} size="h4" id="active-sessions-title">
        {t('monitor.activeSessions.title')}
      </Title>
      {sessions.isPending && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('monitor.activeSessions.loading')}</Text>
        </Group>
      )}
      {sessions.isError && (
        <Alert color="red" role="alert">
          <Group gap="sm">
            <Text size="sm">{t('monitor.activeSessions.loadFailed')}</Text>
            <Button variant="default" size="xs" onClick={() => void sessions.refetch()}>
              {t('app.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {failedCode && (
        <Alert color="red" role="alert" data-testid="terminate-failed">
          {t('monitor.activeSessions.failed', { reason: t(errorMessageKeyFor(failedCode)) })}
        </Alert>
      )}
      {sessions.data?.length === 0 && <Text>{t('monitor.activeSessions.none')}</Text>}
      {sessions.data && sessions.data.length > 0 && (
        <TableRegion
          id="active-sessions"
          caption={t('monitor.activeSessions.caption')}
          minWidth={720}
          testId="active-sessions"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('monitor.activeSessions.user')}</Table.Th>
              <Table.Th scope="col">{t('monitor.activeSessions.role')}</Table.Th>
              <Table.Th scope="col">{t('monitor.activeSessions.started')}</Table.Th>
              <Table.Th scope="col">{t('monitor.activeSessions.lastUsed')}</Table.Th>
              <Table.Th scope="col">{t('monitor.activeSessions.ip')}</Table.Th>
              {mayTerminate && (
                <Table.Th scope="col">{t('monitor.activeSessions.actions')}</Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.data.map((session) => (
              <Table.Tr key={session.id} data-testid={`session-${session.id}`}>
                <Table.Th scope="row" fw={400}>
                  <Text size="sm" fw={600} component="span" display="block">
                    {session.name}
                  </Text>
                  <Text size="xs" component="span" display="block">
                    {session.username}
                    {session.impersonatedBy !== null &&
                      ` · ${t('monitor.activeSessions.via', { by: session.impersonatedBy })}`}
                  </Text>
                </Table.Th>
                <Table.Td>
                  <Group gap={4}>
                    {t(roleMessageKey(session.role))}
                    {session.readOnly && (
                      <Badge variant="outline" size="sm">
                        {t('monitor.activeSessions.readOnly')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td className="klik-nowrap">
                  {formatDateTime(session.createdAt, locale)}
                </Table.Td>
                <Table.Td className="klik-nowrap">
                  {formatDateTime(session.lastUsedAt, locale)}
                </Table.Td>
                <Table.Td>{session.ip ?? t('monitor.activeSessions.unknownIp')}</Table.Td>
                {mayTerminate && (
                  <Table.Td>
                    <Button
                      variant="default"
                      size="xs"
                      onClick={() => setAsked(session)}
                      aria-label={t('monitor.activeSessions.terminateLabel', {
                        name: session.name,
                      })}
                      data-testid={`terminate-${session.id}`}
                    >
                      {t('monitor.activeSessions.terminate')}
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </TableRegion>
      )}
      <ConfirmDialog
        opened={asked !== null}
        title={t('monitor.activeSessions.confirm.title')}
        body={t('monitor.activeSessions.confirm.body', {
          name: asked?.name ?? '',
          username: asked?.username ?? '',
        })}
        confirmLabel={t('monitor.activeSessions.terminate')}
        confirmColor="red.9"
        pending={terminate.isPending}
        onConfirm={() => asked && confirm(asked)}
        onCancel={() => setAsked(null)}
        confirmTestId="terminate-confirm"
      />
    </Stack>
  );
}
