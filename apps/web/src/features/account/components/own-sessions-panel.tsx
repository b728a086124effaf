import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { ApiError, type OwnSession } from '@klik/api';
import { formatDateTime } from '../../../shared/format/format-numbers';
import { errorMessageKeyFor } from '../../../shared/i18n/message-keys';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useEndOwnSession, useOwnSessions } from '../api/account-api';
import { LoadFailed } from '../../../shared/ui/load-states';
import { TableRegion } from '../../../shared/ui/table-region';

/** Where the user is signed in now; they end a session they do not recognise or left open. */
export function OwnSessionsPanel() {
  const t = useT();
  const locale = useLocale();
  const sessions = useOwnSessions();
  const end = useEndOwnSession();
  const [asked, setAsked] = useState<OwnSession | null>(null);
  // 'ended', or the code of a refused call.
  const [outcome, setOutcome] = useState<string | null>(null);
  const deviceOf = (session: OwnSession) =>
    session.device === 'unknown' ? t('myInfo.sessions.unknownDevice') : session.device;

  function confirm(session: OwnSession) {
    setOutcome(null);
    end.mutate(session.id, {
      onSettled: () => setAsked(null),
      onSuccess: () => setOutcome('ended'),
      onError: (error) => setOutcome(error instanceof ApiError ? error.code : 'INTERNAL'),
    });
  }

  return (
    <Stack component="section" aria-labelledby="own-sessions-title" gap="sm">
      <Title order={2} size="h4" id="own-sessions-title">
        {t('myInfo.sessions.title')}
      </Title>
      <Text size="sm">{t('myInfo.sessions.intro')}</Text>
      {sessions.isPending && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('myInfo.sessions.loading')}</Text>
        </Group>
      )}
      {sessions.isError && (
        <LoadFailed
          text={t('myInfo.sessions.loadFailed')}
          onRetry={() => void sessions.refetch()}
        />
      )}
      {outcome === 'ended' && (
        <Alert color="green" role="status" data-testid="session-ended-notice">
          {t('myInfo.sessions.ended')}
        </Alert>
      )}
      {outcome !== null && outcome !== 'ended' && (
        <Alert color="red" role="alert">
          {t(errorMessageKeyFor(outcome))}
        </Alert>
      )}
      {sessions.data && (
        <TableRegion
          id="own-sessions"
          // Its own name: the section around it is already named by the title.
          caption={t('myInfo.sessions.table')}
          minWidth={560}
          testId="own-sessions"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('myInfo.sessions.device')}</Table.Th>
              <Table.Th>{t('myInfo.sessions.ip')}</Table.Th>
              <Table.Th>{t('myInfo.sessions.since')}</Table.Th>
              <Table.Th>{t('myInfo.sessions.lastUsed')}</Table.Th>
              <Table.Th>{t('myInfo.sessions.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.data.data.map((session) => (
              <Table.Tr key={session.id} data-testid={`own-session-${session.id}`}>
                <Table.Td>
                  {deviceOf(session)}
                  {session.impersonatedBy && (
                    <Text size="xs" c="dimmed">
                      {t('myInfo.sessions.impersonatedBy', { user: session.impersonatedBy })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{session.ip ?? '—'}</Table.Td>
                <Table.Td>{formatDateTime(session.createdAt, locale)}</Table.Td>
                <Table.Td>{formatDateTime(session.lastUsedAt, locale)}</Table.Td>
                <Table.Td>
                  {session.current ? (
                    <Badge color="teal.9">{t('myInfo.sessions.current')}</Badge>
                  ) : (
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={t('myInfo.sessions.endLabel', { device: deviceOf(session) })}
                      onClick={() => setAsked(session)}
                    >
                      {t('myInfo.sessions.end')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </TableRegion>
      )}
      <ConfirmDialog
        opened={asked !== null}
        title={t('myInfo.sessions.endTitle')}
        body={asked ? t('myInfo.sessions.endBody', { device: deviceOf(asked) }) : ''}
        confirmLabel={t('myInfo.sessions.end')}
        confirmColor="red.8"
        pending={end.isPending}
        onConfirm={() => asked && confirm(asked)}
        onCancel={() => setAsked(null)}
        confirmTestId="confirm-end-session"
      />
    </Stack>
  );
}
