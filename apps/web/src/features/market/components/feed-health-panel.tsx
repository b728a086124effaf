import { Alert, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { FeedHealth } from '@klik/api';
import { formatDateTime } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { useFeedHealth } from '../api/market-api';
import { feedSourceKey } from '../../../shared/i18n/domain-labels';
import { originKey } from './market-labels';
import { ageText } from './age-text';

function Instant({ at, now }: { at: string | null; now: number }) {
  const t = useT();
  const locale = useLocale();
  if (at === null) return <>{t('prices.feed.never')}</>;
  return (
    <>{t('prices.feed.instant', { time: formatDateTime(at, locale), age: ageText(t, at, now) })}</>
  );
}

function newest(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return Date.parse(a) >= Date.parse(b) ? a : b;
}

/**
 * Where prices come from and whether they keep coming: the feed of this server, whether it leads,
 * its last tick, and the newest price from any source (also as the board last heard it live).
 */
export function FeedHealthPanel({ now, liveLastAt }: { now: number; liveLastAt: string | null }) {
  const t = useT();
  const feed = useFeedHealth();

  function rows(health: FeedHealth) {
    const lastPriceAt = newest(health.lastPriceAt, liveLastAt);
    return [
      {
        key: 'source',
        label: t('prices.feed.source'),
        value: t(feedSourceKey(health.source)),
      },
      {
        key: 'leading',
        label: t('prices.feed.leading'),
        value: t(health.leading ? 'prices.feed.yes' : 'prices.feed.no'),
      },
      {
        key: 'interval',
        label: t('prices.feed.interval'),
        value: t('prices.age.seconds', { s: health.intervalMs / 1000 }),
      },
      {
        key: 'lastTick',
        label: t('prices.feed.lastTick'),
        value: <Instant at={health.lastTickAt} now={now} />,
      },
      {
        key: 'lastPrice',
        label: t('prices.feed.lastPrice'),
        value: <Instant at={lastPriceAt} now={now} />,
      },
      {
        key: 'origin',
        label: t('prices.feed.origin'),
        value:
          health.lastPriceOrigin === null
            ? t('prices.feed.never')
            : t(originKey(health.lastPriceOrigin)),
      },
    ];
  }

  return (
    <Stack component="section" aria-labelledby="feed-health-title" gap="sm">
      <Title order={2} size="h4" id="feed-health-title">
        {t('prices.feed.title')}
      </Title>
      {feed.isPending && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('prices.feed.loading')}</Text>
        </Group>
      )}
      {feed.isError && (
        <Alert color="red" role="alert">
          <Group gap="sm">
            <Text size="sm">{t('prices.feed.loadFailed')}</Text>
            <Button variant="default" size="xs" onClick={() => void feed.refetch()}>
              {t('app.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {feed.data && (
        <Table fz="sm" data-testid="feed-health" data-source={feed.data.source}>
          <Table.Tbody>
            {rows(feed.data).map((row) => (
              <Table.Tr key={row.key} data-testid={`feed-${row.key}`}>
                <Table.Th scope="row">{row.label}</Table.Th>
                <Table.Td>{row.value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
