import type { ClickDetail } from '@klik/api';
import { openSessions, type Period } from '@klik/domain';
import type { Db } from '../../db/database';
import { AppError } from '../../kernel/http/app-error';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { clickDetail, clickReaderFor } from '../clicks/clicks.service';
import { fixingInstant, recordTransition, type FlushEvents } from './click-lifecycle';
import { releaseClickFromLedger } from '../positions/ledger';
import { lockContract } from './purchase.repository';
import {
  approveClick,
  endPendingClick,
  findClickCustomerId,
  findClickHead,
  lockClick,
} from './click-transitions.repository';
import { isPaused } from '../../kernel/trading/trading-status';
import { actorOf } from '../../kernel/audit/audit-log';
import { assertMaySee } from '../../kernel/access/customer-access';

export interface FourEyesDeps {
  db: Db;
  now: () => Date;
  flushEvents: FlushEvents;
}

/** One click, for whoever may see its customer. */
export async function readClick(db: Db, auth: AuthContext, clickId: number): Promise<ClickDetail> {
  const customerId = await findClickCustomerId(db, clickId);
  if (customerId === undefined) throw new AppError('NOT_FOUND');
  await assertMaySee(db, auth, customerId);
  const reader = await clickReaderFor(db, auth, customerId);
  return (await clickDetail(db, clickId, reader)) as ClickDetail;
}

/**
 * Four-eyes: a second user approves or rejects a pending click. Approvers are customer-side
 * users of the customer who may click, or admins and account managers who are not read-only;
 * never the click's creator. Approval checks the pause, the deadline and the window again;
 * a click whose approval time or window has passed expires instead.
 */
export async function decideClick(
  deps: FourEyesDeps,
  auth: AuthContext,
  clickId: number,
  decision: 'approve' | 'reject',
  ip: string | null,
): Promise<ClickDetail> {
  const { db, now } = deps;
  const head = await findClickHead(db, clickId);
  if (!head) throw new AppError('NOT_FOUND');
  await assertMaySee(db, auth, head.customer_id);
  const reader = await clickReaderFor(db, auth, head.customer_id);
  if (!reader.mayApprove || head.created_by === auth.user.id) {
    throw new AppError('FORBIDDEN');
  }

  const at = now();
  let unchanged = false;
  const outcome = await db.transaction().execute(async (trx) => {
    const contract = await lockContract(trx, head.contract_id);
    const click = await lockClick(trx, clickId);
    if (click.status !== 'PENDING_APPROVAL') {
      unchanged = true;
      return new AppError('CLICK_NOT_PENDING', { details: { status: click.status } });
    }
    const period: Period = {
      maturity: click.maturity as Period['maturity'],
      yearOfSupply: click.year_of_supply,
    };
    const base = {
      clickId,
      contractId: contract.contractId,
      customerId: contract.customerId,
      yearOfSupply: period.yearOfSupply,
      maturity: period.maturity,
      createdBy: click.created_by,
      at,
    };
    const end = async (status: 'REJECTED' | 'EXPIRED', reason: string) => {
      await releaseClickFromLedger(trx, {
        id: clickId,
        contractRowId: contract.id,
        yearOfSupply: period.yearOfSupply,
      });
      await endPendingClick(trx, clickId, {
        status,
        at,
        decidedBy: status === 'REJECTED' ? auth.user.id : null,
        decidedAt: status === 'REJECTED' ? at : null,
      });
      await recordTransition(trx, {
        ...base,
        status,
        audit: {
          ...actorOf(auth),
          action: status === 'REJECTED' ? 'click.reject' : 'click.expire',
          outcome: 'success',
          ip,
          details: { reason },
        },
      });
    };
    if (decision === 'reject') {
      await end('REJECTED', 'rejected by approver');
      return null;
    }
    if (click.approval_deadline && at.getTime() >= click.approval_deadline.getTime()) {
      await end('EXPIRED', 'approval time passed');
      return new AppError('CLICK_NOT_PENDING', { details: { status: 'EXPIRED' } });
    }
    if (await isPaused(trx)) {
      unchanged = true;
      return new AppError('DC_35');
    }
    const session = openSessions(at, {
      marketOption: contract.clickOption,
      market: click.market,
      period,
    })[0];
    if (!session) {
      // The price cannot be had any more (window closed or deadline passed): it expires.
      await end('EXPIRED', 'window closed before approval');
      return new AppError('DC_36');
    }
    await approveClick(trx, clickId, {
      at,
      decidedBy: auth.user.id,
      priceSource: session.priceSource,
      fixingAt: fixingInstant(session),
    });
    await recordTransition(trx, {
      ...base,
      status: 'IN_PROGRESS',
      priceSource: session.priceSource,
      audit: { ...actorOf(auth), action: 'click.approve', outcome: 'success', ip },
    });
    return null;
  });
  const detail = (await clickDetail(db, clickId, reader)) as ClickDetail;
  if (!unchanged) await deps.flushEvents();
  if (outcome) throw outcome;
  return detail;
}
