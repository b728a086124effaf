import {
  amsterdamDate,
  budgetCrossing,
  budgetStanding,
  expectedYearPrice,
  fromDec,
  toDec,
} from '@klik/domain';
import type { Db } from '../../db/database';
import { notify } from '../notifications/notify';
import { lockBudget, recordEvaluation } from './budgets.repository';
import type { ContractYear } from './year-figures';
import { enqueueWebhook } from '../../kernel/webhooks/enqueue-webhook';

/**
 * Evaluates a budget against its year's figures in one transaction: the row is locked, the zone
 * of the expected price compared with the stored one, the customer's users told of a crossing
 * (BUDGET_BANDWIDTH) and the new zone stored with the day's chart point. The stored zone makes it
 * once per crossing: a replayed batch finds the zone already stored and says nothing. `silent`
 * (a budget just saved) stores the zone without telling anyone. Answers whether it notified.
 */
export async function evaluateBudget(
  db: Db,
  budgetId: number,
  year: ContractYear,
  at: Date,
  options: { silent: boolean },
): Promise<boolean> {
  const expected = expectedYearPrice(year.parts).expectedPrice;
  // Open volume without a market price today: nothing to compare; the last zone stands.
  if (expected === null) return false;
  return db.transaction().execute(async (trx) => {
    const budget = await lockBudget(trx, budgetId);
    if (!budget) return false;
    const standing = budgetStanding(budget, expected);
    const crossing = options.silent ? null : budgetCrossing(budget.lastZone, standing.zone);
    if (crossing !== null) {
      await notify(trx, {
        kind: 'BUDGET_BANDWIDTH',
        to: { customerId: year.head.customerId },
        at,
        customerId: year.head.customerId,
        contractId: year.head.contractId,
        params: {
          contractId: year.head.contractId,
          yearOfSupply: year.yearOfSupply,
          crossing,
          expectedPrice: expected,
          lowerBound: fromDec(toDec(budget.lowerBound)),
          upperBound: fromDec(toDec(budget.upperBound)),
        },
      });
      await enqueueWebhook(trx, {
        customerId: year.head.customerId,
        type: 'budget.band_crossed',
        data: {
          budgetId: budget.id,
          contractId: year.head.contractId,
          yearOfSupply: year.yearOfSupply,
          crossing,
          expectedPrice: expected,
          budgetPrice: fromDec(toDec(budget.budgetPrice)),
          lowerBound: fromDec(toDec(budget.lowerBound)),
          upperBound: fromDec(toDec(budget.upperBound)),
        },
        at,
      });
    }
    await recordEvaluation(trx, budget.id, {
      zone: standing.zone,
      expectedPrice: expected,
      day: amsterdamDate(at),
      at,
    });
    return crossing !== null;
  });
}
