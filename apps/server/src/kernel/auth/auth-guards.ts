import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import {
  type ApiScope,
  PasswordChangeRequiredSchema,
  PASSWORD_CHANGE_REQUIRED_STATUS,
  principalOf,
  reachOf,
  type Action,
  type Reach,
  type Role,
} from '@klik/api';
import { AppError } from '../http/app-error';
import type { AuthContext, Authenticator } from './auth-context';
import { tokenFromAuthorizationHeader } from './session-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireAuth; null on routes that do not ask for a session. */
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** The route serves a session that must change its initial password first (changePassword). */
    allowWithInitialPassword?: boolean;
    /** The route serves an administrator who must set up their authenticator app first (myinfo). */
    allowWithoutSecondFactor?: boolean;
    /**
     * The route is part of the machine API (docs/integrations.md): besides a session, an API
     * client's access token with this scope may call it.
     */
    apiScope?: ApiScope;
  }
}

/** Checks an API client's access token on a route of the machine API (the integrations module). */
export interface MachineAuthenticator {
  /**
   * The client's context, or a refusal: 401 for a token that is not (or no longer) valid, 403
   * for a missing scope or an address outside the allow-list, 429 over the client's rate.
   */
  authenticate(
    token: string,
    request: FastifyRequest,
    reply: FastifyReply,
    scope: ApiScope,
  ): Promise<AuthContext>;
}

/** An access token is a JWT, three dot-separated parts; a session token holds no dot. */
export function isAccessToken(token: string): boolean {
  return token.split('.').length === 3;
}

export interface AuthGuards {
  requireAuth: preHandlerAsyncHookHandler;
  requireRole: (...roles: Role[]) => preHandlerAsyncHookHandler;
  /** Lets through who reaches the action at all in the permission matrix (docs/permissions.md). */
  requirePermission: (action: Action) => preHandlerAsyncHookHandler;
  /** Lets access tokens onto the routes that name an apiScope (the integrations module). */
  acceptAccessTokens: (machine: MachineAuthenticator) => void;
}

/** The session of a request that passed requireAuth. */
export function sessionOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED');
  return request.auth;
}

/** How far the caller reaches for an action (all, own or none), read-only sessions included. */
export function reachOfCaller(auth: AuthContext, action: Action): Reach {
  return reachOf(
    action,
    principalOf(auth.user.role, auth.user.manageUsers, auth.user.allowTPIPage),
    auth.user.readOnly,
  );
}

// Every guard createAuthGuards made, so the OpenAPI document can name the refusals of the routes
// they guard.
const sessionGuards = new WeakSet<object>();

function guard(handler: preHandlerAsyncHookHandler): preHandlerAsyncHookHandler {
  sessionGuards.add(handler);
  return handler;
}

/**
 * Publishes the way out of an initial password in the OpenAPI document: every route behind a
 * session guard, but those a session with an initial password may call (changePassword,
 * setLocale), names the 428 PASSWORD_CHANGE_REQUIRED answer and what to do about it. Registered
 * before the modules, so it sees each of their routes.
 */
export function documentPasswordChangeRequired(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const handlers = [route.preHandler ?? []].flat();
    if (!handlers.some((handler) => sessionGuards.has(handler))) return;
    if (route.config?.allowWithInitialPassword) return;
    const schema = route.schema ?? {};
    const response = (schema.response ?? {}) as Record<string | number, unknown>;
    route.schema = {
      ...schema,
      response: { ...response, [PASSWORD_CHANGE_REQUIRED_STATUS]: PasswordChangeRequiredSchema },
    };
  });
}

export function createAuthGuards(auth: Authenticator): AuthGuards {
  let machine: MachineAuthenticator | null = null;
  const requireAuth: preHandlerAsyncHookHandler = guard(async (request, reply) => {
    const token = tokenFromAuthorizationHeader(request.headers.authorization);
    // Only a route of the machine API takes an access token; anywhere else it is no session.
    const scope = request.routeOptions.config.apiScope;
    if (token && scope && machine && isAccessToken(token)) {
      request.auth = await machine.authenticate(token, request, reply, scope);
      return;
    }
    // Reads may use a session read a moment ago; a state change always reads it (and the user's
    // rights) from the database, so a revoked right stops the very next click.
    const mayUseCache = request.method === 'GET' || request.method === 'HEAD';
    const context = token ? await auth.authenticate(token, { mayUseCache }) : null;
    if (!context) throw new AppError('UNAUTHENTICATED');
    if (context.user.mustChangePassword && !request.routeOptions.config.allowWithInitialPassword) {
      throw new AppError('PASSWORD_CHANGE_REQUIRED');
    }
    if (context.user.secondFactorPending && !request.routeOptions.config.allowWithoutSecondFactor) {
      throw new AppError('SECOND_FACTOR_SETUP_REQUIRED');
    }
    request.auth = context;
  });
  const requireRole = (...roles: Role[]): preHandlerAsyncHookHandler =>
    guard(async function (this: unknown, request, reply) {
      await requireAuth.call(this as never, request, reply);
      if (!roles.includes(sessionOf(request).user.role)) throw new AppError('FORBIDDEN');
    });
  const requirePermission = (action: Action): preHandlerAsyncHookHandler =>
    guard(async function (this: unknown, request, reply) {
      await requireAuth.call(this as never, request, reply);
      if (reachOfCaller(sessionOf(request), action) === 'none') throw new AppError('FORBIDDEN');
    });
  const acceptAccessTokens = (authenticator: MachineAuthenticator): void => {
    machine = authenticator;
  };
  return { requireAuth, requireRole, requirePermission, acceptAccessTokens };
}
