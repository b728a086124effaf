import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ForgotPasswordBodySchema,
  ForgotPasswordResultSchema,
  PASSWORD_RESET_PATHS,
  ResetLinkQuerySchema,
  ResetLinkSchema,
  ResetPasswordWithTokenBodySchema,
} from '@klik/api';
import { requestInfo } from '../auth/auth.routes';
import type { PasswordResetService } from './password-reset.service';

/** Reachable without a session: the user has lost theirs, or never had one (an invitation). */
export const passwordResetRoutes: FastifyPluginAsyncZod<{ resets: PasswordResetService }> = async (
  app,
  { resets },
) => {
  const tags = ['authentication'];

  app.post(
    PASSWORD_RESET_PATHS.forgotPassword,
    {
      schema: {
        tags,
        summary:
          'Ask for a reset link by e-mail; the same answer whether or not the account exists (docs/security.md)',
        body: ForgotPasswordBodySchema,
        response: { 202: ForgotPasswordResultSchema },
      },
    },
    async (request, reply) => {
      await resets.forgotPassword(request.body, requestInfo(request));
      return reply.status(202).send({ accepted: true });
    },
  );

  app.get(
    PASSWORD_RESET_PATHS.resetPasswordCheck,
    {
      schema: {
        tags,
        summary: 'Whether a reset or invitation link still works (410 RESET_LINK_INVALID if not)',
        querystring: ResetLinkQuerySchema,
        response: { 200: ResetLinkSchema },
      },
    },
    async (request) => resets.checkLink(request.query.token),
  );

  app.post(
    PASSWORD_RESET_PATHS.resetPassword,
    {
      schema: {
        tags,
        summary:
          "Set a new password with a link's token; the link is used up and every session of the user ends",
        body: ResetPasswordWithTokenBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await resets.resetPassword(request.body, requestInfo(request));
      return reply.status(204).send(null);
    },
  );
};
