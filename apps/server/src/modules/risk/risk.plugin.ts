import { defineModule } from '../../kernel/modules';
import { riskRoutes } from './risk.routes';
import { RiskService } from './risk.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The risk figures; the TPI cockpit ranks customers by them. */
    risk: { service: RiskService };
  }
}

/** What the open volume may cost: mark-to-market, cost-at-risk, stress (docs/risk.md). */
export const riskModule = defineModule('risk', ['auth'], async (app) => {
  const { db, now } = app.deps;
  const service = new RiskService({ db, now, settings: app.config.risk });
  app.decorate('risk', { service });
  await app.register(riskRoutes, { risk: service, guards: app.guards, now });
});
