import type { ReactNode } from 'react';
import { Group, Paper, Text } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';

/**
 * The toolbar over the cockpit for what is done for the selected customers at once. The
 * multi-customer click (features/tpi/components/multi-click*) puts its action here as children;
 * the overview only keeps the selection.
 */
export function SelectionToolbar({
  selected,
  children,
}: {
  selected: readonly number[];
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <Paper withBorder p="xs" data-testid="tpi-selection-toolbar">
      <Group justify="space-between" gap="sm">
        <Text size="sm" aria-live="polite">
          {selected.length === 0
            ? t('tpi.selection.none')
            : t('tpi.selection.count', { count: selected.length })}
        </Text>
        {children}
      </Group>
    </Paper>
  );
}
