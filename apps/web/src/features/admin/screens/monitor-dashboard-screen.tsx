import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { useSession } from '../../../shared/session/use-session';
import { useRealtimeState, useSessionCount } from '../../../shared/websocket/realtime-context';
import type { WebsocketState } from '../../../shared/websocket/websocket-client';
import { ActiveSessionsPanel } from '../components/active-sessions-panel';
import { TradingStatusPanel } from '../components/trading-status-panel';

function connectionKey(state: WebsocketState): MessageKey {
  switch (state) {
    case 'open':
      return 'monitor.connection.open';
    case 'closed':
      return 'monitor.connection.closed';
    case 'terminate':
      return 'monitor.connection.terminate';
  }
}

/** Connected sessions, the trading status with the pause switch, and the active sessions. */
export function MonitorDashboardScreen() {
  const t = useT();
  const session = useSession();
  const count = useSessionCount();
  const connection = useRealtimeState();
  if (!session) return null;

  return (
    <Stack data-testid="screen-monitordashboard">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>{t('monitor.title')}</Title>
        <Badge
          variant="dot"
          size="lg"
          color={connection === 'open' ? 'green' : 'red'}
          data-testid="connection-state"
          data-state={connection}
        >
          {t('monitor.connection.label', { state: t(connectionKey(connection)) })}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder component="section" aria-labelledby="session-count-title">
          <Stack gap="xs">
            <Title order={2} size="h4" id="session-count-title">
              {t('monitor.sessions.title')}
            </Title>
            <Text size="xl" fw={700} data-testid="session-count" aria-live="polite">
              {count === null
                ? t('monitor.sessions.waiting')
                : t('monitor.sessions.count', { count })}
            </Text>
          </Stack>
        </Card>
        <Card withBorder>
          <TradingStatusPanel />
        </Card>
      </SimpleGrid>
      <Card withBorder>
        <ActiveSessionsPanel mayTerminate={session.role === 'admin'} />
      </Card>
    </Stack>
  );
}
