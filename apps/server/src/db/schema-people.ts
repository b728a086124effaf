import type { ColumnType, Generated } from 'kysely';
import type { Role } from '@klik/api';
import type { CreatedAt } from './schema-columns';

// Tables of the people in the portal: users, customers, sessions, sign-in and the audit log.

export interface RolesTable {
  name: Role;
  description: string;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  name: string;
  password_hash: string;
  role: Role;
  locale: string;
  read_only: Generated<boolean>;
  allow_tpi_page: Generated<boolean>;
  click_authorized: Generated<boolean>;
  email: string | null;
  created_at: CreatedAt;
  disabled: Generated<boolean>;
  /** For SMS verification of clicks (0004). */
  mobile: ColumnType<string | null, string | null | undefined, string | null>;
  /** Raised by every administrative edit; a stale edit is refused (0007). */
  version: Generated<number>;
  /** Set with an initial password: the next sign-in must change it (0007). */
  must_change_password: Generated<boolean>;
  /** A customer user who manages their own company's users (0007). */
  manage_users: Generated<boolean>;
}

export interface CustomersTable {
  id: Generated<number>;
  name: string;
  created_at: CreatedAt;
  require_sms: Generated<boolean>;
  require_approval: Generated<boolean>;
  /** False: deactivated; its users cannot sign in for it and its contracts cannot be clicked. */
  active: Generated<boolean>;
  version: Generated<number>;
  /** Its users may be linked by verified e-mail on their first single sign-on (0008). */
  sso_link_by_email: Generated<boolean>;
  /** Its users may confirm clicks with an authenticator app instead of an SMS code (0011). */
  allow_totp: Generated<boolean>;
}

export interface DashboardsTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  position: Generated<number>;
  created_at: CreatedAt;
}

export interface UserCustomersTable {
  user_id: number;
  customer_id: number;
  /** Per customer; the user's own read_only and click_authorized apply as well (0007). */
  read_only: Generated<boolean>;
  click_authorized: Generated<boolean>;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  impersonator_user_id: number | null;
  read_only: boolean;
  created_at: Date;
  last_used_at: Date;
  absolute_expires_at: Date;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
  /** An administrator without the required second factor: may only set one up (0011). */
  second_factor_pending: Generated<boolean>;
}

export interface AuditLogTable {
  /** bigint: read as a string. */
  id: Generated<string>;
  at: Date;
  actor_user_id: number | null;
  actor_username: string | null;
  impersonator_user_id: number | null;
  impersonator_username: string | null;
  action: string;
  outcome: string;
  subject: string | null;
  details: ColumnType<Record<string, unknown>, string, string>;
  ip: string | null;
  /** The customers the event is about (0007). */
  customer_ids: ColumnType<number[], number[] | undefined, number[]>;
  // The hash chain (0024, docs/audit-trail.md): set by the database's trigger on insert.
  stream: ColumnType<string, never, never>;
  /** bigint: read as a string. */
  seq: ColumnType<string, never, never>;
  prev_hash: ColumnType<string, never, never>;
  hash: ColumnType<string, never, never>;
}

/** The head of a hash chain's stream (0024): written only by the chain triggers. */
export interface ChainHeadsTable {
  chain: 'audit_log' | 'click_ledger';
  stream: string;
  /** bigint: read as a string. */
  seq: string;
  hash: string;
  entry_id: string | null;
  at: Date | null;
}

export interface LoginAttemptsTable {
  id: Generated<string>;
  at: Date;
  username_key: string;
  ip: string;
  /** Null while the attempt is in flight: written before its password is checked. */
  succeeded: boolean | null;
}

/** Which user an identity of a single sign-on provider is (0008, modules/sso). */
export interface SsoIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: number;
  created_at: CreatedAt;
}

/** A single sign-on on its way through the provider; single use (0008, modules/sso). */
export interface SsoLoginsTable {
  state_hash: string;
  provider: string;
  nonce: string;
  code_verifier: string;
  browser_hash: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

/** A new mobile number waiting for the code sent to it (0010, modules/account). */
/** A user's authenticator app (0011, modules/account/totp). */
export interface UserTotpTable {
  user_id: number;
  /** Sealed with TOTP_ENCRYPTION_KEY when set (modules/account/totp.ts). */
  secret: string;
  created_at: Date;
  /** Null while pending: no code from the app has been given yet. */
  enabled_at: Date | null;
  /** The last 30-second step a code was accepted for; codes of it or earlier are refused. */
  last_used_step: number | null;
}

export interface MobileVerificationsTable {
  user_id: number;
  mobile: string;
  code_hash: string;
  sent_at: Date;
  expires_at: Date;
  attempts: Generated<number>;
}

/** A reset or invitation link; only the token's SHA-256 is kept (0009, modules/password-reset). */
export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  purpose: 'reset' | 'invitation';
  created_at: Date;
  expires_at: Date;
  /** Used, or voided by a newer link or a reset. */
  used_at: Date | null;
}

/** A forgotPassword request, counted for its throttle (0009). */
export interface PasswordResetRequestsTable {
  id: Generated<string>;
  account_key: string;
  ip: string;
  at: Date;
}
