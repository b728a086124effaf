import type { HedgePositionView } from '@klik/api';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { useT } from '../../../shared/i18n/use-t';
import { StatusBadge, type StatusTone } from '../../../shared/ui/status-badge';

const POSITION: Record<HedgePositionView, { key: MessageKey; tone: StatusTone }> = {
  ON: { key: 'hedgePolicy.position.ON', tone: 'success' },
  BEHIND: { key: 'hedgePolicy.position.BEHIND', tone: 'danger' },
  AHEAD: { key: 'hedgePolicy.position.AHEAD', tone: 'warning' },
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
    <StatusBadge tone={POSITION[position].tone} testId={testId}>
      {t(POSITION[position].key)}
    </StatusBadge>
  );
}
