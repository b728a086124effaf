import { defineModule } from '../../kernel/modules';
import type { AdminDeps } from './admin-change';
import { adminDashboardRoutes } from './admin-dashboard.routes';
import { AdminDashboardService } from './admin-dashboard.service';
import { auditRoutes } from './audit.routes';
import { AuditLogService } from './audit.service';
import { customersRoutes } from './customers.routes';
import { CustomersService } from './customers.service';
import { staffRoutes } from './staff.routes';
import { StaffService } from './staff.service';
import { termsRoutes } from './terms.routes';
import { TermsService } from './terms.service';
import { usersRoutes } from './users.routes';
import { UsersService } from './users.service';

/**
 * The administrative area (docs/administration.md) as one plugin: it builds its services from
 * the app's shared dependencies and registers their routes. Rights: docs/permissions.md.
 */
export const adminModule = defineModule('admin', ['auth', 'password-reset'], async (app) => {
  const { auth, config } = app;
  const deps: AdminDeps = {
    db: app.deps.db,
    now: app.deps.now,
    endSessions: (sessionIds) => auth.sessionsEnded(sessionIds),
    invitations: app.passwordReset,
    flushEvents: () => app.outbox.flush(),
  };
  const { guards } = app;
  await app.register(usersRoutes, { users: new UsersService(deps), guards });
  await app.register(staffRoutes, { staff: new StaffService(deps), guards });
  await app.register(customersRoutes, { customers: new CustomersService(deps), guards });
  await app.register(termsRoutes, { terms: new TermsService(deps), guards });
  await app.register(auditRoutes, { audit: new AuditLogService(deps), guards, now: deps.now });
  const dashboard = new AdminDashboardService({
    ...deps,
    idleMinutes: config.session.idleMinutes,
    // The feed is built with the background jobs, after this module: asked for at request time.
    feedHealth: () => app.market.feed.health(),
  });
  await app.register(adminDashboardRoutes, { dashboard, guards });
});
