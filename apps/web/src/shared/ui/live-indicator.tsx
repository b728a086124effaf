import { Box, Group, Text } from '@mantine/core';
import type { MessageKey } from '../i18n/catalogues';
import { useT } from '../i18n/use-t';
import { useRealtimeState } from '../websocket/realtime-context';
import type { WebsocketState } from '../websocket/websocket-client';

const LABELS: Record<WebsocketState, MessageKey> = {
  open: 'shell.live.open',
  closed: 'shell.live.closed',
  terminate: 'shell.live.terminate',
};

const DOT_COLOURS: Record<WebsocketState, string> = {
  open: 'var(--mantine-color-green-7)',
  closed: 'var(--mantine-color-orange-7)',
  terminate: 'var(--mantine-color-gray-6)',
};

/** Whether the prices on screen are live: a trader must see at a glance when they are not. */
export function LiveIndicator() {
  const t = useT();
  const state = useRealtimeState();
  return (
    <Group gap={6} wrap="nowrap" data-testid="live-indicator" data-state={state}>
      <Box
        aria-hidden
        w={10}
        h={10}
        style={{ borderRadius: '50%', backgroundColor: DOT_COLOURS[state] }}
      />
      <Text size="sm">{t(LABELS[state])}</Text>
    </Group>
  );
}
