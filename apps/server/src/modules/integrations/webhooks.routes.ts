import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateWebhookEndpointBodySchema,
  UpdateWebhookEndpointBodySchema,
  WEBHOOK_PATHS,
  WebhookCustomerParamsSchema,
  WebhookDeliveryPageSchema,
  WebhookDeliveryParamsSchema,
  WebhookDeliveryQuerySchema,
  WebhookEndpointListSchema,
  WebhookEndpointParamsSchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
  WebhookQueuedSchema,
} from '@klik/api';
import { sessionOf, type AuthGuards } from '../../kernel/auth/auth-guards';
import type { WebhooksService } from './webhooks.service';

const common = { tags: ['webhooks'], security: [{ session: [] }] };

/** The webhook endpoints' calls (docs/webhooks.md); who may make them is the service's to check. */
export const webhooksRoutes: FastifyPluginAsyncZod<{
  webhooks: WebhooksService;
  guards: AuthGuards;
}> = async (app, { webhooks, guards }) => {
  const preHandler = guards.requireAuth;

  app.get(
    WEBHOOK_PATHS.endpoints,
    {
      preHandler,
      schema: {
        ...common,
        summary: "The customer's webhook endpoints (without their secrets)",
        params: WebhookCustomerParamsSchema,
        response: { 200: WebhookEndpointListSchema },
      },
    },
    async (request) => webhooks.list(sessionOf(request), request.params.customerId),
  );

  app.post(
    WEBHOOK_PATHS.endpoints,
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Register an endpoint; its signing secret is in this answer only',
        params: WebhookCustomerParamsSchema,
        body: CreateWebhookEndpointBodySchema,
        response: { 201: WebhookEndpointWithSecretSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await webhooks.create(
            sessionOf(request),
            request.params.customerId,
            request.body,
            request.ip,
          ),
        ),
  );

  app.put(
    WEBHOOK_PATHS.endpoint,
    {
      preHandler,
      schema: {
        ...common,
        summary: "Change an endpoint's address, description, event types, or switch it on or off",
        params: WebhookEndpointParamsSchema,
        body: UpdateWebhookEndpointBodySchema,
        response: { 200: WebhookEndpointSchema },
      },
    },
    async (request) =>
      webhooks.update(
        sessionOf(request),
        request.params.customerId,
        request.params.endpointId,
        request.body,
        request.ip,
      ),
  );

  app.delete(
    WEBHOOK_PATHS.endpoint,
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Remove an endpoint and its delivery log',
        params: WebhookEndpointParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { customerId, endpointId } = request.params;
      await webhooks.remove(sessionOf(request), customerId, endpointId, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.post(
    WEBHOOK_PATHS.rotateSecret,
    {
      preHandler,
      schema: {
        ...common,
        summary: 'A new signing secret; the previous one is signed with as well for 24 hours',
        params: WebhookEndpointParamsSchema,
        response: { 200: WebhookEndpointWithSecretSchema },
      },
    },
    async (request) => {
      const { customerId, endpointId } = request.params;
      return webhooks.rotateSecret(sessionOf(request), customerId, endpointId, request.ip);
    },
  );

  app.post(
    WEBHOOK_PATHS.test,
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Send a webhook.test event to this endpoint',
        params: WebhookEndpointParamsSchema,
        response: { 202: WebhookQueuedSchema },
      },
    },
    async (request, reply) => {
      const { customerId, endpointId } = request.params;
      return reply
        .status(202)
        .send(await webhooks.test(sessionOf(request), customerId, endpointId, request.ip));
    },
  );

  app.get(
    WEBHOOK_PATHS.deliveries,
    {
      preHandler,
      schema: {
        ...common,
        summary: "A page of the endpoint's delivery log, newest first, by status",
        params: WebhookEndpointParamsSchema,
        querystring: WebhookDeliveryQuerySchema,
        response: { 200: WebhookDeliveryPageSchema },
      },
    },
    async (request) => {
      const { customerId, endpointId } = request.params;
      return webhooks.deliveries(sessionOf(request), customerId, endpointId, request.query);
    },
  );

  app.post(
    WEBHOOK_PATHS.replay,
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Send a delivery again, with the same webhook-id',
        params: WebhookDeliveryParamsSchema,
        response: { 202: WebhookQueuedSchema },
      },
    },
    async (request, reply) => {
      const { customerId, endpointId, deliveryId } = request.params;
      return reply
        .status(202)
        .send(
          await webhooks.replay(sessionOf(request), customerId, endpointId, deliveryId, request.ip),
        );
    },
  );
};
