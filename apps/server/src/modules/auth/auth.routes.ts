import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangePasswordBodySchema,
  InvalidCredentialsSchema,
  LiftLoginThrottleBodySchema,
  LiftLoginThrottleResultSchema,
  LocaleSchema,
  LoginAsBodySchema,
  LoginBodySchema,
  LogoutBodySchema,
  UserSessionSchema,
  AUTH_PATHS,
} from '@klik/api';
import { AppError } from '../../kernel/http/app-error';
import { sessionOf, type AuthGuards } from '../../kernel/auth/auth-guards';
import type { RequestInfo } from '../../kernel/auth/auth-context';
import type { AuthService } from './auth.service';

export interface AuthRoutesOptions {
  auth: AuthService;
  guards: AuthGuards;
}

export function requestInfo(request: FastifyRequest): RequestInfo {
  // Kept for the session list; a header of any length must not grow the sessions table.
  const userAgent = request.headers['user-agent']?.replaceAll('\u0000', '').slice(0, 512) ?? null;
  return { ip: request.ip, userAgent };
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, guards },
) => {
  app.post(
    AUTH_PATHS.login,
    {
      schema: {
        tags: ['authentication'],
        summary: 'Sign in with username and password',
        description:
          '403 INVALID_CREDENTIALS: wrong username or password. A session whose ' +
          'mustChangePassword is true must first POST /rest/authentication/changePassword with ' +
          'its token; until then every other call but setLocale and logout answers 428 ' +
          'PASSWORD_CHANGE_REQUIRED.',
        body: LoginBodySchema,
        response: { 200: UserSessionSchema, 403: InvalidCredentialsSchema },
      },
    },
    async (request) =>
      auth.login(
        request.body.username,
        request.body.password,
        requestInfo(request),
        request.body.totpCode,
      ),
  );

  app.post(
    AUTH_PATHS.loginAs,
    {
      preHandler: guards.requireAuth,
      schema: {
        tags: ['authentication'],
        summary:
          'Admin, account manager or TPI consultant signs in as a customer-side user (username as body)',
        body: LoginAsBodySchema,
        response: { 200: UserSessionSchema },
      },
    },
    async (request) => auth.loginAs(sessionOf(request), request.body, requestInfo(request)),
  );

  app.post(
    AUTH_PATHS.liftLoginThrottle,
    {
      preHandler: guards.requirePermission('loginThrottle.lift'),
      schema: {
        tags: ['authentication'],
        summary:
          'Lift the sign-in throttle of an account, from one address or from all (admin; docs/security.md)',
        security: [{ session: [] }],
        body: LiftLoginThrottleBodySchema,
        response: { 200: LiftLoginThrottleResultSchema },
      },
    },
    async (request) =>
      auth.liftLoginThrottle(sessionOf(request), request.body, requestInfo(request)),
  );

  app.post(
    AUTH_PATHS.changePassword,
    {
      preHandler: guards.requireAuth,
      config: { allowWithInitialPassword: true, allowWithoutSecondFactor: true },
      schema: {
        tags: ['authentication'],
        summary:
          "Change the signed-in user's password (also an initial one); their other sessions end",
        description:
          'The way out of an initial password: a session signed in with mustChangePassword ' +
          'true may call this (and setLocale, logout) only; after the 204 the same token is ' +
          'served everywhere.',
        security: [{ session: [] }],
        body: ChangePasswordBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await auth.changePassword(sessionOf(request), request.body, requestInfo(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    AUTH_PATHS.logout,
    {
      schema: {
        tags: ['authentication'],
        summary: 'Revoke the session whose token is the body',
        body: LogoutBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await auth.logout(request.body, requestInfo(request));
      return reply.status(204).send(null);
    },
  );

  app.put(
    AUTH_PATHS.setLocale,
    {
      preHandler: guards.requireAuth,
      config: { allowWithInitialPassword: true, allowWithoutSecondFactor: true },
      schema: {
        tags: ['authentication'],
        summary: "Store the signed-in user's language",
        params: z.object({ locale: z.string() }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const locale = LocaleSchema.safeParse(request.params.locale);
      if (!locale.success) throw new AppError('VALIDATION_FAILED');
      await auth.setLocale(sessionOf(request), locale.data, requestInfo(request));
      return reply.status(204).send(null);
    },
  );
};
