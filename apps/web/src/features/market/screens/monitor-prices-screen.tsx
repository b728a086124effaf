import { Card, Stack, Title } from '@mantine/core';
import type { BoardEntry } from '@klik/api';
import { useT } from '../../../shared/i18n/use-t';
import { useNow } from '../../../shared/time/use-now';
import { useMarketBoard } from '../api/market-api';
import { FeedHealthPanel } from '../components/feed-health-panel';
import { PriceBoard } from '../components/price-board';

function newestAt(board: readonly BoardEntry[] | undefined): string | null {
  let newest: string | null = null;
  for (const entry of board ?? []) {
    if (entry.at && (newest === null || Date.parse(entry.at) > Date.parse(newest))) {
      newest = entry.at;
    }
  }
  return newest;
}

/** The live price board and the health of the price feed, for admins and account managers. */
export function MonitorPricesScreen() {
  const t = useT();
  const board = useMarketBoard();
  const now = useNow(1000);
  return (
    <Stack data-testid="screen-monitorprices">
      <Title order={1}>{t('prices.title')}</Title>
      <Card withBorder>
        <FeedHealthPanel now={now} liveLastAt={newestAt(board.data)} />
      </Card>
      <Card withBorder>
        <PriceBoard board={board} now={now} />
      </Card>
    </Stack>
  );
}
