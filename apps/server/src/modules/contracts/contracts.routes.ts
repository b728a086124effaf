import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminContractParamsSchema,
  CONTRACT_PATHS,
  ContractDetailSchema,
  ContractListQuerySchema,
  ContractListSchema,
  CreateContractBodySchema,
  UpdateContractBodySchema,
} from '@klik/api';
import { sessionOf, type AuthGuards } from '../../kernel/auth/auth-guards';
import type { ContractsService } from './contracts.service';

const common = { tags: ['administration'], security: [{ session: [] }] };

/** managecontract's calls (docs/contracts.md); rights: docs/permissions.md. */
export const contractsRoutes: FastifyPluginAsyncZod<{
  contracts: ContractsService;
  guards: AuthGuards;
}> = async (app, { contracts, guards }) => {
  app.get(
    CONTRACT_PATHS.contracts,
    {
      preHandler: guards.requirePermission('contracts.read'),
      schema: {
        ...common,
        summary: 'Contracts, filtered by customer, commodity and text, sorted and paged',
        querystring: ContractListQuerySchema,
        response: { 200: ContractListSchema },
      },
    },
    async (request) => contracts.list(sessionOf(request), request.query),
  );

  app.post(
    CONTRACT_PATHS.contracts,
    {
      preHandler: guards.requirePermission('contracts.create'),
      schema: {
        ...common,
        summary: 'Create a contract (Contract-ID unique: CONTRACT_ID_NOT_UNIQUE)',
        body: CreateContractBodySchema,
        response: { 201: ContractDetailSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await contracts.create(sessionOf(request), request.body, request.ip)),
  );

  app.get(
    CONTRACT_PATHS.contract,
    {
      preHandler: guards.requirePermission('contracts.read'),
      schema: {
        ...common,
        summary: 'One contract with its volumes per year, what is clicked of them, and settings',
        params: AdminContractParamsSchema,
        response: { 200: ContractDetailSchema },
      },
    },
    async (request) => contracts.get(sessionOf(request), request.params.id),
  );

  app.put(
    CONTRACT_PATHS.contract,
    {
      preHandler: guards.requirePermission('contracts.edit'),
      schema: {
        ...common,
        summary:
          'Change a contract on the revision read; refused when clicks forbid it ' +
          '(CONTRACT_HAS_CLICKS, YEAR_HAS_CLICKS, VOLUME_BELOW_CLICKED)',
        params: AdminContractParamsSchema,
        body: UpdateContractBodySchema,
        response: { 200: ContractDetailSchema },
      },
    },
    async (request) =>
      contracts.update(sessionOf(request), request.params.id, request.body, request.ip),
  );
};
