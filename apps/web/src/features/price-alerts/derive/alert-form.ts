import {
  isFieldErrorCode,
  type FieldErrorCode,
  type PriceAlertDraft,
  type PriceAlertOptions,
  type PriceAlertView,
} from '@klik/api';
import { priceAlertPriceProblem } from '@klik/domain';

/** The form as typed: selects hold '' until something is chosen; the price as the user types it. */
export interface AlertFormValues {
  contract: string;
  part: string;
  yearOfSupply: string;
  maturity: string;
  market: string;
  direction: string;
  price: string;
  recipients: string[];
  expiresOn: string;
}

export type AlertField = keyof AlertFormValues;
export type AlertFormErrors = Partial<Record<AlertField, FieldErrorCode>>;

export function emptyForm(
  ownUserId: number | null,
  recipients: PriceAlertOptions['recipients'],
): AlertFormValues {
  const own = recipients.find((user) => user.id === ownUserId);
  return {
    contract: '',
    part: '',
    yearOfSupply: '',
    maturity: '',
    market: 'OTC',
    direction: '',
    price: '',
    recipients: own ? [String(own.id)] : [],
    expiresOn: '',
  };
}

export function formOf(alert: PriceAlertView): AlertFormValues {
  return {
    contract: String(alert.contract),
    part: alert.commodity === 'Power' ? alert.part : '',
    yearOfSupply: String(alert.yearOfSupply),
    maturity: alert.maturity,
    market: alert.market,
    direction: alert.direction,
    price: alert.price,
    recipients: alert.recipients.map((user) => String(user.id)),
    expiresOn: alert.expiresOn,
  };
}

/** A typed price with a Dutch decimal comma reads as the point the server expects. */
export function normalisedPrice(typed: string): string {
  return typed.trim().replace(',', '.');
}

/**
 * The same codes the server answers (spec section 5), checked before anything is sent: a
 * contract, (for power) a part, a year, a period, a market, a direction, a valid price, at least
 * one recipient and an expiry day not in the past.
 */
export function validateAlertForm(
  values: AlertFormValues,
  options: PriceAlertOptions,
  today: string,
): AlertFormErrors {
  const found: AlertFormErrors = {};
  const contract = options.contracts.find((candidate) => String(candidate.id) === values.contract);
  if (!contract) found.contract = 'CONTRACT_REQUIRED';
  if (contract?.commodity === 'Power' && values.part !== 'Peak' && values.part !== 'OffPeak') {
    found.part = 'PART_REQUIRED';
  }
  if (
    values.yearOfSupply === '' ||
    (contract && !contract.yearsOfSupply.includes(Number(values.yearOfSupply)))
  ) {
    found.yearOfSupply = 'YEAR_REQUIRED';
  }
  if (values.maturity === '') found.maturity = 'PERIOD_REQUIRED';
  if (values.market === '') found.market = 'MARKET_REQUIRED';
  if (values.direction === '') found.direction = 'DIRECTION_REQUIRED';
  const price = priceAlertPriceProblem(normalisedPrice(values.price));
  if (price === 'REQUIRED') found.price = 'PRICE_REQUIRED';
  if (price === 'INVALID') found.price = 'ALERT_PRICE_INVALID';
  if (values.recipients.length === 0) found.recipients = 'RECIPIENT_REQUIRED';
  if (values.expiresOn === '') found.expiresOn = 'EXPIRY_REQUIRED';
  else if (values.expiresOn < today) found.expiresOn = 'EXPIRY_INVALID';
  return found;
}

/** The draft the server gets from a form that passed validateAlertForm. */
export function draftOf(values: AlertFormValues, options: PriceAlertOptions): PriceAlertDraft {
  const contract = options.contracts.find((candidate) => String(candidate.id) === values.contract);
  return {
    contract: Number(values.contract),
    part: contract?.commodity === 'Power' ? (values.part as 'Peak' | 'OffPeak') : 'Gas',
    yearOfSupply: Number(values.yearOfSupply),
    maturity: values.maturity as PriceAlertDraft['maturity'],
    market: values.market as PriceAlertDraft['market'],
    direction: values.direction as PriceAlertDraft['direction'],
    price: normalisedPrice(values.price),
    recipients: values.recipients.map(Number),
    expiresOn: values.expiresOn,
  };
}

/** Which field a server's field code belongs to (details.field), when it is one of the form's. */
export function serverFieldError(
  code: string,
  field: unknown,
): { field: AlertField; code: FieldErrorCode } | null {
  if (!isFieldErrorCode(code) || typeof field !== 'string') return null;
  const fields: readonly string[] = [
    'contract',
    'part',
    'yearOfSupply',
    'maturity',
    'market',
    'direction',
    'price',
    'recipients',
    'expiresOn',
  ];
  const name = field.split('/')[0] ?? '';
  return fields.includes(name) ? { field: name as AlertField, code } : null;
}
