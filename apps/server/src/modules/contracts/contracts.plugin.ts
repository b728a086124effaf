import { defineModule } from '../../kernel/modules';
import { contractsRoutes } from './contracts.routes';
import { ContractsService } from './contracts.service';
import { contractImportRoutes } from './import.routes';
import { ContractImportService } from './import.service';

/** managecontract and the contract import (docs/contracts.md, docs/contracts-import.md). */
export const contractsModule = defineModule('contracts', ['auth'], async (app) => {
  const { db, now } = app.deps;
  const flushEvents = () => app.outbox.flush();
  await app.register(contractsRoutes, {
    contracts: new ContractsService({ db, now, flushEvents }),
    guards: app.guards,
  });
  await app.register(contractImportRoutes, {
    imports: new ContractImportService({ db, now, flushEvents }),
    guards: app.guards,
  });
});
