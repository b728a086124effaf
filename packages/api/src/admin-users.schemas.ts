import { z } from 'zod';
import {
  BooleanParamSchema,
  NameSchema,
  PageQuerySchema,
  PageSchema,
  SearchParamSchema,
  SortParamSchema,
  VersionSchema,
} from './admin.schemas';
import { NewPasswordSchema, RoleSchema } from './auth.schemas';
import { IdParamSchema, IdSchema, TextSchema } from './bounded.schemas';
import { LocaleSchema } from './locale.schemas';

/*
 * Users in the administrative area (manageusers, edit user, addviewonlyuser, addaccountmanager,
 * editconsultant, editusers). Rights: docs/permissions.md.
 */

/** Letters, digits and . _ @ -, 3 to 100 characters, starting with a letter or digit. */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]{2,99}$/;

/** A new user's username: unique regardless of case (USERNAME_NOT_UNIQUE). */
export const NewUsernameSchema = TextSchema(100, {
  required: 'USERNAME_REQUIRED',
  invalid: 'USERNAME_INVALID',
})
  .trim()
  .min(1, { error: 'USERNAME_REQUIRED' })
  .regex(USERNAME_PATTERN, { error: 'USERNAME_INVALID' });

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** An e-mail address, stored in lower case; unique over all users (USER_NOT_UNIQUE). */
export const EmailSchema = TextSchema(254, { required: 'EMAIL_REQUIRED', invalid: 'EMAIL_INVALID' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'EMAIL_REQUIRED' })
  .regex(EMAIL_PATTERN, { error: 'EMAIL_INVALID' });

/** E.164: +, a country code and the number, 8 to 15 digits in all. */
export const E164_PATTERN = /^\+[1-9]\d{7,14}$/;

/**
 * A mobile number for SMS verification, in E.164 (+31612345678); spaces, dashes, dots and
 * brackets are removed first. null: none.
 */
export const MobileSchema = TextSchema(32, { invalid: 'MOBILE_INVALID' })
  .transform((value) => value.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(E164_PATTERN, { error: 'MOBILE_INVALID' }))
  .nullable();

/** A user's rights for one of their customers; the user's own readOnly and clickAuthorized apply too. */
export const CustomerRightsInputSchema = z.object({
  customerId: IdSchema,
  readOnly: z.boolean().default(false),
  /** Allowed to click for this customer (without it: DC_34). */
  clickAuthorized: z.boolean().default(true),
});
export type CustomerRightsInput = z.infer<typeof CustomerRightsInputSchema>;

const CustomerRightsListSchema = z
  .array(CustomerRightsInputSchema)
  .max(500)
  .refine(
    (links) => new Set(links.map((link) => link.customerId)).size === links.length,
    'each customer once',
  );

/** A customer as a user holds it. */
export const UserCustomerSchema = z.object({
  customerId: z.number().int(),
  customerName: z.string(),
  customerActive: z.boolean(),
  readOnly: z.boolean(),
  clickAuthorized: z.boolean(),
});

/** A user as the administrative screens show them (never a password or its hash). */
export const AdminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  locale: LocaleSchema,
  role: RoleSchema,
  /** The whole user is read-only (their sessions change nothing). */
  readOnly: z.boolean(),
  /** Allowed to click at all; each customer says so as well. */
  clickAuthorized: z.boolean(),
  /** A TPI consultant. */
  allowTPIPage: z.boolean(),
  /** A customer user who manages the users of their own customers. */
  manageUsers: z.boolean(),
  /** False: deactivated; cannot sign in. */
  active: z.boolean(),
  /** Signed in with an initial password that must still be changed. */
  mustChangePassword: z.boolean(),
  /** The customers of a customer-side user; an account manager's portfolio. */
  customers: z.array(UserCustomerSchema),
  createdAt: z.iso.datetime(),
  version: z.number().int(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const USER_SORT_FIELDS = ['username', 'name', 'email', 'role', 'createdAt'] as const;

/** GET users: every filter optional; q matches username, name or e-mail (part, any case). */
export const UserListQuerySchema = PageQuerySchema.extend({
  q: SearchParamSchema.optional(),
  role: RoleSchema.optional(),
  customerId: IdParamSchema.optional(),
  active: BooleanParamSchema.optional(),
  sort: SortParamSchema(USER_SORT_FIELDS).default('username'),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

export const UserListSchema = PageSchema(AdminUserSchema);
export type UserList = z.infer<typeof UserListSchema>;

export const UserParamsSchema = z.object({ userId: IdParamSchema });

const UserDetailsShape = {
  name: NameSchema,
  email: EmailSchema,
  mobile: MobileSchema.default(null),
  locale: LocaleSchema.default('nl'),
};

/**
 * POST users: a user with an initial password that must be changed at the first sign-in, or
 * without one, invited by e-mail to choose it.
 * Account managers create customer and consultant users of their portfolio only.
 */
export const CreateUserBodySchema = z.object({
  username: NewUsernameSchema,
  ...UserDetailsShape,
  role: RoleSchema,
  readOnly: z.boolean().default(false),
  clickAuthorized: z.boolean().default(true),
  /** Consultants only; ignored for other roles. */
  allowTPIPage: z.boolean().default(false),
  /** Customer users only; ignored for other roles. */
  manageUsers: z.boolean().default(false),
  /** For admins: none. For an account manager: the portfolio. */
  customers: CustomerRightsListSchema.default([]),
  /** None: the user gets an invitation e-mail to choose their password (valid 7 days). */
  initialPassword: NewPasswordSchema.optional(),
});
export type CreateUserBody = z.infer<typeof CreateUserBodySchema>;

/** POST users/viewonly (addviewonlyuser): a read-only customer user who may not click. */
export const CreateViewOnlyUserBodySchema = z.object({
  username: NewUsernameSchema,
  ...UserDetailsShape,
  customerIds: z.array(IdSchema).min(1).max(500),
  /** None: the user gets an invitation e-mail to choose their password (valid 7 days). */
  initialPassword: NewPasswordSchema.optional(),
});
export type CreateViewOnlyUserBody = z.infer<typeof CreateViewOnlyUserBodySchema>;

/**
 * PUT users/{id}: the whole editable user, on the version read. Nobody gives anyone a right
 * they do not have themselves (RIGHTS_EXCEEDED); nobody changes their own role or rights or
 * leaves their own customers (CANNOT_REMOVE_SELF).
 */
export const UpdateUserBodySchema = z.object({
  version: VersionSchema,
  ...UserDetailsShape,
  role: RoleSchema,
  readOnly: z.boolean(),
  clickAuthorized: z.boolean(),
  allowTPIPage: z.boolean(),
  manageUsers: z.boolean(),
  customers: CustomerRightsListSchema,
});
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

/** PUT users/{id}/password: a new initial password, to be changed at the next sign-in. */
export const ResetPasswordBodySchema = z.object({
  version: VersionSchema,
  initialPassword: NewPasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

/** POST accountmanagers (addaccountmanager): an account manager and their portfolio. */
export const CreateAccountManagerBodySchema = z.object({
  username: NewUsernameSchema,
  ...UserDetailsShape,
  /** Sees everything in the portfolio but changes nothing. */
  readOnly: z.boolean().default(false),
  customerIds: z.array(IdSchema).max(500).default([]),
  /** None: the user gets an invitation e-mail to choose their password (valid 7 days). */
  initialPassword: NewPasswordSchema.optional(),
});
export type CreateAccountManagerBody = z.infer<typeof CreateAccountManagerBodySchema>;

/** PUT accountmanagers/{id}/portfolio: the customers the account manager works for. */
export const PortfolioBodySchema = z.object({
  version: VersionSchema,
  customerIds: z.array(IdSchema).max(500),
});
export type PortfolioBody = z.infer<typeof PortfolioBodySchema>;

/** POST consultants: a consultant (name unique among consultants: CONSULTANT_NAME_NOT_UNIQUE). */
export const CreateConsultantBodySchema = z.object({
  username: NewUsernameSchema,
  ...UserDetailsShape,
  /** A TPI consultant: lands on the overview page. */
  allowTPIPage: z.boolean().default(false),
  customerIds: z.array(IdSchema).max(500).default([]),
  /** None: the user gets an invitation e-mail to choose their password (valid 7 days). */
  initialPassword: NewPasswordSchema.optional(),
});
export type CreateConsultantBody = z.infer<typeof CreateConsultantBodySchema>;

/**
 * The consultant's mandate for one customer: whether their link to it may click (docs/tpi.md,
 * "The mandate").
 */
export const ConsultantMandateSchema = z.object({
  customerId: IdSchema,
  clickAuthorized: z.boolean(),
});

/** PUT consultants/{id} (editconsultant). */
export const UpdateConsultantBodySchema = z
  .object({
    version: VersionSchema,
    ...UserDetailsShape,
    allowTPIPage: z.boolean(),
    customerIds: z.array(IdSchema).max(500),
    /**
     * The click right per customer; a customer not named keeps its own (a new one may click).
     * Each must be one of customerIds, once.
     */
    mandates: z.array(ConsultantMandateSchema).max(500).default([]),
  })
  .refine(
    (body) =>
      new Set(body.mandates.map((mandate) => mandate.customerId)).size === body.mandates.length &&
      body.mandates.every((mandate) => body.customerIds.includes(mandate.customerId)),
    { message: 'a mandate for each of the customers at most once', path: ['mandates'] },
  );
export type UpdateConsultantBody = z.infer<typeof UpdateConsultantBodySchema>;
