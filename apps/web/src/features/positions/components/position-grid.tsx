import { Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ContractData } from '@klik/api';
import { useT } from '../../../shared/i18n/use-t';
import { useNow } from '../../../shared/time/use-now';
import { PRICE_AGE_TICK_MS } from '../../../shared/ui/price-cell';
import { gridMarkets, gridPartNames, gridRows, shownMarket } from '../derive/grid-rows';
import { MarketSwitch, useChosenMarket } from './market-switch';
import { PositionCards } from './position-cards';
import { PositionTable } from './position-table';

/** Below Mantine's `sm` breakpoint (48em) the grid is a list of cards. */
const PHONE = '(max-width: 47.99em)';

interface PositionGridProps {
  contract: ContractData;
  year: number;
  readOnly: boolean;
}

/**
 * One year of a contract: the market switch, then a row per maturity (Y, Q1-Q4, M1-M12) with the
 * parts side by side, as a table on a wide screen and as cards on a phone. Only one of the two is
 * rendered, so every test id and every name exists once.
 */
export function PositionGrid({ contract, year, readOnly }: PositionGridProps) {
  const t = useT();
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  const [chosen, choose] = useChosenMarket();
  const now = useNow(PRICE_AGE_TICK_MS);
  const rows = gridRows(contract, year, { readOnly });
  const markets = gridMarkets(contract.clickOption);
  const market = shownMarket(chosen, markets);
  const caption = t('positions.grid.caption', { contractId: contract.contractId, year });

  return (
    <Stack
      gap="xs"
      component="section"
      aria-label={caption}
      data-testid={`grid-${contract.contractId}-${year}`}
      data-market={market}
    >
      <MarketSwitch
        markets={markets}
        shown={market}
        contractId={contract.contractId}
        year={year}
        onChange={choose}
      />
      {phone ? (
        <PositionCards
          contractId={contract.contractId}
          rows={rows}
          market={market}
          now={now}
          caption={caption}
        />
      ) : (
        <PositionTable
          contractId={contract.contractId}
          rows={rows}
          partNames={gridPartNames(rows)}
          market={market}
          now={now}
          caption={caption}
          captionId={`grid-caption-${contract.contractId}-${year}`}
        />
      )}
    </Stack>
  );
}
