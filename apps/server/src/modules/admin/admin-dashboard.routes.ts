import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_PATHS,
  AdminDashboardSchema,
  AdminSearchQuerySchema,
  AdminSearchResultSchema,
  PendingApprovalListSchema,
} from '@klik/api';
import { sessionOf, type AuthGuards } from '../../kernel/auth/auth-guards';
import type { AdminDashboardService } from './admin-dashboard.service';

const common = { tags: ['administration'], security: [{ session: [] }] };

export const adminDashboardRoutes: FastifyPluginAsyncZod<{
  dashboard: AdminDashboardService;
  guards: AuthGuards;
}> = async (app, { dashboard, guards }) => {
  app.get(
    ADMIN_PATHS.dashboard,
    {
      preHandler: guards.requirePermission('adminDashboard.read'),
      schema: {
        ...common,
        summary: 'admindashboard: customers, users, clicks today, approvals, feed, pause, events',
        response: { 200: AdminDashboardSchema },
      },
    },
    async (request) => dashboard.figures(sessionOf(request)),
  );

  app.get(
    ADMIN_PATHS.approvals,
    {
      preHandler: guards.requirePermission('adminDashboard.read'),
      schema: {
        ...common,
        summary: 'Clicks awaiting approval (four-eyes) in reach, the nearest deadline first',
        response: { 200: PendingApprovalListSchema },
      },
    },
    async (request) => dashboard.approvals(sessionOf(request)),
  );

  app.get(
    ADMIN_PATHS.search,
    {
      preHandler: guards.requirePermission('adminDashboard.read'),
      schema: {
        ...common,
        summary: 'Customers, users and contracts by name or id (at most 10 of each)',
        querystring: AdminSearchQuerySchema,
        response: { 200: AdminSearchResultSchema },
      },
    },
    async (request) => dashboard.search(sessionOf(request), request.query.q),
  );
};
