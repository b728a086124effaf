import { positionKey, trackNoPriceYet } from '@klik/domain';
import type { ContractData } from '@klik/api';

// Spec section 4: DC_23 is stored when an update makes a position not clickable with that reason
// and cleared when it becomes clickable again. The page keeps the set for as long as it lives;
// a price reaching a position in it reloads the contract, since only the server can say that the
// price made it clickable.
let waiting: ReadonlySet<string> = new Set();

/** Notes every position of freshly received contracts in or out of the DC_23 set. */
export function trackContracts(contracts: readonly ContractData[]): void {
  for (const contract of contracts) {
    const { yearStatuses, quarterStatuses, monthStatuses } = contract.statusPerContract;
    for (const status of [...yearStatuses, ...quarterStatuses, ...monthStatuses]) {
      waiting = trackNoPriceYet(waiting, positionKey(contract.contractId, status), status);
    }
  }
}

/** The positions waiting for their first price (DC_23), by positionKey. */
export function positionsWaitingForPrice(): ReadonlySet<string> {
  return waiting;
}

/** Forgets the set, e.g. when the session ends (tests start from nothing too). */
export function forgetPositionsWaitingForPrice(): void {
  waiting = new Set();
}
