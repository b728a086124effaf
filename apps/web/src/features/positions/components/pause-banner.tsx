import { Alert } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';
import { useTradingStatus } from '../../../shared/trading/trading-status';

/** Says so, clearly, while clicking is paused for every customer. */
export function PauseBanner() {
  const t = useT();
  const status = useTradingStatus();
  if (!status.data?.pauzeActive) return null;
  return (
    <Alert
      // Filled red: the strongest signal with white text above WCAG AA contrast.
      color="red.9"
      variant="filled"
      role="alert"
      title={t('positions.paused.title')}
      data-testid="pause-banner"
    >
      {t('positions.paused.body')}
    </Alert>
  );
}
