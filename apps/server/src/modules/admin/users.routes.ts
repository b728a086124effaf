import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_PATHS,
  AdminUserSchema,
  CreateUserBodySchema,
  CreateViewOnlyUserBodySchema,
  ResetPasswordBodySchema,
  SetActiveBodySchema,
  UpdateUserBodySchema,
  UserListQuerySchema,
  UserListSchema,
  UserParamsSchema,
} from '@klik/api';
import { sessionOf, type AuthGuards } from '../../kernel/auth/auth-guards';
import type { UsersService } from './users.service';

const common = { tags: ['administration'], security: [{ session: [] }] };

export const usersRoutes: FastifyPluginAsyncZod<{
  users: UsersService;
  guards: AuthGuards;
}> = async (app, { users, guards }) => {
  app.get(
    ADMIN_PATHS.users,
    {
      preHandler: guards.requirePermission('users.read'),
      schema: {
        ...common,
        summary: 'Users, filtered, sorted and paged (manageusers, editusers)',
        querystring: UserListQuerySchema,
        response: { 200: UserListSchema },
      },
    },
    async (request) => users.list(sessionOf(request), request.query),
  );

  app.post(
    ADMIN_PATHS.users,
    {
      preHandler: guards.requirePermission('users.create'),
      schema: {
        ...common,
        summary: 'Create a user with an initial password that must be changed at first sign-in',
        body: CreateUserBodySchema,
        response: { 201: AdminUserSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await users.create(sessionOf(request), request.body, request.ip)),
  );

  app.post(
    ADMIN_PATHS.viewOnlyUsers,
    {
      preHandler: guards.requirePermission('users.createViewOnly'),
      schema: {
        ...common,
        summary: 'addviewonlyuser: a read-only user of your own customers who may not click',
        body: CreateViewOnlyUserBodySchema,
        response: { 201: AdminUserSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await users.createViewOnly(sessionOf(request), request.body, request.ip)),
  );

  app.get(
    ADMIN_PATHS.user,
    {
      preHandler: guards.requirePermission('users.read'),
      schema: {
        ...common,
        summary: 'One user',
        params: UserParamsSchema,
        response: { 200: AdminUserSchema },
      },
    },
    async (request) => users.get(sessionOf(request), request.params.userId),
  );

  app.put(
    ADMIN_PATHS.user,
    {
      preHandler: guards.requirePermission('users.edit'),
      schema: {
        ...common,
        summary: 'Edit a user on the version read (409 VERSION_CONFLICT when stale)',
        params: UserParamsSchema,
        body: UpdateUserBodySchema,
        response: { 200: AdminUserSchema },
      },
    },
    async (request) =>
      users.update(sessionOf(request), request.params.userId, request.body, request.ip),
  );

  app.put(
    ADMIN_PATHS.userActive,
    {
      preHandler: guards.requirePermission('users.deactivate'),
      schema: {
        ...common,
        summary: 'Deactivate (ends their sessions at once) or reactivate a user',
        params: UserParamsSchema,
        body: SetActiveBodySchema,
        response: { 200: AdminUserSchema },
      },
    },
    async (request) =>
      users.setActive(sessionOf(request), request.params.userId, request.body, request.ip),
  );

  app.put(
    ADMIN_PATHS.userPassword,
    {
      preHandler: guards.requirePermission('users.resetPassword'),
      schema: {
        ...common,
        summary: 'Set a new initial password, to be changed at the next sign-in',
        params: UserParamsSchema,
        body: ResetPasswordBodySchema,
        response: { 200: AdminUserSchema },
      },
    },
    async (request) =>
      users.resetPassword(sessionOf(request), request.params.userId, request.body, request.ip),
  );

  app.post(
    ADMIN_PATHS.userInvitation,
    {
      preHandler: guards.requirePermission('users.resetPassword'),
      schema: {
        ...common,
        summary:
          'E-mail a new invitation link (valid 7 days) to choose a password; earlier links stop working',
        params: UserParamsSchema,
        response: { 200: AdminUserSchema },
      },
    },
    async (request) =>
      users.resendInvitation(sessionOf(request), request.params.userId, request.ip),
  );
};
