import {
  amsterdamInstant,
  ICE_OVERNIGHT_CLOSES,
  type Maturity,
  type PriceSource,
  type TradingSession,
} from '@klik/domain';
import type { NotificationKind, WebhookEventType } from '@klik/api';
import type { Db } from '../../db/database';
import type { ClickLedgerEvent, ClickStatus } from '../../db/schema';
import { writeAudit, type AuditEntry } from '../../kernel/audit/audit-log';
import { notify } from '../notifications/notify';
import { enqueueEvent } from '../../kernel/events/event-outbox';
import { enqueueWebhook } from '../../kernel/webhooks/enqueue-webhook';
import { findActingConsultant } from './click-transitions.repository';
import { appendClickEvent } from './click-ledger.repository';

/** When the ICE Endex end-of-day settlement of a trading day is known (Amsterdam time). */
export const ICE_SETTLEMENT_KNOWN = { hour: 17, minute: 30 } as const;

/**
 * When the price of an ICE click is fixed: the settlement of the session's trading day for an
 * end-of-day order, that morning's 09:30 fixing for an overnight order. OTC clicks are priced
 * at once: null.
 */
export function fixingInstant(session: TradingSession): Date | null {
  if (session.market === 'OTC') return null;
  return amsterdamInstant(
    session.fixingDay,
    session.priceSource === 'ICE_OVERNIGHT' ? ICE_OVERNIGHT_CLOSES : ICE_SETTLEMENT_KNOWN,
  );
}

/**
 * Which notification a click's transition is: confirmed straight into progress is made
 * (CLICK_CREATED), into progress by a second user's approval is CLICK_APPROVED.
 */
export function clickNotificationKind(status: ClickStatus, action: string): NotificationKind {
  switch (status) {
    case 'PENDING_APPROVAL':
      return 'CLICK_PENDING_APPROVAL';
    case 'IN_PROGRESS':
      return action === 'click.approve' ? 'CLICK_APPROVED' : 'CLICK_CREATED';
    case 'COMPLETED':
      return 'CLICK_COMPLETED';
    case 'REJECTED':
      return 'CLICK_REJECTED';
    case 'EXPIRED':
      return 'CLICK_EXPIRED';
  }
}

/** The click ledger's event of a transition: made (in progress or waiting), decided, ended. */
export function clickLedgerEvent(status: ClickStatus, action: string): ClickLedgerEvent {
  if (status === 'IN_PROGRESS') return action === 'click.approve' ? 'APPROVED' : 'CREATED';
  return status;
}

/** The webhook event of each ledger event (docs/webhooks.md). */
const CLICK_WEBHOOK_TYPES: Record<ClickLedgerEvent, WebhookEventType> = {
  CREATED: 'click.created',
  PENDING_APPROVAL: 'click.awaiting_approval',
  APPROVED: 'click.approved',
  REJECTED: 'click.rejected',
  COMPLETED: 'click.completed',
  EXPIRED: 'click.expired',
};

export interface ClickTransition {
  clickId: number;
  contractId: string;
  customerId: number;
  yearOfSupply: number;
  maturity: Maturity;
  status: ClickStatus;
  createdBy: number | null;
  priceSource?: PriceSource | null;
  at: Date;
  audit: Omit<AuditEntry, 'at' | 'subject' | 'details'> & { details?: Record<string, unknown> };
  /** Facts for the click ledger beyond the stored click (second factor, terms, fixing prices). */
  ledger?: Record<string, unknown>;
}

/**
 * Writes what every state change of a click leaves behind, in the caller's transaction: an
 * audit row, the click ledger's event (docs/audit-trail.md), a notification for each user of the customer (and the click's creator) and the
 * clickUpdate for every instance's websockets (in the event outbox: it survives a bus outage).
 */
export async function recordTransition(trx: Db, transition: ClickTransition): Promise<void> {
  await writeAudit(trx, {
    ...transition.audit,
    at: transition.at,
    subject: `click:${transition.clickId}`,
    customerIds: [transition.customerId],
    details: {
      contractId: transition.contractId,
      yearOfSupply: transition.yearOfSupply,
      maturity: transition.maturity,
      status: transition.status,
      ...transition.audit.details,
    },
  });
  const facts = await appendClickEvent(trx, {
    clickId: transition.clickId,
    event: clickLedgerEvent(transition.status, transition.audit.action),
    at: transition.at,
    actor: transition.audit.actor ?? null,
    impersonator: transition.audit.impersonator ?? null,
    facts: {
      ...transition.ledger,
      ...(transition.status === 'COMPLETED'
        ? {
            confirmation: {
              kind: 'clickConfirmation',
              ref: transition.clickId,
              sentAt: transition.at,
            },
          }
        : {}),
    },
  });
  await notify(trx, {
    kind: clickNotificationKind(transition.status, transition.audit.action),
    to: {
      customerId: transition.customerId,
      alsoUserIds: transition.createdBy === null ? [] : [transition.createdBy],
    },
    customerId: transition.customerId,
    clickId: transition.clickId,
    contractId: transition.contractId,
    params: {
      clickId: transition.clickId,
      contractId: transition.contractId,
      yearOfSupply: transition.yearOfSupply,
      maturity: transition.maturity,
      // Every transition of a click made for the customer by their consultant says so.
      ...(await findActingConsultant(trx, transition.clickId)),
    },
    at: transition.at,
    // The PDF confirmation, rendered from the stored click when it is asked for.
    attachment:
      transition.status === 'COMPLETED'
        ? { kind: 'clickConfirmation', ref: transition.clickId }
        : null,
  });
  await enqueueEvent(trx, 'clickUpdate', {
    contractId: transition.contractId,
    customerId: transition.customerId,
  });
  // The customer's systems hear it with the ledger's snapshot: one insert, whoever listens.
  await enqueueWebhook(trx, {
    customerId: transition.customerId,
    type: CLICK_WEBHOOK_TYPES[clickLedgerEvent(transition.status, transition.audit.action)],
    data: { clickId: transition.clickId, ...facts },
    at: transition.at,
  });
}

/**
 * Publishes the events committed so far (the clickUpdate of recordTransition) right after the
 * commit; never throws (what the bus cannot take now stays in the outbox and follows).
 */
export type FlushEvents = () => Promise<void>;
