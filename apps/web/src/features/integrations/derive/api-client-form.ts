import {
  API_SCOPES,
  IP_ALLOW_LIST_MAX,
  IpAllowEntrySchema,
  isFieldErrorCode,
  type ApiScope,
  type CreateApiClientBody,
  type FieldErrorCode,
} from '@klik/api';
import { addDays, amsterdamInstant } from '@klik/domain';

export interface ApiClientFormValues {
  name: string;
  scopes: ApiScope[];
  /** One address or CIDR range a line; empty: any address. */
  ipAllowList: string;
  /** YYYY-MM-DD, the last day the client works; empty: no expiry. */
  expiresOn: string;
}

export type ApiClientField = 'name' | 'scopes' | 'ipAllowList' | 'expiresOn';
export type ApiClientFormErrors = Partial<Record<ApiClientField, FieldErrorCode>>;

export const EMPTY_API_CLIENT_FORM: ApiClientFormValues = {
  name: '',
  scopes: [],
  ipAllowList: '',
  expiresOn: '',
};

function entriesOf(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/**
 * The same rules as CreateApiClientBodySchema, checked before sending so each message stands at
 * its field; the server checks again and its answer lands at the same field (serverField).
 */
export function validateApiClientForm(
  values: ApiClientFormValues,
  today: string,
): ApiClientFormErrors {
  const found: ApiClientFormErrors = {};
  if (values.name.trim() === '') found.name = 'NAME_REQUIRED';
  else if (values.name.trim().length > 100) found.name = 'NAME_INVALID';
  if (values.scopes.length === 0) found.scopes = 'SCOPES_REQUIRED';
  const entries = entriesOf(values.ipAllowList);
  if (
    entries.length > IP_ALLOW_LIST_MAX ||
    entries.some((entry) => !IpAllowEntrySchema.safeParse(entry).success)
  ) {
    found.ipAllowList = 'IP_ALLOW_LIST_INVALID';
  }
  // The expiry is the end of the chosen day, so today itself is still in the future.
  if (values.expiresOn !== '' && values.expiresOn < today)
    found.expiresOn = 'CLIENT_EXPIRY_INVALID';
  return found;
}

/** The request body: scopes in the contract's order, the expiry at the end of its Amsterdam day. */
export function apiClientBodyOf(values: ApiClientFormValues): CreateApiClientBody {
  return {
    name: values.name.trim(),
    scopes: API_SCOPES.filter((scope) => values.scopes.includes(scope)),
    ipAllowList: entriesOf(values.ipAllowList),
    expiresAt:
      values.expiresOn === ''
        ? null
        : amsterdamInstant(addDays(values.expiresOn, 1), { hour: 0, minute: 0 }).toISOString(),
  };
}

const FIELD_OF_DETAIL: Readonly<Record<string, ApiClientField>> = {
  name: 'name',
  scopes: 'scopes',
  ipAllowList: 'ipAllowList',
  expiresAt: 'expiresOn',
};

const FIELD_OF_CODE: Partial<Record<FieldErrorCode, ApiClientField>> = {
  NAME_REQUIRED: 'name',
  NAME_INVALID: 'name',
  SCOPES_REQUIRED: 'scopes',
  IP_ALLOW_LIST_INVALID: 'ipAllowList',
  CLIENT_EXPIRY_INVALID: 'expiresOn',
};

/**
 * Where a refusal belongs: a field code at its field; VALIDATION_FAILED at the field its details
 * name (with the field's own generic message). Null: a refusal of the whole form.
 */
export function serverField(
  code: string,
  detailField: unknown,
): { field: ApiClientField; code: FieldErrorCode } | null {
  if (isFieldErrorCode(code)) {
    const field = FIELD_OF_CODE[code];
    return field ? { field, code } : null;
  }
  if (code !== 'VALIDATION_FAILED' || typeof detailField !== 'string') return null;
  const field = FIELD_OF_DETAIL[detailField.split('.')[0] ?? ''];
  if (!field) return null;
  const fallback: Record<ApiClientField, FieldErrorCode> = {
    name: 'NAME_INVALID',
    scopes: 'SCOPES_REQUIRED',
    ipAllowList: 'IP_ALLOW_LIST_INVALID',
    expiresOn: 'CLIENT_EXPIRY_INVALID',
  };
  return { field, code: fallback[field] };
}
