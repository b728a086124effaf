import { defineModule } from '../../kernel/modules';
import { hedgePoliciesRoutes } from './hedge-policies.routes';
import { HedgePoliciesService } from './hedge-policies.service';

/** Hedge policies (docs/budgets.md); their check runs with the background jobs. */
export const hedgePoliciesModule = defineModule('hedge-policies', ['auth'], async (app) => {
  const { db, now } = app.deps;
  await app.register(hedgePoliciesRoutes, {
    policies: new HedgePoliciesService({ db, now }),
    guards: app.guards,
  });
});
