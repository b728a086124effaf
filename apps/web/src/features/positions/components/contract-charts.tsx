import { SimpleGrid } from '@mantine/core';
import type { ContractData } from '@klik/api';
import { ForwardCurveChart } from './forward-curve-chart';
import { VolumeChart } from './volume-chart';

/** Both charts of a contract; loaded on demand, so the grid does not wait for the chart library. */
export function ContractCharts({ contract }: { contract: ContractData }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <VolumeChart contract={contract} />
      <ForwardCurveChart contract={contract} />
    </SimpleGrid>
  );
}
