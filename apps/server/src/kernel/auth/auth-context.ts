import type { Locale, Role } from '@klik/api';

/** Who is behind a request, resolved from its session token. */
export interface AuthContext {
  sessionId: number;
  tokenHash: string;
  user: {
    id: number;
    username: string;
    name: string;
    role: Role;
    locale: Locale;
    /** The session's effective flag: an impersonating account manager keeps their own. */
    readOnly: boolean;
    allowTPIPage: boolean;
    clickAuthorized: boolean;
    /** A customer user who manages their own company's users (docs/permissions.md). */
    manageUsers: boolean;
    /** Signed in with an initial password: only changePassword is allowed until it is changed. */
    mustChangePassword: boolean;
    /** An administrator without the required authenticator app: only myinfo until it is set up. */
    secondFactorPending?: boolean;
  };
  impersonator: { id: number; username: string; role: Role } | null;
  /**
   * Set when an API client's access token is behind the request (docs/integrations.md): the
   * request then reaches only this customer, whatever it asks for (customer-access.ts), and
   * the audit log names the client. user is then no person: id 0, role customer, never
   * click-authorised, read-only unless a write scope was granted.
   */
  apiClient?: ApiClientIdentity;
}

/** The API client behind a machine request, from its access token and its row. */
export interface ApiClientIdentity {
  /** The row id. */
  id: number;
  /** The public client id. */
  clientId: string;
  name: string;
  customerId: number;
  /** The scopes of the access token. */
  scopes: readonly string[];
}

/**
 * The person behind a request, for a column that names who made a row: null for an API client,
 * which is no user (the audit log names the client).
 */
export function personOf(auth: AuthContext): number | null {
  return auth.apiClient ? null : auth.user.id;
}

export interface RequestInfo {
  ip: string;
  userAgent: string | null;
}

/** What resolves a session token to its context; the auth module's service is the one. */
export interface Authenticator {
  authenticate(token: string, options?: { mayUseCache?: boolean }): Promise<AuthContext | null>;
}
