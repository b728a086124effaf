import type { z } from 'zod';
import {
  CreateAccountManagerBodySchema,
  CreateUserBodySchema,
  CreateViewOnlyUserBodySchema,
  ErrorCodeSchema,
  UpdateUserBodySchema,
  type AdminUser,
  type ErrorCode,
  type Locale,
  type Role,
} from '@klik/api';

/**
 * What the user form edits: `edit` one user, `create` a user (admins, account managers),
 * `viewOnly` (addviewonlyuser), `accountManager` (addaccountmanager).
 */
export type UserFormMode = 'edit' | 'create' | 'viewOnly' | 'accountManager';

export interface CustomerRightsValue {
  customerId: number;
  customerName: string;
  readOnly: boolean;
  clickAuthorized: boolean;
}

/** What every account form asks, whatever the role: how the account signs in and who it is. */
export interface AccountValues {
  username: string;
  initialPassword: string;
  name: string;
  email: string;
  mobile: string;
  locale: Locale;
}

export const ACCOUNT_FIELDS = [
  'username',
  'initialPassword',
  'name',
  'email',
  'mobile',
  'locale',
] as const satisfies readonly (keyof AccountValues)[];

export const EMPTY_ACCOUNT: AccountValues = {
  username: '',
  initialPassword: '',
  name: '',
  email: '',
  mobile: '',
  locale: 'nl',
};

/** A saved user's account values; its password is never read back, so that stays empty. */
export function accountValuesOf(user: AdminUser): AccountValues {
  return {
    ...EMPTY_ACCOUNT,
    username: user.username,
    name: user.name,
    email: user.email ?? '',
    mobile: user.mobile ?? '',
    locale: user.locale,
  };
}

export interface UserFormValues extends AccountValues {
  role: Role;
  readOnly: boolean;
  clickAuthorized: boolean;
  allowTPIPage: boolean;
  manageUsers: boolean;
  customers: CustomerRightsValue[];
}

export const USER_FORM_FIELDS = [
  ...ACCOUNT_FIELDS,
  'role',
  'readOnly',
  'clickAuthorized',
  'allowTPIPage',
  'manageUsers',
  'customers',
] as const satisfies readonly (keyof UserFormValues)[];
export type UserFormField = (typeof USER_FORM_FIELDS)[number];

/** A field's error: an error code, whose text is in the catalogues. */
export type FieldErrors = Partial<Record<UserFormField, ErrorCode>>;

export function emptyUserForm(overrides: Partial<UserFormValues> = {}): UserFormValues {
  return {
    ...EMPTY_ACCOUNT,
    role: 'customer',
    readOnly: false,
    clickAuthorized: true,
    allowTPIPage: false,
    manageUsers: false,
    customers: [],
    ...overrides,
  };
}

export function userFormOf(user: AdminUser): UserFormValues {
  return emptyUserForm({
    ...accountValuesOf(user),
    role: user.role,
    readOnly: user.readOnly,
    clickAuthorized: user.clickAuthorized,
    allowTPIPage: user.allowTPIPage,
    manageUsers: user.manageUsers,
    customers: user.customers.map(({ customerId, customerName, readOnly, clickAuthorized }) => ({
      customerId,
      customerName,
      readOnly,
      clickAuthorized,
    })),
  });
}

/** Who the account is, as every request that creates or changes one sends it. */
export function details(values: AccountValues) {
  return {
    name: values.name,
    email: values.email,
    mobile: values.mobile.trim() === '' ? null : values.mobile,
    locale: values.locale,
  };
}

// No initial password: the server e-mails the new user an invitation to choose one.
export const credentials = (values: AccountValues) => ({
  username: values.username,
  ...(values.initialPassword === '' ? {} : { initialPassword: values.initialPassword }),
});

/** Role, flags and customers; a flag that does not belong to the role is sent as false. */
const roleAndRights = (values: UserFormValues) => ({
  role: values.role,
  readOnly: values.readOnly,
  clickAuthorized: values.clickAuthorized,
  allowTPIPage: values.role === 'consultant' && values.allowTPIPage,
  manageUsers: values.role === 'customer' && values.manageUsers,
  customers: values.customers.map(({ customerId, readOnly, clickAuthorized }) => ({
    customerId,
    readOnly,
    clickAuthorized,
  })),
});
const customerIds = (values: UserFormValues) => values.customers.map((link) => link.customerId);

/** The request body of a mode, before its schema checks it. */
function bodyOf(mode: UserFormMode, values: UserFormValues, version: number) {
  switch (mode) {
    case 'edit':
      return {
        schema: UpdateUserBodySchema as z.ZodType,
        body: { version, ...details(values), ...roleAndRights(values) },
      };
    case 'create':
      return {
        schema: CreateUserBodySchema as z.ZodType,
        body: { ...credentials(values), ...details(values), ...roleAndRights(values) },
      };
    case 'viewOnly':
      return {
        schema: CreateViewOnlyUserBodySchema as z.ZodType,
        body: { ...credentials(values), ...details(values), customerIds: customerIds(values) },
      };
    case 'accountManager':
      return {
        schema: CreateAccountManagerBodySchema as z.ZodType,
        body: {
          ...credentials(values),
          ...details(values),
          readOnly: values.readOnly,
          customerIds: customerIds(values),
        },
      };
  }
}

/** A schema's message as the error code it names, or VALIDATION_FAILED. */
export function asCode(message: string): ErrorCode {
  const parsed = ErrorCodeSchema.safeParse(message);
  return parsed.success ? parsed.data : 'VALIDATION_FAILED';
}

/** The body's fields by the form's fields (customerIds is the form's customers). */
function formFieldOf(path: PropertyKey | undefined): UserFormField | null {
  if (path === 'customerIds') return 'customers';
  return (USER_FORM_FIELDS as readonly PropertyKey[]).includes(path ?? '')
    ? (path as UserFormField)
    : null;
}

export type CheckedForm<F extends string = UserFormField> =
  | { ok: true; body: unknown }
  | { ok: false; errors: Partial<Record<F, ErrorCode>>; formError: ErrorCode | null };

/**
 * Checks a form's request body with the very schema the server validates with, so a field shows
 * the message the server would answer with (spec section 5), before anything is sent. `fieldOf`
 * names the form's field an issue is about (by its code and the body's field), or null.
 */
export function checkWithSchema<F extends string>(
  schema: z.ZodType,
  body: unknown,
  fieldOf: (code: ErrorCode, path: PropertyKey | undefined) => F | null,
): CheckedForm<F> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Partial<Record<F, ErrorCode>> = {};
  let formError: ErrorCode | null = null;
  for (const issue of parsed.error.issues) {
    const code = asCode(issue.message);
    const field = fieldOf(code, issue.path[0]);
    if (field === null) formError ??= code;
    else errors[field] ??= code;
  }
  return { ok: false, errors, formError };
}

/** Checks the user form (see checkWithSchema). */
export function checkUserForm(
  mode: UserFormMode,
  values: UserFormValues,
  version = 1,
): CheckedForm {
  const { schema, body } = bodyOf(mode, values, version);
  return checkWithSchema(schema, body, (_code, path) => formFieldOf(path));
}

/** The field a server's refusal is about, so its text stands beside that field. */
export function fieldOfServerError(
  code: string,
  detailsField?: string | null,
): UserFormField | null {
  const named = formFieldOf(detailsField ?? undefined);
  if (named) return named;
  if (code.startsWith('USERNAME_')) return 'username';
  if (code.startsWith('EMAIL_') || code === 'USER_NOT_UNIQUE') return 'email';
  if (code.startsWith('NAME_')) return 'name';
  if (code === 'MOBILE_INVALID') return 'mobile';
  if (code.startsWith('PASSWORD_')) return 'initialPassword';
  return null;
}

/** How to tell the fields of a form whose saved value differs between two versions of a user. */
export function changedFieldsOf<F extends string>(
  fields: readonly F[],
  formOf: (user: AdminUser) => Record<F, unknown>,
): (before: AdminUser, after: AdminUser) => F[] {
  return (before, after) => {
    const a = formOf(before);
    const b = formOf(after);
    return fields.filter((field) => JSON.stringify(a[field]) !== JSON.stringify(b[field]));
  };
}

/** The fields whose saved value differs between two versions of a user. */
export const changedFields = changedFieldsOf(USER_FORM_FIELDS, userFormOf);
