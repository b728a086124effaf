import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PlaceStandingOrderBodySchema,
  SmsSentSchema,
  STANDING_ORDER_PATHS,
  StandingOrderListParamsSchema,
  StandingOrderPageSchema,
  StandingOrderParamsSchema,
  StandingOrderQuerySchema,
  StandingOrderSchema,
  StandingOrderSmsBodySchema,
} from '@klik/api';
import { sessionOf, type AuthGuards } from '../../kernel/auth/auth-guards';
import type { StandingOrdersService } from './standing-orders.service';

export const standingOrdersRoutes: FastifyPluginAsyncZod<{
  orders: StandingOrdersService;
  guards: AuthGuards;
}> = async (app, { orders, guards }) => {
  const common = { tags: ['standing orders'], security: [{ session: [] }] };

  app.post(
    STANDING_ORDER_PATHS.orders,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: 'Place a standing order (terms and the second factor are given now)',
        body: PlaceStandingOrderBodySchema,
        response: { 200: StandingOrderSchema },
      },
    },
    async (request) => orders.place(sessionOf(request), request.body, request.ip),
  );

  app.post(
    STANDING_ORDER_PATHS.sms,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: "Send a 6-digit code confirming the user's next standing order for the customer",
        body: StandingOrderSmsBodySchema,
        response: { 200: SmsSentSchema },
      },
    },
    async (request) => orders.sendSms(sessionOf(request), request.body.customerId, request.ip),
  );

  app.get(
    STANDING_ORDER_PATHS.list,
    {
      preHandler: guards.requireAuth,
      config: { apiScope: 'standing-orders:read' },
      schema: {
        ...common,
        summary: "The customer's standing orders, newest first, paged and filtered",
        params: StandingOrderListParamsSchema,
        querystring: StandingOrderQuerySchema,
        response: { 200: StandingOrderPageSchema },
      },
    },
    async (request) => orders.list(sessionOf(request), request.params.customerId, request.query),
  );

  app.delete(
    STANDING_ORDER_PATHS.order,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: 'Cancel an active standing order',
        params: StandingOrderParamsSchema,
        response: { 200: StandingOrderSchema },
      },
    },
    async (request) =>
      orders.cancel(
        sessionOf(request),
        request.params.customerId,
        request.params.orderId,
        request.ip,
      ),
  );
};
