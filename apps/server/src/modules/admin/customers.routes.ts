import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_PATHS,
  CreateCustomerBodySchema,
  CustomerDetailSchema,
  CustomerListQuerySchema,
  CustomerListSchema,
  CustomerParamsSchema,
  DashboardsBodySchema,
  SetActiveBodySchema,
  UpdateCustomerBodySchema,
} from '@klik/api';
import { sessionOf, type AuthGuards } from '../../kernel/auth/auth-guards';
import type { CustomersService } from './customers.service';

const common = { tags: ['administration'], security: [{ session: [] }] };

export const customersRoutes: FastifyPluginAsyncZod<{
  customers: CustomersService;
  guards: AuthGuards;
}> = async (app, { customers, guards }) => {
  app.get(
    ADMIN_PATHS.customers,
    {
      preHandler: guards.requirePermission('customers.read'),
      schema: {
        ...common,
        summary: 'Customers, searched by name or id, sorted and paged (managecustomers)',
        querystring: CustomerListQuerySchema,
        response: { 200: CustomerListSchema },
      },
    },
    async (request) => customers.list(sessionOf(request), request.query),
  );

  app.post(
    ADMIN_PATHS.customers,
    {
      preHandler: guards.requirePermission('customers.create'),
      schema: {
        ...common,
        summary: 'Create a customer (name unique: CUSTOMER_NAME_NOT_UNIQUE)',
        body: CreateCustomerBodySchema,
        response: { 201: CustomerDetailSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await customers.create(sessionOf(request), request.body, request.ip)),
  );

  app.get(
    ADMIN_PATHS.customer,
    {
      preHandler: guards.requirePermission('customers.read'),
      schema: {
        ...common,
        summary: 'One customer with dashboards, contracts, users, click settings and terms',
        params: CustomerParamsSchema,
        response: { 200: CustomerDetailSchema },
      },
    },
    async (request) => customers.get(sessionOf(request), request.params.customerId),
  );

  app.put(
    ADMIN_PATHS.customer,
    {
      preHandler: guards.requirePermission('customers.edit'),
      schema: {
        ...common,
        summary: 'Rename a customer and set its click settings, on the version read',
        params: CustomerParamsSchema,
        body: UpdateCustomerBodySchema,
        response: { 200: CustomerDetailSchema },
      },
    },
    async (request) =>
      customers.update(sessionOf(request), request.params.customerId, request.body, request.ip),
  );

  app.put(
    ADMIN_PATHS.customerDashboards,
    {
      preHandler: guards.requirePermission('customers.edit'),
      schema: {
        ...common,
        summary: "Set a customer's dashboards and their contracts, on the customer's version",
        params: CustomerParamsSchema,
        body: DashboardsBodySchema,
        response: { 200: CustomerDetailSchema },
      },
    },
    async (request) =>
      customers.setDashboards(
        sessionOf(request),
        request.params.customerId,
        request.body,
        request.ip,
      ),
  );

  app.put(
    ADMIN_PATHS.customerActive,
    {
      preHandler: guards.requirePermission('customers.deactivate'),
      schema: {
        ...common,
        summary: 'Deactivate (its users without another customer are signed out) or reactivate',
        params: CustomerParamsSchema,
        body: SetActiveBodySchema,
        response: { 200: CustomerDetailSchema },
      },
    },
    async (request) =>
      customers.setActive(sessionOf(request), request.params.customerId, request.body, request.ip),
  );
};
