import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CustomerParamsSchema,
  HEDGE_POLICY_PATHS,
  HedgePolicyInputSchema,
  HedgePolicyParamsSchema,
  HedgeYearListSchema,
  HedgeYearSchema,
} from '@klik/api';
import { sessionOf, type AuthGuards } from '../../kernel/auth/auth-guards';
import type { HedgePoliciesService } from './hedge-policies.service';

/** The hedge policy calls (docs/budgets.md). */
export const hedgePoliciesRoutes: FastifyPluginAsyncZod<{
  policies: HedgePoliciesService;
  guards: AuthGuards;
}> = async (app, { policies, guards }) => {
  const common = { tags: ['hedge policies'], security: [{ session: [] }] };

  app.get(
    HEDGE_POLICY_PATHS.policies,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: 'Every contract year ahead with its hedge policy and where it stands today',
        params: CustomerParamsSchema,
        response: { 200: HedgeYearListSchema },
      },
    },
    async (request) => policies.list(sessionOf(request), request.params.customerId),
  );

  app.put(
    HEDGE_POLICY_PATHS.policy,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: 'Set the hedge policy (corridor points) of a contract year',
        params: HedgePolicyParamsSchema,
        body: HedgePolicyInputSchema,
        response: { 200: HedgeYearSchema },
      },
    },
    async (request) => policies.set(sessionOf(request), request.params, request.body, request.ip),
  );

  app.delete(
    HEDGE_POLICY_PATHS.policy,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: 'Remove the hedge policy of a contract year',
        params: HedgePolicyParamsSchema,
      },
    },
    async (request, reply) => {
      await policies.remove(sessionOf(request), request.params, request.ip);
      return reply.status(204).send();
    },
  );
};
