import { SimpleGrid } from '@mantine/core';
import type { ContractData } from '@klik/api';
import { ForwardCurveChart } from './forward-curve-chart';
import { MonthlyVolumeChart } from './monthly-volume-chart';

/**
 * The charts of a contract for one year of supply (the year chosen on the contract card): fixed
 * against open volume per month, and the forward curve with the fixed prices. Loaded on demand,
 * so the grid does not wait for the chart library.
 */
export function ContractCharts({ contract, year }: { contract: ContractData; year: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <MonthlyVolumeChart contract={contract} year={year} />
      <ForwardCurveChart contract={contract} year={year} />
    </SimpleGrid>
  );
}
