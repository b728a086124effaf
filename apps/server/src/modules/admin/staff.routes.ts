import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_PATHS,
  AdminUserSchema,
  CreateAccountManagerBodySchema,
  CreateConsultantBodySchema,
  PortfolioBodySchema,
  UpdateConsultantBodySchema,
  UserParamsSchema,
} from '@klik/api';
import { sessionOf, type AuthGuards } from '../../kernel/auth/auth-guards';
import type { StaffService } from './staff.service';

const common = { tags: ['administration'], security: [{ session: [] }] };

/** Account managers with their portfolios, and consultants (lists: GET users?role=…). */
export const staffRoutes: FastifyPluginAsyncZod<{
  staff: StaffService;
  guards: AuthGuards;
}> = async (app, { staff, guards }) => {
  app.post(
    ADMIN_PATHS.accountManagers,
    {
      preHandler: guards.requirePermission('accountManagers.manage'),
      schema: {
        ...common,
        summary: 'addaccountmanager: an account manager with an initial password and a portfolio',
        body: CreateAccountManagerBodySchema,
        response: { 201: AdminUserSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await staff.createAccountManager(sessionOf(request), request.body, request.ip)),
  );

  app.put(
    ADMIN_PATHS.portfolio,
    {
      preHandler: guards.requirePermission('accountManagers.manage'),
      schema: {
        ...common,
        summary: "Set an account manager's portfolio, on the version read",
        params: UserParamsSchema,
        body: PortfolioBodySchema,
        response: { 200: AdminUserSchema },
      },
    },
    async (request) =>
      staff.setPortfolio(sessionOf(request), request.params.userId, request.body, request.ip),
  );

  app.post(
    ADMIN_PATHS.consultants,
    {
      preHandler: guards.requirePermission('consultants.manage'),
      schema: {
        ...common,
        summary: 'Create a consultant (name unique: CONSULTANT_NAME_NOT_UNIQUE)',
        body: CreateConsultantBodySchema,
        response: { 201: AdminUserSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await staff.createConsultant(sessionOf(request), request.body, request.ip)),
  );

  app.put(
    ADMIN_PATHS.consultant,
    {
      preHandler: guards.requirePermission('consultants.manage'),
      schema: {
        ...common,
        summary: 'editconsultant: details, customers and allowTPIPage, on the version read',
        params: UserParamsSchema,
        body: UpdateConsultantBodySchema,
        response: { 200: AdminUserSchema },
      },
    },
    async (request) =>
      staff.updateConsultant(sessionOf(request), request.params.userId, request.body, request.ip),
  );
};
