import { defineModule } from '../../kernel/modules';
import { passwordResetRoutes } from './password-reset.routes';
import { PasswordResetService } from './password-reset.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Forgot password, reset links and invitations; tests await its e-mails with idle(). */
    passwordReset: PasswordResetService;
  }
}

/** Forgot password, reset links and invitations (docs/security.md, "Password reset"). */
export const passwordResetModule = defineModule('password-reset', ['auth', 'mail'], async (app) => {
  const { config, deps } = app;
  const resets = new PasswordResetService({
    db: deps.db,
    now: deps.now,
    mail: app.mail,
    publicUrl: config.mail.publicUrl,
    endSessions: (sessionIds) => app.auth.sessionsEnded(sessionIds),
    log: app.log,
  });
  app.decorate('passwordReset', resets);
  app.addHook('preClose', () => resets.idle());
  await app.register(passwordResetRoutes, { resets });
});
