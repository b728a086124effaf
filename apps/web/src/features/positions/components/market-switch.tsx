import { useSyncExternalStore } from 'react';
import { Group, SegmentedControl, Text } from '@mantine/core';
import { MarketSchema } from '@klik/api';
import type { Market } from '@klik/domain';
import { localJsonStorage } from '../../../shared/storage/browser-storage';
import { STORAGE_KEYS } from '../../../shared/storage/storage-keys';
import { createStoredValue } from '../../../shared/storage/stored-value';
import { marketKey } from '../../../shared/i18n/domain-labels';
import { useT } from '../../../shared/i18n/use-t';

// One choice for the whole browser: a customer comparing contracts wants them on the same market.
const gridMarketValue = createStoredValue(localJsonStorage, STORAGE_KEYS.gridMarket, MarketSchema);

/** The market the user last chose for the position grids (null: never chose), and its setter. */
export function useChosenMarket(): [Market | null, (market: Market) => void] {
  const chosen = useSyncExternalStore(gridMarketValue.subscribe, gridMarketValue.get);
  return [chosen, gridMarketValue.set];
}

/**
 * OTC / ICE Endex above a grid: which market's prices its rows show. A contract that clicks on OTC
 * only gets a line saying so instead of a switch.
 */
export function MarketSwitch({
  markets,
  shown,
  contractId,
  year,
  onChange,
}: {
  markets: readonly Market[];
  shown: Market;
  contractId: string;
  year: number;
  onChange: (market: Market) => void;
}) {
  const t = useT();
  if (markets.length < 2) {
    return (
      <Text size="sm" data-testid={`market-otc-only-${contractId}-${year}`}>
        {t('positions.grid.market.otcOnly')}
      </Text>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" aria-hidden>
        {t('positions.grid.market.caption')}
      </Text>
      <SegmentedControl
        size="xs"
        value={shown}
        onChange={(value) => onChange(MarketSchema.parse(value))}
        data={markets.map((market) => ({ value: market, label: t(marketKey(market)) }))}
        aria-label={t('positions.grid.market.label', { contractId, year })}
        data-testid={`market-switch-${contractId}-${year}`}
      />
    </Group>
  );
}
