import type { z } from 'zod';
import {
  CreateConsultantBodySchema,
  UpdateConsultantBodySchema,
  type AdminUser,
  type ErrorCode,
} from '@klik/api';
import type { CustomerChoice } from '../api/use-customer-choices';
import {
  ACCOUNT_FIELDS,
  accountValuesOf,
  changedFieldsOf,
  checkWithSchema,
  credentials,
  details,
  EMPTY_ACCOUNT,
  fieldOfServerError,
  type AccountValues,
  type CheckedForm,
} from './user-form';

/** What the consultant form edits: a new consultant, or one on the version read. */
export type ConsultantFormMode = 'create' | 'edit';

export interface ConsultantFormValues extends AccountValues {
  allowTPIPage: boolean;
  customers: CustomerChoice[];
  /** Customers the consultant may not click for (no mandate, docs/tpi.md); edit only. */
  withoutMandate: number[];
}

export const CONSULTANT_FORM_FIELDS = [
  ...ACCOUNT_FIELDS,
  'allowTPIPage',
  'customers',
  'withoutMandate',
] as const satisfies readonly (keyof ConsultantFormValues)[];
export type ConsultantFormField = (typeof CONSULTANT_FORM_FIELDS)[number];

export type ConsultantFieldErrors = Partial<Record<ConsultantFormField, ErrorCode>>;

export function emptyConsultantForm(): ConsultantFormValues {
  return {
    ...EMPTY_ACCOUNT,
    allowTPIPage: false,
    customers: [],
    withoutMandate: [],
  };
}

export function consultantFormOf(user: AdminUser): ConsultantFormValues {
  return {
    ...accountValuesOf(user),
    allowTPIPage: user.allowTPIPage,
    customers: user.customers.map((link) => ({ id: link.customerId, name: link.customerName })),
    withoutMandate: user.customers
      .filter((link) => !link.clickAuthorized)
      .map((link) => link.customerId),
  };
}

function bodyOf(mode: ConsultantFormMode, values: ConsultantFormValues, version: number) {
  const common = {
    ...details(values),
    allowTPIPage: values.allowTPIPage,
    customerIds: values.customers.map((customer) => customer.id),
  };
  return mode === 'create'
    ? {
        schema: CreateConsultantBodySchema as z.ZodType,
        body: { ...credentials(values), ...common },
      }
    : {
        schema: UpdateConsultantBodySchema as z.ZodType,
        body: {
          version,
          ...common,
          mandates: values.customers.map((customer) => ({
            customerId: customer.id,
            clickAuthorized: !values.withoutMandate.includes(customer.id),
          })),
        },
      };
}

/** The form's field a request's field (or a server's refusal) is about. */
export function consultantFieldOf(code: string, path?: PropertyKey): ConsultantFormField | null {
  if (code === 'CONSULTANT_NAME_NOT_UNIQUE') return 'name';
  if (path === 'customerIds') return 'customers';
  if ((CONSULTANT_FORM_FIELDS as readonly PropertyKey[]).includes(path ?? '')) {
    return path as ConsultantFormField;
  }
  const field = fieldOfServerError(code);
  return field !== null && (CONSULTANT_FORM_FIELDS as readonly string[]).includes(field)
    ? (field as ConsultantFormField)
    : null;
}

/** Checks the form with the schema the server validates with, before anything is sent. */
export function checkConsultantForm(
  mode: ConsultantFormMode,
  values: ConsultantFormValues,
  version = 1,
): CheckedForm<ConsultantFormField> {
  const { schema, body } = bodyOf(mode, values, version);
  return checkWithSchema(schema, body, consultantFieldOf);
}

/** The fields whose saved value differs between two versions of a consultant. */
export const changedConsultantFields = changedFieldsOf(CONSULTANT_FORM_FIELDS, consultantFormOf);
