import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Role } from '@klik/api';
import { AppError } from '../../http/app-error';
import type { AuthContext, AuthService } from './auth.service';
import { tokenFromAuthorizationHeader } from './session-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireAuth; null on routes that do not ask for a session. */
    auth: AuthContext | null;
  }
}

export interface AuthGuards {
  requireAuth: preHandlerAsyncHookHandler;
  requireRole: (...roles: Role[]) => preHandlerAsyncHookHandler;
}

/** The session of a request that passed requireAuth. */
export function sessionOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED');
  return request.auth;
}

export function createAuthGuards(auth: AuthService): AuthGuards {
  const requireAuth: preHandlerAsyncHookHandler = async (request) => {
    const token = tokenFromAuthorizationHeader(request.headers.authorization);
    // Reads may use a session read a moment ago; a state change always reads it (and the user's
    // rights) from the database, so a revoked right stops the very next click.
    const mayUseCache = request.method === 'GET' || request.method === 'HEAD';
    const context = token ? await auth.authenticate(token, { mayUseCache }) : null;
    if (!context) throw new AppError('UNAUTHENTICATED');
    request.auth = context;
  };
  const requireRole = (...roles: Role[]): preHandlerAsyncHookHandler =>
    async function (this: unknown, request, reply) {
      await requireAuth.call(this as never, request, reply);
      if (!roles.includes(sessionOf(request).user.role)) throw new AppError('FORBIDDEN');
    };
  return { requireAuth, requireRole };
}
