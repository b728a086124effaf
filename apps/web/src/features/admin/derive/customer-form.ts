import {
  CreateCustomerBodySchema,
  UpdateCustomerBodySchema,
  type CreateCustomerBody,
  type CustomerDetail,
  type ErrorCode,
  type UpdateCustomerBody,
} from '@klik/api';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { errorCodeOf } from './form-failure';
import { asCode } from './user-form';

/** A field's message: a server error code, or a text of the web's own (a number the form reads). */
export type FieldMessage = { code: ErrorCode } | { key: MessageKey };

/** How a refused customer save is shown: at the name, as a stale version, or above the form. */
export type CustomerFailure =
  { kind: 'name'; code: ErrorCode } | { kind: 'conflict' } | { kind: 'form'; code: ErrorCode };

export function customerFailureOf(error: unknown): CustomerFailure {
  const code = errorCodeOf(error);
  if (code === 'VERSION_CONFLICT') return { kind: 'conflict' };
  if (code === 'CUSTOMER_NAME_NOT_UNIQUE' || code.startsWith('NAME_'))
    return { kind: 'name', code };
  return { kind: 'form', code };
}

export interface ClickLimitValues {
  contractId: string;
  /** '' is no limit. */
  maxClicksPerYear: string;
  minClickPercentage: string;
}

export interface CustomerSettingsValues {
  name: string;
  requireSms: boolean;
  requireApproval: boolean;
  allowTotp: boolean;
  ssoLinkByEmail: boolean;
  clickLimits: ClickLimitValues[];
}

export function settingsOf(customer: CustomerDetail): CustomerSettingsValues {
  return {
    name: customer.name,
    requireSms: customer.requireSms,
    requireApproval: customer.requireApproval,
    allowTotp: customer.allowTotp ?? false,
    ssoLinkByEmail: customer.ssoLinkByEmail ?? false,
    clickLimits: customer.clickLimits.map((limit) => ({
      contractId: limit.contractId,
      maxClicksPerYear: limit.maxClicksPerYear === null ? '' : String(limit.maxClicksPerYear),
      minClickPercentage: limit.minClickPercentage,
    })),
  };
}

export interface SettingsErrors {
  name?: ErrorCode;
  /** By contract id. */
  maxClicksPerYear?: Record<string, MessageKey>;
  minClickPercentage?: Record<string, ErrorCode>;
}

export type CheckedSettings =
  | { ok: true; body: UpdateCustomerBody }
  | { ok: false; errors: SettingsErrors; formError: ErrorCode | null };

const MAX_CLICKS = /^[1-9]\d{0,4}$/;

/** The number of clicks a year as typed: '' is none (null), anything but 1 to 10 000 is refused. */
function maxClicksOf(typed: string): number | null | undefined {
  const value = typed.trim();
  if (value === '') return null;
  if (!MAX_CLICKS.test(value) || Number(value) > 10_000) return undefined;
  return Number(value);
}

/**
 * Checks the settings with the server's own schema. Only the contracts whose limits changed are
 * sent, as the call asks; a percentage is compared as typed, so '10' and '10.00' both count as
 * changed only when the text differs.
 */
export function checkSettings(
  values: CustomerSettingsValues,
  base: CustomerDetail,
): CheckedSettings {
  const errors: SettingsErrors = {};
  const before = new Map(settingsOf(base).clickLimits.map((limit) => [limit.contractId, limit]));
  const changed = values.clickLimits.filter((limit) => {
    const old = before.get(limit.contractId);
    return (
      old === undefined ||
      old.maxClicksPerYear !== limit.maxClicksPerYear.trim() ||
      old.minClickPercentage !== limit.minClickPercentage.trim()
    );
  });
  const clickLimits = changed.map((limit) => {
    const maxClicksPerYear = maxClicksOf(limit.maxClicksPerYear);
    if (maxClicksPerYear === undefined) {
      errors.maxClicksPerYear = {
        ...errors.maxClicksPerYear,
        [limit.contractId]: 'admin.customer.limits.maxClicksInvalid',
      };
    }
    return {
      contractId: limit.contractId,
      maxClicksPerYear: maxClicksPerYear ?? null,
      minClickPercentage: limit.minClickPercentage.trim(),
    };
  });
  const parsed = UpdateCustomerBodySchema.safeParse({
    version: base.version,
    name: values.name,
    requireSms: values.requireSms,
    requireApproval: values.requireApproval,
    allowTotp: values.allowTotp,
    ssoLinkByEmail: values.ssoLinkByEmail,
    clickLimits,
  });
  let formError: ErrorCode | null = null;
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [field, index, inner] = issue.path;
      const contractId = typeof index === 'number' ? clickLimits[index]?.contractId : undefined;
      if (field === 'name') errors.name ??= asCode(issue.message);
      else if (inner === 'minClickPercentage' && contractId !== undefined) {
        // The first problem of a field is its message (an empty one is required, not invalid).
        const byContract = (errors.minClickPercentage ??= {});
        byContract[contractId] ??= asCode(issue.message);
      } else if (inner !== 'maxClicksPerYear') formError ??= asCode(issue.message);
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) {
    return { ok: false, errors, formError };
  }
  return { ok: true, body: parsed.data };
}

export interface NewCustomerValues {
  name: string;
  requireSms: boolean;
  requireApproval: boolean;
  /** Names of the first dashboards; empty rows are left out. */
  dashboards: string[];
}

export type CheckedNewCustomer =
  | { ok: true; body: CreateCustomerBody }
  | {
      ok: false;
      name: ErrorCode | null;
      dashboards: Record<number, ErrorCode>;
      formError: ErrorCode | null;
    };

/** Checks a new customer with the server's schema; a dashboard row left empty is not a dashboard. */
export function checkNewCustomer(values: NewCustomerValues): CheckedNewCustomer {
  const rows = values.dashboards
    .map((name, row) => ({ name, row }))
    .filter(({ name }) => name.trim() !== '');
  const parsed = CreateCustomerBodySchema.safeParse({
    name: values.name,
    requireSms: values.requireSms,
    requireApproval: values.requireApproval,
    dashboards: rows.map(({ name }) => name),
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  let name: ErrorCode | null = null;
  let formError: ErrorCode | null = null;
  const dashboards: Record<number, ErrorCode> = {};
  for (const issue of parsed.error.issues) {
    const [field, index] = issue.path;
    const row = typeof index === 'number' ? rows[index]?.row : undefined;
    if (field === 'name') name ??= asCode(issue.message);
    else if (field === 'dashboards' && row !== undefined) dashboards[row] ??= asCode(issue.message);
    else formError ??= asCode(issue.message);
  }
  return { ok: false, name, dashboards, formError };
}
