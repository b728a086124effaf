import type { ErrorCode } from '@klik/api';
import {
  decideClickability,
  hasPendingOverlappingClick,
  openSessions,
  statusHasOffers,
  type ContractPartVolumes,
  type Market,
  type Period,
  type TradingSession,
} from '@klik/domain';
import type { Db } from '../../db/database';
import { AppError } from '../../kernel/http/app-error';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { mayClickFor } from '../../kernel/access/customer-access';
import { positionState, type ClickContract } from './purchase.repository';

export interface Evaluation {
  parts: ContractPartVolumes[];
  session: TradingSession;
}

/**
 * The domain's decision for the position at an instant; throws the DC_ code when it cannot
 * be clicked on the market asked for.
 */
export async function evaluatePosition(
  db: Db,
  auth: AuthContext,
  contract: ClickContract,
  period: Period,
  market: Market,
  at: Date,
): Promise<Evaluation> {
  if (!contract.customerActive) throw new AppError('CUSTOMER_INACTIVE');
  const state = await positionState(db, contract, period.yearOfSupply, period.maturity);
  const { volumes, offers } = state;
  // Read-only and the right to click are set per user and per customer.
  const userMayClick = await mayClickFor(db, auth, contract.customerId);
  if (volumes.length === 0) throw new AppError('NOT_FOUND');
  const parts: ContractPartVolumes[] = volumes.map((part) => ({
    ...part,
    offerPart: offers.otc.has(part.name)
      ? { marketPrice: offers.otc.get(part.name) ?? null }
      : null,
    iceOfferPart: offers.ice.has(part.name)
      ? { marketPrice: offers.ice.get(part.name) ?? null }
      : null,
  }));
  const decision = decideClickability({
    clickType: contract.clickType,
    marketOption: contract.clickOption,
    period,
    parts,
    at,
    paused: state.paused,
    userMayClick,
    pendingOverlappingClick: hasPendingOverlappingClick(period, state.pending),
    deadlineRule: contract.deadlineRule,
  });
  if (!decision.clickable) {
    // DC_37 is the browser's own state; the server never decides it.
    throw new AppError(decision.disableClickReason as ErrorCode);
  }
  const session = decision.sessions.find((candidate) => candidate.market === market);
  if (!session) {
    if (openSessions(at, { marketOption: contract.clickOption, market, period }).length === 0) {
      throw new AppError('DC_36');
    }
    throw new AppError(statusHasOffers(parts, market) ? 'DC_23' : 'DC_22');
  }
  return { parts, session };
}
