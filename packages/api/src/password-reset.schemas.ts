import { z } from 'zod';
import { NewPasswordSchema } from './auth.schemas';
import { TextSchema } from './bounded.schemas';

/*
 * Forgot password, reset password and invitations (docs/security.md, "Password reset and
 * invitations"). A link carries a single-use token; the server keeps only its SHA-256.
 */

export const PASSWORD_RESET_PATHS = {
  forgotPassword: '/rest/authentication/forgotPassword',
  resetPassword: '/rest/authentication/resetPassword',
  /** GET ?token=: whether a link still works, so the screen can say so before anything is typed. */
  resetPasswordCheck: '/rest/authentication/resetPassword/check',
} as const;

/** How long a link works, in minutes: a reset link 30 minutes, an invitation 7 days. */
export const RESET_LINK_MINUTES = { reset: 30, invitation: 7 * 24 * 60 } as const;

export const ResetPurposeSchema = z.enum(['reset', 'invitation']);
export type ResetPurpose = z.infer<typeof ResetPurposeSchema>;

/** POST forgotPassword: a username or an e-mail address, matched regardless of case. */
export const ForgotPasswordBodySchema = z.object({
  usernameOrEmail: TextSchema(254, { required: 'USERNAME_REQUIRED', invalid: 'USERNAME_INVALID' })
    .trim()
    .min(1, { error: 'USERNAME_REQUIRED' }),
});
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

/** The one answer of forgotPassword (202), whether or not the account exists. */
export const ForgotPasswordResultSchema = z.object({ accepted: z.literal(true) });
export type ForgotPasswordResult = z.infer<typeof ForgotPasswordResultSchema>;

/**
 * A token as a link carries it. Any text up to 200 characters is taken, so a damaged link is
 * answered RESET_LINK_INVALID like an unknown one rather than as a malformed request.
 */
export const ResetTokenSchema = TextSchema(200).trim().min(1);

/** POST resetPassword: the link's token and the new password (8 to 20 characters, not common). */
export const ResetPasswordWithTokenBodySchema = z.object({
  token: ResetTokenSchema,
  password: NewPasswordSchema,
});
export type ResetPasswordWithTokenBody = z.infer<typeof ResetPasswordWithTokenBodySchema>;

export const ResetLinkQuerySchema = z.object({ token: ResetTokenSchema });

/** A link that still works: what it is for and whose password it sets. */
export const ResetLinkSchema = z.object({
  purpose: ResetPurposeSchema,
  username: z.string(),
  expiresAt: z.iso.datetime(),
});
export type ResetLink = z.infer<typeof ResetLinkSchema>;

/** One e-mail the development outbox kept (newest last). */
export const DevMailSchema = z.object({
  to: z.string(),
  locale: z.string(),
  subject: z.string(),
  text: z.string(),
  at: z.string(),
});
export type DevMail = z.infer<typeof DevMailSchema>;

export const DevMailQuerySchema = z.object({ to: TextSchema(254).optional() });
