import type { WebhookDeliveryStatus, WebhookDeliveryView } from '@klik/api';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import type { StatusTone } from '../../../shared/ui/status-badge';

type DeliveryType = WebhookDeliveryView['eventType'];

/** Every type a delivery can carry, in plain words (the type's code is shown beside it). */
export const EVENT_TEXTS: Readonly<Record<DeliveryType, MessageKey>> = {
  'click.created': 'integrations.event.clickCreated',
  'click.awaiting_approval': 'integrations.event.clickAwaitingApproval',
  'click.approved': 'integrations.event.clickApproved',
  'click.rejected': 'integrations.event.clickRejected',
  'click.completed': 'integrations.event.clickCompleted',
  'click.expired': 'integrations.event.clickExpired',
  'standing_order.triggered': 'integrations.event.standingOrderTriggered',
  'standing_order.result': 'integrations.event.standingOrderResult',
  'price_alert.fired': 'integrations.event.priceAlertFired',
  'budget.band_crossed': 'integrations.event.budgetBandCrossed',
  'hedge_policy.behind': 'integrations.event.hedgePolicyBehind',
  'trading.paused': 'integrations.event.tradingPaused',
  'trading.resumed': 'integrations.event.tradingResumed',
  'webhook.test': 'integrations.event.webhookTest',
};

export const DELIVERY_STATUS_TONE: Readonly<Record<WebhookDeliveryStatus, StatusTone>> = {
  pending: 'info',
  succeeded: 'success',
  failed: 'warning',
  given_up: 'danger',
};
