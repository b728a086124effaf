import { fromDec, periodTypeOf, toDec, type PeriodType } from '@klik/domain';
import type { ContractData, Status } from '@klik/api';

export interface YearVolumes {
  yearOfSupply: number;
  clicked: string;
  open: string;
  total: string;
}

const LEVELS: readonly PeriodType[] = ['YEAR', 'QUARTER', 'MONTH'];

function sumParts(
  statuses: readonly Status[],
  pick: 'clickedVolume' | 'volumeNotClicked' | 'totalVolume',
) {
  return fromDec(
    statuses
      .flatMap((status) => status.contractParts)
      .reduce((sum, part) => sum.plus(toDec(part[pick])), toDec('0')),
  );
}

/**
 * Clicked and open volume (MWh, exact) per year of supply over all contract parts. A year's
 * volumes are read from the year position; without one, from its quarters, else its months, which
 * each cover the year exactly once.
 */
export function volumesPerYear(contract: ContractData): YearVolumes[] {
  const { yearStatuses, quarterStatuses, monthStatuses } = contract.statusPerContract;
  const all = [...yearStatuses, ...quarterStatuses, ...monthStatuses];
  return [...contract.yearsOfSupply]
    .sort((a, b) => a - b)
    .map((yearOfSupply) => {
      const ofYear = all.filter((status) => status.yearOfSupply === yearOfSupply);
      const level = LEVELS.find((type) =>
        ofYear.some((status) => periodTypeOf(status.maturity) === type),
      );
      const used = ofYear.filter((status) => periodTypeOf(status.maturity) === level);
      return {
        yearOfSupply,
        clicked: sumParts(used, 'clickedVolume'),
        open: sumParts(used, 'volumeNotClicked'),
        total: sumParts(used, 'totalVolume'),
      };
    });
}
