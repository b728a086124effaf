import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_PATHS,
  AccountSchema,
  MobileChangeBodySchema,
  MobileVerificationBodySchema,
  OwnSessionParamsSchema,
  OwnSessionsSchema,
  TotpCodeBodySchema,
  TotpEnrolmentSchema,
} from '@klik/api';
import { sessionOf, type AuthGuards } from '../../kernel/auth/auth-guards';
import type { AccountService } from './account.service';
import type { TotpService } from './totp.service';

/** myinfo's calls: each works on the signed-in user's own account (docs/account.md). */
export const accountRoutes: FastifyPluginAsyncZod<{
  account: AccountService;
  totp: TotpService;
  guards: AuthGuards;
}> = async (app, { account, totp, guards }) => {
  const common = { tags: ['account'], security: [{ session: [] }] };
  // An administrator who must set up an authenticator app does so here, so all of myinfo serves
  // them (docs/security.md).
  const setup = { allowWithoutSecondFactor: true };

  app.get(
    ACCOUNT_PATHS.account,
    {
      preHandler: guards.requireAuth,
      config: setup,
      schema: {
        ...common,
        summary: 'The signed-in user: name, e-mail, language, mobile number',
        response: { 200: AccountSchema },
      },
    },
    async (request) => account.account(sessionOf(request)),
  );

  app.get(
    ACCOUNT_PATHS.sessions,
    {
      preHandler: guards.requireAuth,
      config: setup,
      schema: {
        ...common,
        summary: "The signed-in user's open sessions, the latest used first",
        response: { 200: OwnSessionsSchema },
      },
    },
    async (request) => account.sessions(sessionOf(request)),
  );

  app.delete(
    ACCOUNT_PATHS.session,
    {
      preHandler: guards.requireAuth,
      config: setup,
      schema: {
        ...common,
        summary: 'End one of my sessions: its browser is signed out at once',
        params: OwnSessionParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await account.revokeSession(sessionOf(request), request.params.sessionId, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.put(
    ACCOUNT_PATHS.mobile,
    {
      preHandler: guards.requireAuth,
      config: setup,
      schema: {
        ...common,
        summary: 'Send a code to a new mobile number (it applies once the code is given)',
        body: MobileChangeBodySchema,
        response: { 200: AccountSchema },
      },
    },
    async (request) => account.requestMobile(sessionOf(request), request.body.mobile, request.ip),
  );

  app.post(
    ACCOUNT_PATHS.mobileVerification,
    {
      preHandler: guards.requireAuth,
      config: setup,
      schema: {
        ...common,
        summary: 'The code from the SMS: the new mobile number replaces the old one',
        body: MobileVerificationBodySchema,
        response: { 200: AccountSchema },
      },
    },
    async (request) => account.verifyMobile(sessionOf(request), request.body.code, request.ip),
  );

  app.delete(
    ACCOUNT_PATHS.mobile,
    {
      preHandler: guards.requireAuth,
      config: setup,
      schema: {
        ...common,
        summary: 'Remove my mobile number',
        response: { 200: AccountSchema },
      },
    },
    async (request) => account.removeMobile(sessionOf(request), request.ip),
  );

  app.post(
    ACCOUNT_PATHS.totp,
    {
      preHandler: guards.requireAuth,
      config: setup,
      schema: {
        ...common,
        summary: 'Start setting up an authenticator app: a new secret, answered this once',
        response: { 200: TotpEnrolmentSchema },
      },
    },
    async (request) => totp.start(sessionOf(request)),
  );

  app.post(
    ACCOUNT_PATHS.totpVerification,
    {
      preHandler: guards.requireAuth,
      config: setup,
      schema: {
        ...common,
        summary: 'The first code from the authenticator app: the app is on from now',
        body: TotpCodeBodySchema,
        response: { 200: AccountSchema },
      },
    },
    async (request) => totp.confirm(sessionOf(request), request.body.code, request.ip),
  );

  app.delete(
    ACCOUNT_PATHS.totp,
    {
      preHandler: guards.requireAuth,
      config: setup,
      schema: {
        ...common,
        summary: 'Remove the authenticator app (its current code required)',
        body: TotpCodeBodySchema,
        response: { 200: AccountSchema },
      },
    },
    async (request) => totp.disable(sessionOf(request), request.body.code, request.ip),
  );
};
