import { defineModule } from '../../kernel/modules';
import { accountRoutes } from './account.routes';
import { AccountService } from './account.service';
import { notificationPreferencesRoutes } from './notification-preferences.routes';
import { NotificationPreferencesService } from './notification-preferences.service';
import { TotpService } from './totp.service';

/** myinfo: the user's own account, second factors and notification preferences (docs/account.md). */
export const accountModule = defineModule('account', ['auth'], async (app) => {
  const { config, deps, auth } = app;
  const account = new AccountService({
    db: deps.db,
    sms: app.sms,
    now: deps.now,
    idleMinutes: config.session.idleMinutes,
    endSessions: (sessionIds) => auth.sessionsEnded(sessionIds),
    log: app.log,
  });
  await app.register(accountRoutes, {
    guards: app.guards,
    account,
    totp: new TotpService({
      db: deps.db,
      now: deps.now,
      key: config.secondFactor.totpKey,
      account: (caller) => account.account(caller),
      forgetSessions: (sessionIds) => auth.forgetSessions(sessionIds),
    }),
  });
  await app.register(notificationPreferencesRoutes, {
    guards: app.guards,
    preferences: new NotificationPreferencesService({ db: deps.db, now: deps.now }),
  });
});
