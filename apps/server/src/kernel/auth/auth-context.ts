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
}

export interface RequestInfo {
  ip: string;
  userAgent: string | null;
}

/** What resolves a session token to its context; the auth module's service is the one. */
export interface Authenticator {
  authenticate(token: string, options?: { mayUseCache?: boolean }): Promise<AuthContext | null>;
}
