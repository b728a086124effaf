import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractsRoutes } from './contracts.routes';
import { ContractsService } from './contracts.service';

/** managecontract (docs/contracts.md) as one plugin, built from the app's shared dependencies. */
export const contractsModule: FastifyPluginAsyncZod = async (app) => {
  const contracts = new ContractsService({
    db: app.deps.db,
    now: app.deps.now,
    // The outbox is built after the modules; it is asked for at request time.
    flushEvents: () => app.outbox.flush(),
  });
  await app.register(contractsRoutes, { contracts, guards: app.guards });
};
