import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Role } from '@klik/api';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

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
}

export interface CustomersTable {
  id: Generated<number>;
  name: string;
  created_at: CreatedAt;
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
}

export interface LoginAttemptsTable {
  id: Generated<string>;
  at: Date;
  username_key: string;
  ip: string;
  succeeded: boolean;
}

export interface TradingStatusTable {
  id: Generated<boolean>;
  pauze_active: boolean;
  updated_at: Date;
  updated_by: number | null;
}

export interface Database {
  roles: RolesTable;
  users: UsersTable;
  customers: CustomersTable;
  dashboards: DashboardsTable;
  user_customers: UserCustomersTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  login_attempts: LoginAttemptsTable;
  trading_status: TradingStatusTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
