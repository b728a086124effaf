import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ContractDataListSchema,
  ContractDataSchema,
  ContractParamsSchema,
  ContractSummaryListSchema,
  CustomerParamsSchema,
  DashboardParamsSchema,
  POSITION_PATHS,
} from '@klik/api';
import { sendKeptJson } from '../../kernel/http/compression';
import type { AuthGuards } from '../../kernel/auth/auth-guards';
import { sessionOf } from '../../kernel/auth/auth-guards';
import type { PositionsService } from './positions.service';
import { viewerOf } from './positions.service';

// The service answers JSON it has already written (and kept) as bytes, so Fastify sends it as
// it is (compressed once per change of those bytes); the response schemas document the answers
// and the tests parse every answer with them.

export const positionsRoutes: FastifyPluginAsyncZod<{
  positions: PositionsService;
  guards: AuthGuards;
}> = async (app, { positions, guards }) => {
  const common = { tags: ['positions'], security: [{ session: [] }] };

  app.get(
    POSITION_PATHS.customerContractData,
    {
      preHandler: guards.requireAuth,
      config: { apiScope: 'positions:read' },
      schema: {
        ...common,
        summary: 'Contract data of every contract of a customer',
        params: CustomerParamsSchema,
        response: { 200: ContractDataListSchema },
      },
    },
    async (request, reply) =>
      sendKeptJson(
        request,
        reply,
        await positions.customerContractData(
          await positions.viewerFor(sessionOf(request), request.params.customerId),
          request.params.customerId,
        ),
      ),
  );

  app.get(
    POSITION_PATHS.dashboardContractData,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: 'Contract data of the contracts on a dashboard',
        params: DashboardParamsSchema,
        response: { 200: ContractDataListSchema },
      },
    },
    async (request, reply) =>
      sendKeptJson(
        request,
        reply,
        await positions.dashboardContractData(
          viewerOf(sessionOf(request)),
          request.params.dashboardId,
        ),
      ),
  );

  app.get(
    POSITION_PATHS.contractData,
    {
      preHandler: guards.requireAuth,
      config: { apiScope: 'positions:read' },
      schema: {
        ...common,
        summary: 'Contract data of one contract of a customer',
        params: ContractParamsSchema,
        response: { 200: ContractDataSchema },
      },
    },
    async (request, reply) =>
      sendKeptJson(
        request,
        reply,
        await positions.contractData(
          await positions.viewerFor(sessionOf(request), request.params.customerId),
          request.params.customerId,
          request.params.contractId,
        ),
      ),
  );

  app.get(
    POSITION_PATHS.customerSummary,
    {
      preHandler: guards.requireAuth,
      config: { apiScope: 'positions:read' },
      schema: {
        ...common,
        summary: 'Contract summaries of every contract of a customer',
        params: CustomerParamsSchema,
        response: { 200: ContractSummaryListSchema },
      },
    },
    async (request, reply) =>
      sendKeptJson(
        request,
        reply,
        await positions.customerSummaries(
          await positions.viewerFor(sessionOf(request), request.params.customerId),
          request.params.customerId,
        ),
      ),
  );

  app.get(
    POSITION_PATHS.dashboardSummary,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: 'Contract summaries of the contracts on a dashboard',
        params: DashboardParamsSchema,
        response: { 200: ContractSummaryListSchema },
      },
    },
    async (request, reply) =>
      sendKeptJson(
        request,
        reply,
        await positions.dashboardSummaries(
          viewerOf(sessionOf(request)),
          request.params.dashboardId,
        ),
      ),
  );
};
