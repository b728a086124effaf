import { defineModule } from '../../kernel/modules';
import { budgetsRoutes } from './budgets.routes';
import { BudgetsService } from './budgets.service';

/** Budgets (docs/budgets.md); their watcher runs with the background jobs. */
export const budgetsModule = defineModule('budgets', ['auth'], async (app) => {
  const { db, now } = app.deps;
  await app.register(budgetsRoutes, {
    budgets: new BudgetsService({ db, now }),
    guards: app.guards,
  });
});
