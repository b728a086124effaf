import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BUDGET_PATHS,
  BudgetDetailSchema,
  BudgetInputSchema,
  BudgetYearListSchema,
  BudgetYearParamsSchema,
  CustomerParamsSchema,
} from '@klik/api';
import { sessionOf, type AuthGuards } from '../../kernel/auth/auth-guards';
import type { BudgetsService } from './budgets.service';

/** The budget calls (docs/budgets.md). */
export const budgetsRoutes: FastifyPluginAsyncZod<{
  budgets: BudgetsService;
  guards: AuthGuards;
}> = async (app, { budgets, guards }) => {
  const common = { tags: ['budgets'], security: [{ session: [] }] };

  app.get(
    BUDGET_PATHS.budgets,
    {
      preHandler: guards.requireAuth,
      config: { apiScope: 'budgets:read' },
      schema: {
        ...common,
        summary: 'Every contract year of a customer with its budget (if set) and where it stands',
        params: CustomerParamsSchema,
        response: { 200: BudgetYearListSchema },
      },
    },
    async (request) => budgets.list(sessionOf(request), request.params.customerId),
  );

  app.get(
    BUDGET_PATHS.budget,
    {
      preHandler: guards.requireAuth,
      config: { apiScope: 'budgets:read' },
      schema: {
        ...common,
        summary: "One contract year: its budget, standing and the expected price's history",
        params: BudgetYearParamsSchema,
        response: { 200: BudgetDetailSchema },
      },
    },
    async (request) => budgets.detail(sessionOf(request), request.params),
  );

  app.put(
    BUDGET_PATHS.budget,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: 'Set the budget price and bandwidth of a contract year',
        params: BudgetYearParamsSchema,
        body: BudgetInputSchema,
        response: { 200: BudgetDetailSchema },
      },
    },
    async (request) => budgets.set(sessionOf(request), request.params, request.body, request.ip),
  );

  app.delete(
    BUDGET_PATHS.budget,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: 'Remove the budget of a contract year',
        params: BudgetYearParamsSchema,
      },
    },
    async (request, reply) => {
      await budgets.remove(sessionOf(request), request.params, request.ip);
      return reply.status(204).send();
    },
  );
};
