import { CONTRACT_PATHS, pathTo } from '@klik/api';
import { createContract } from '../../../test/builders';
import { customerOf } from '../admin/admin-test-kit';
import type { RouteCase } from '../admin/permission-cases';
import { gasContract } from './contracts-test-kit';

/*
 * managecontract's routes for the permission test (permission-cases.ts): every call about a
 * fresh contract of the side's customer, so one cell's save never decides another's revision.
 */
export const CONTRACT_ROUTE_CASES: RouteCase[] = [
  {
    action: 'contracts.read',
    method: 'GET',
    route: CONTRACT_PATHS.contracts,
    ok: 200,
    subjectless: true,
    request: async () => ({ url: CONTRACT_PATHS.contracts }),
  },
  {
    action: 'contracts.read',
    method: 'GET',
    route: CONTRACT_PATHS.contract,
    ok: 200,
    request: async (w, side) => {
      const contract = await createContract(w.t.db, { customerId: customerOf(w, side) });
      return { url: pathTo(CONTRACT_PATHS.contract, { id: contract.id }) };
    },
  },
  {
    action: 'contracts.create',
    method: 'POST',
    route: CONTRACT_PATHS.contracts,
    ok: 201,
    request: async (w, side) => ({
      url: CONTRACT_PATHS.contracts,
      payload: gasContract(customerOf(w, side)),
    }),
  },
  {
    action: 'contracts.edit',
    method: 'PUT',
    route: CONTRACT_PATHS.contract,
    ok: 200,
    request: async (w, side) => {
      const customerId = customerOf(w, side);
      const contract = await createContract(w.t.db, { customerId, monthlyVolume: '100' });
      return {
        url: pathTo(CONTRACT_PATHS.contract, { id: contract.id }),
        payload: {
          version: 1,
          contract: gasContract(customerId, { contractId: contract.contractId }),
        },
      };
    },
  },
];
