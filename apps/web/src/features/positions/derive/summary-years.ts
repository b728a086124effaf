import type { ContractSummary } from '@klik/api';

export interface SummaryYear {
  yearOfSupply: number;
  clicked: string;
  manual: string;
  auto: string;
}

/** A summary's exact percentages per year of supply; a year the server left out counts as 0. */
export function summaryYears(summary: ContractSummary): SummaryYear[] {
  return [...summary.yearsOfSupply]
    .sort((a, b) => a - b)
    .map((yearOfSupply) => {
      const key = String(yearOfSupply);
      return {
        yearOfSupply,
        clicked: summary.clickPercentagePerYear[key] ?? '0',
        manual: summary.manualClickPercentagePerYear[key] ?? '0',
        auto: summary.autoClickPercentagePerYear[key] ?? '0',
      };
    });
}
