import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClickEffectBodySchema,
  ClickEffectSchema,
  CustomerRiskSchema,
  RISK_PATHS,
  RiskExportQuerySchema,
  RiskParamsSchema,
  RiskQuerySchema,
} from '@klik/api';
import type { AuthGuards } from '../../kernel/auth/auth-guards';
import { sessionOf } from '../../kernel/auth/auth-guards';
import { riskCsv, riskXlsx } from './risk-export';
import type { RiskService } from './risk.service';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What the open volume may cost (docs/risk.md); reads only, so nothing is audited. */
export const riskRoutes: FastifyPluginAsyncZod<{
  risk: RiskService;
  guards: AuthGuards;
  now: () => Date;
}> = async (app, { risk, guards, now }) => {
  const common = { tags: ['risk'], security: [{ session: [] }] };

  app.get(
    RISK_PATHS.customer,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: "Mark-to-market, cost distribution and stress scenarios of a customer's years",
        params: RiskParamsSchema,
        querystring: RiskQuerySchema,
        response: { 200: CustomerRiskSchema },
      },
    },
    async (request) =>
      risk.customer(sessionOf(request), request.params.customerId, request.query.dashboardId),
  );

  app.get(
    RISK_PATHS.export,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: 'The risk figures per year and for the book as CSV (RFC 4180) or XLSX',
        params: RiskParamsSchema,
        querystring: RiskExportQuerySchema,
      },
    },
    async (request, reply) => {
      const auth = sessionOf(request);
      const figures = await risk.customer(auth, request.params.customerId);
      const locale = request.query.locale ?? auth.user.locale;
      const { format } = request.query;
      const name = `klik-risk-${request.params.customerId}-${now().toISOString().slice(0, 10)}.${format}`;
      reply.header('content-disposition', `attachment; filename="${name}"`);
      if (format === 'csv') {
        return reply.type('text/csv; charset=utf-8').send(riskCsv(figures, locale));
      }
      return reply.type(XLSX_TYPE).send(await riskXlsx(figures, locale));
    },
  );

  app.post(
    RISK_PATHS.clickEffect,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: "A year's P95 and cost-at-risk now and after a click being prepared",
        params: RiskParamsSchema,
        body: ClickEffectBodySchema,
        response: { 200: ClickEffectSchema },
      },
    },
    async (request) =>
      risk.clickEffect(sessionOf(request), request.params.customerId, request.body),
  );
};
