import { Badge } from '@mantine/core';
import type { HedgePositionView } from '@klik/api';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { useT } from '../../../shared/i18n/use-t';

const POSITION: Record<HedgePositionView, { key: MessageKey; color: string }> = {
  ON: { key: 'hedgePolicy.position.ON', color: 'teal.9' },
  BEHIND: { key: 'hedgePolicy.position.BEHIND', color: 'red.9' },
  AHEAD: { key: 'hedgePolicy.position.AHEAD', color: 'orange.9' },
};

/** Where a year stands against its corridor, in words (the colour only repeats them). */
export function HedgePositionBadge({
  position,
  testId,
}: {
  position: HedgePositionView;
  testId?: string;
}) {
  const t = useT();
  return (
    <Badge color={POSITION[position].color} variant="filled" data-testid={testId}>
      {t(POSITION[position].key)}
    </Badge>
  );
}
