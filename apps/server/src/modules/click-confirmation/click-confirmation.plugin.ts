import { defineModule } from '../../kernel/modules';
import { clickConfirmationRoutes } from './click-confirmation.routes';

/**
 * The PDF confirmation of a completed click (docs/notifications.md) and the statement of a
 * customer's clicks over a period (docs/audit-trail.md).
 */
export const clickConfirmationModule = defineModule('click-confirmation', ['auth'], async (app) => {
  await app.register(clickConfirmationRoutes, {
    db: app.deps.db,
    guards: app.guards,
    title: app.config.web.title,
    now: app.deps.now,
  });
});
