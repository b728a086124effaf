import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AssignmentsBodySchema,
  CreateScenarioBodySchema,
  MARGIN_PATHS,
  MarginContractListSchema,
  MarginContractQuerySchema,
  MarginPreviewBodySchema,
  MarginPreviewSchema,
  PricingIdListSchema,
  SavePricingIdsBodySchema,
  SaveScenarioBodySchema,
  ScenarioDetailSchema,
  ScenarioListQuerySchema,
  ScenarioPageSchema,
  ScenarioParamsSchema,
  ScenarioVersionParamsSchema,
  ScenarioVersionSchema,
} from '@klik/api';
import { sessionOf, type AuthGuards } from '../../kernel/auth/auth-guards';
import type { MarginsService } from './margins.service';

const common = { tags: ['administration'], security: [{ session: [] }] };

/** managemargins' calls (docs/margins.md); rights in docs/permissions.md (margins.*). */
export const marginsRoutes: FastifyPluginAsyncZod<{
  margins: MarginsService;
  guards: AuthGuards;
}> = async (app, { margins, guards }) => {
  const read = guards.requirePermission('margins.read');
  const manage = guards.requirePermission('margins.manage');

  app.get(
    MARGIN_PATHS.scenarios,
    {
      preHandler: read,
      schema: {
        ...common,
        summary: 'Margin scenarios by name, a page at a time, with their newest version',
        querystring: ScenarioListQuerySchema,
        response: { 200: ScenarioPageSchema },
      },
    },
    async (request) => margins.list(request.query),
  );

  app.post(
    MARGIN_PATHS.scenarios,
    {
      preHandler: manage,
      schema: {
        ...common,
        summary: 'Create a margin scenario (version 1, in effect at once)',
        body: CreateScenarioBodySchema,
        response: { 201: ScenarioDetailSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await margins.create(sessionOf(request), request.body, request.ip)),
  );

  app.get(
    MARGIN_PATHS.scenario,
    {
      preHandler: read,
      schema: {
        ...common,
        summary: 'A scenario: its newest version with its grid, every version, its assignments',
        params: ScenarioParamsSchema,
        response: { 200: ScenarioDetailSchema },
      },
    },
    async (request) => margins.detail(request.params.scenarioId),
  );

  app.put(
    MARGIN_PATHS.scenario,
    {
      preHandler: manage,
      schema: {
        ...common,
        summary: 'Save a new version of a scenario; it prices quotes made from effectiveAt on',
        params: ScenarioParamsSchema,
        body: SaveScenarioBodySchema,
        response: { 200: ScenarioDetailSchema },
      },
    },
    async (request) =>
      margins.save(sessionOf(request), request.params.scenarioId, request.body, request.ip),
  );

  app.get(
    MARGIN_PATHS.version,
    {
      preHandler: read,
      schema: {
        ...common,
        summary: 'One version of a scenario with its grid (what priced a quote)',
        params: ScenarioVersionParamsSchema,
        response: { 200: ScenarioVersionSchema },
      },
    },
    async (request) => margins.version(request.params.scenarioId, request.params.version),
  );

  app.put(
    MARGIN_PATHS.assignments,
    {
      preHandler: manage,
      schema: {
        ...common,
        summary: 'The customers and contracts the scenario prices (each leaves its former one)',
        params: ScenarioParamsSchema,
        body: AssignmentsBodySchema,
        response: { 200: ScenarioDetailSchema },
      },
    },
    async (request) =>
      margins.assign(sessionOf(request), request.params.scenarioId, request.body, request.ip),
  );

  app.get(
    MARGIN_PATHS.contracts,
    {
      preHandler: read,
      schema: {
        ...common,
        summary: 'Contracts by Contract-ID or customer name (at most 20), to assign or preview',
        querystring: MarginContractQuerySchema,
        response: { 200: MarginContractListSchema },
      },
    },
    async (request) => margins.contracts(request.query.search),
  );

  app.get(
    MARGIN_PATHS.pricingIds,
    {
      preHandler: read,
      schema: {
        ...common,
        summary: "Pricing IDs: the market product of each contract product's part",
        response: { 200: PricingIdListSchema },
      },
    },
    async () => margins.pricingIds(),
  );

  app.put(
    MARGIN_PATHS.pricingIds,
    {
      preHandler: manage,
      schema: {
        ...common,
        summary: "Replace the pricing IDs ('*' rows for every part required)",
        body: SavePricingIdsBodySchema,
        response: { 200: PricingIdListSchema },
      },
    },
    async (request) => margins.savePricingIds(sessionOf(request), request.body, request.ip),
  );

  app.post(
    MARGIN_PATHS.preview,
    {
      preHandler: read,
      schema: {
        ...common,
        summary: "A position's click price now, as it is and under an edited (unsaved) scenario",
        body: MarginPreviewBodySchema,
        response: { 200: MarginPreviewSchema },
      },
    },
    async (request) => margins.preview(request.body),
  );
};
