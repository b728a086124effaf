import type { Maturity } from '@klik/domain';
import type { Db } from '../../db/database';
import {
  currentTerms,
  findContractByPublicId,
  positionState,
  type ClickContract,
  type PositionState,
} from './purchase.repository';

export type { ClickContract, PositionState };

/*
 * What the purchase shares with the modules that click on its behalf or price like it (standing
 * orders, margin previews): a contract as a click reads it, the open position of a period and the
 * customer's current terms. Other modules call these, never the purchase's repository.
 */

/** The contract with this contract id (the customer's own number), as a click reads it. */
export function clickContractOf(db: Db, contractId: string): Promise<ClickContract | undefined> {
  return findContractByPublicId(db, contractId);
}

/** The contract's volumes, offers and pending clicks for one period, and the pause. */
export function positionStateOf(
  db: Db,
  contract: { id: number; commodity: 'Power' | 'Gas'; product: string },
  yearOfSupply: number,
  maturity: Maturity,
): Promise<PositionState> {
  return positionState(db, contract, yearOfSupply, maturity);
}

/** The customer's terms now in force, and whether the user has accepted them. */
export function currentTermsOf(
  db: Db,
  customerId: number,
  userId: number,
): ReturnType<typeof currentTerms> {
  return currentTerms(db, customerId, userId);
}
