import { Group, Progress, Text } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';
import { announcementMoment, clockText } from '../derive/countdown';

const QUOTE_SECONDS = 300;

/**
 * The time left to confirm, visible every second. Screen readers hear it only at a few moments
 * (whole minutes, 30 and 10 seconds, expiry), through a separate polite live region.
 */
export function QuoteCountdown({ seconds }: { seconds: number }) {
  const t = useT();
  const moment = announcementMoment(seconds);
  const urgent = seconds <= 60;
  return (
    <div data-testid="quote-countdown" data-seconds={seconds}>
      <Group gap="xs" align="baseline">
        <Text size="sm">{t('purchase.countdown.label')}</Text>
        <Text
          fw={700}
          size="xl"
          c={urgent ? 'red.8' : undefined}
          aria-hidden="true"
          data-testid="quote-countdown-clock"
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {clockText(seconds)}
        </Text>
      </Group>
      <Progress
        value={(Math.min(seconds, QUOTE_SECONDS) / QUOTE_SECONDS) * 100}
        color={urgent ? 'red.8' : 'teal.8'}
        size="sm"
        aria-hidden="true"
        mt={4}
      />
      <div className="klik-visually-hidden" aria-live="polite" data-testid="quote-countdown-live">
        {moment === null
          ? ''
          : moment === 0
            ? t('purchase.expired.title')
            : moment >= 60
              ? t('purchase.countdown.minutesLeft', { minutes: moment / 60 })
              : t('purchase.countdown.secondsLeft', { seconds: moment })}
      </div>
    </div>
  );
}
