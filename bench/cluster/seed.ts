// What bench:cluster puts in the database the cluster made (scripts/cluster.mjs migrated it):
// the fan-out customers and their websocket users (bench/fanout/seed.ts), a dashboard for the
// positions requests, and per fan-out customer one user who clicks on that customer's contracts,
// so each click is news for the customer's websocket users on every instance.
import { MONTHS, type Maturity } from '@klik/domain';
import type { Db } from '../../apps/server/src/db/database';
import { createContract, createCustomer } from '../../apps/server/test/builders';
import { customerSessions, fillFanoutDatabase, type BenchClient } from '../fanout/seed';
import { POSITION_PATHS, pathTo } from '@klik/api';

/** Contracts on the positions dashboard, as bench:positions has them. */
const DASHBOARD_CONTRACTS = 20;
const DASHBOARD_YEARS = [2027, 2028, 2029];
/** The year the clicks buy in: every month of it is quoted by the simulated feed. */
export const CLICK_YEAR = 2027;

/** One click to make: a position no other click of the run touches. */
export interface ClickPlan {
  token: string;
  customerId: number;
  contractId: string;
  maturity: Maturity;
}

export interface ClusterSeed {
  clients: BenchClient[];
  audiences: number;
  dashboard: { path: string; token: string };
  /** Per clicking user, that user's clicks in order (a user has one click in progress at most). */
  clickers: ClickPlan[][];
}

async function seedDashboard(db: Db, now: Date): Promise<ClusterSeed['dashboard']> {
  const customer = await createCustomer(db, {
    name: 'Cluster dashboard B.V.',
    dashboards: ['Alle contracten'],
  });
  const dashboardId = customer.dashboards[0]?.id as number;
  for (let i = 0; i < DASHBOARD_CONTRACTS; i += 1) {
    await createContract(db, {
      customerId: customer.id,
      commodity: i % 2 === 0 ? 'Power' : 'Gas',
      years: DASHBOARD_YEARS,
      monthlyVolume: String(300 + ((i * 37) % 500)),
      dashboardIds: [dashboardId],
    });
  }
  const [token] = await customerSessions(db, [customer.id], now, 'cluster-dashboard');
  return {
    path: pathTo(POSITION_PATHS.dashboardContractData, { dashboardId }),
    token: token as string,
  };
}

/**
 * `clicks` clicks of 50 % on distinct months of CLICK_YEAR, over the fan-out customers'
 * contracts: one clicking user per customer, customers taking turns so the clicks spread.
 */
async function planClicks(db: Db, clicks: number, now: Date): Promise<ClickPlan[][]> {
  const contracts = await db
    .selectFrom('contracts')
    .select(['contract_id', 'customer_id'])
    .where('contract_id', 'like', 'KL-T%')
    .orderBy('id')
    .execute();
  const customerIds = [...new Set(contracts.map((c) => c.customer_id))];
  const tokens = await customerSessions(db, customerIds, now, 'cluster-clicker');
  const positions = customerIds.map((customerId) =>
    contracts
      .filter((c) => c.customer_id === customerId)
      .flatMap((c) => MONTHS.map((maturity) => ({ contractId: c.contract_id, maturity }))),
  );
  const available = positions.reduce((n, list) => n + list.length, 0);
  if (clicks > available) {
    throw new Error(`${clicks} clicks asked for, ${available} positions to click on`);
  }
  const plans: ClickPlan[][] = customerIds.map(() => []);
  for (let made = 0, round = 0; made < clicks; round += 1) {
    for (let c = 0; c < customerIds.length && made < clicks; c += 1) {
      const position = positions[c]?.[round];
      if (!position) continue;
      plans[c]?.push({
        token: tokens[c] as string,
        customerId: customerIds[c] as number,
        ...position,
      });
      made += 1;
    }
  }
  return plans.filter((plan) => plan.length > 0);
}

export async function seedCluster(
  db: Db,
  options: { customers: number; clients: number; clicks: number; now: Date },
): Promise<ClusterSeed> {
  const { clients, audiences } = await fillFanoutDatabase(
    db,
    options.customers,
    options.clients,
    options.now,
  );
  const clickers = await planClicks(db, options.clicks, options.now);
  const dashboard = await seedDashboard(db, options.now);
  return { clients, audiences, dashboard, clickers };
}
