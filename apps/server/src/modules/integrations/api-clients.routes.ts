import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiClientCustomerParamsSchema,
  ApiClientListSchema,
  ApiClientParamsSchema,
  ApiClientSchema,
  ApiClientWithSecretSchema,
  CreateApiClientBodySchema,
  INTEGRATION_PATHS,
} from '@klik/api';
import { sessionOf, type AuthGuards } from '../../kernel/auth/auth-guards';
import type { ApiClientsService } from './api-clients.service';

const common = { tags: ['integrations'], security: [{ session: [] }] };

/** Managing a customer's API clients (docs/integrations.md); the service checks the customer. */
export const apiClientsRoutes: FastifyPluginAsyncZod<{
  clients: ApiClientsService;
  guards: AuthGuards;
}> = async (app, { clients, guards }) => {
  const preHandler = guards.requirePermission('integrations.manage');

  app.get(
    INTEGRATION_PATHS.clients,
    {
      preHandler,
      schema: {
        ...common,
        summary: "The customer's API clients, newest first (never their secrets)",
        params: ApiClientCustomerParamsSchema,
        response: { 200: ApiClientListSchema },
      },
    },
    async (request) => clients.list(sessionOf(request), request.params.customerId),
  );

  app.post(
    INTEGRATION_PATHS.clients,
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Create an API client; its secret is in this answer only',
        params: ApiClientCustomerParamsSchema,
        body: CreateApiClientBodySchema,
        response: { 201: ApiClientWithSecretSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await clients.create(
            sessionOf(request),
            request.params.customerId,
            request.body,
            request.ip,
          ),
        ),
  );

  app.post(
    INTEGRATION_PATHS.rotateClient,
    {
      preHandler,
      schema: {
        ...common,
        summary: 'A new secret for the client (in this answer only); the old one stops at once',
        params: ApiClientParamsSchema,
        response: { 200: ApiClientWithSecretSchema },
      },
    },
    async (request) =>
      clients.rotate(
        sessionOf(request),
        request.params.customerId,
        request.params.apiClientId,
        request.ip,
      ),
  );

  app.delete(
    INTEGRATION_PATHS.client,
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Revoke the client: its tokens stop working at once; the row stays for history',
        params: ApiClientParamsSchema,
        response: { 200: ApiClientSchema },
      },
    },
    async (request) =>
      clients.revoke(
        sessionOf(request),
        request.params.customerId,
        request.params.apiClientId,
        request.ip,
      ),
  );
};
