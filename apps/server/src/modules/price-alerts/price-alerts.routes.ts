import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreatePriceAlertBodySchema,
  DeletePriceAlertQuerySchema,
  PRICE_ALERT_PATHS,
  PriceAlertCustomerParamsSchema,
  PriceAlertListQuerySchema,
  PriceAlertOptionsSchema,
  PriceAlertPageSchema,
  PriceAlertParamsSchema,
  PriceAlertSchema,
  SavePriceAlertBodySchema,
} from '@klik/api';
import { sessionOf, type AuthGuards } from '../../kernel/auth/auth-guards';
import type { PriceAlertsService } from './price-alerts.service';

const common = { tags: ['price alerts'], security: [{ session: [] }] };

/** The price alerts' calls (docs/price-alerts.md); who may make them is the service's to check. */
export const priceAlertsRoutes: FastifyPluginAsyncZod<{
  alerts: PriceAlertsService;
  guards: AuthGuards;
}> = async (app, { alerts, guards }) => {
  const preHandler = guards.requireAuth;

  app.get(
    PRICE_ALERT_PATHS.list,
    {
      preHandler,
      config: { apiScope: 'price-alerts:read' },
      schema: {
        ...common,
        summary: "A page of the customer's price alerts, by contract and status (active, expired)",
        params: PriceAlertCustomerParamsSchema,
        querystring: PriceAlertListQuerySchema,
        response: { 200: PriceAlertPageSchema },
      },
    },
    async (request) => alerts.list(sessionOf(request), request.params.customerId, request.query),
  );

  app.get(
    PRICE_ALERT_PATHS.options,
    {
      preHandler,
      config: { apiScope: 'price-alerts:read' },
      schema: {
        ...common,
        summary:
          'What an alert chooses from (contracts, years, recipients) and whether the caller may change alerts',
        params: PriceAlertCustomerParamsSchema,
        response: { 200: PriceAlertOptionsSchema },
      },
    },
    async (request) => alerts.options(sessionOf(request), request.params.customerId),
  );

  app.post(
    PRICE_ALERT_PATHS.list,
    {
      preHandler,
      config: { apiScope: 'price-alerts:write' },
      schema: {
        ...common,
        summary: 'Create a price alert',
        params: PriceAlertCustomerParamsSchema,
        body: CreatePriceAlertBodySchema,
        response: { 201: PriceAlertSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await alerts.create(
            sessionOf(request),
            request.params.customerId,
            request.body,
            request.ip,
          ),
        ),
  );

  app.put(
    PRICE_ALERT_PATHS.alert,
    {
      preHandler,
      config: { apiScope: 'price-alerts:write' },
      schema: {
        ...common,
        summary: 'Change a price alert on top of its version (else 409 VERSION_CONFLICT)',
        params: PriceAlertParamsSchema,
        body: SavePriceAlertBodySchema,
        response: { 200: PriceAlertSchema },
      },
    },
    async (request) =>
      alerts.save(
        sessionOf(request),
        request.params.customerId,
        request.params.alertId,
        request.body,
        request.ip,
      ),
  );

  app.delete(
    PRICE_ALERT_PATHS.alert,
    {
      preHandler,
      config: { apiScope: 'price-alerts:write' },
      schema: {
        ...common,
        summary: 'Delete a price alert at its version (else 409 VERSION_CONFLICT)',
        params: PriceAlertParamsSchema,
        querystring: DeletePriceAlertQuerySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await alerts.remove(
        sessionOf(request),
        request.params.customerId,
        request.params.alertId,
        request.query.version,
        request.ip,
      );
      return reply.status(204).send(null);
    },
  );
};
