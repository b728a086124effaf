import type { Role } from '@klik/api';
import { hashPassword } from '../kernel/passwords/password-hasher';
import type { Db } from '../db/database';
import { seedDemoContracts } from './seed-demo-contracts';
import { seedDemoPurchase } from './seed-demo-purchase';
import { LOCK_KEYS } from '../kernel/jobs/lock-keys';
import { lockForTransaction } from '../kernel/jobs/transaction-lock';
import { amsterdamDate } from '@klik/domain';
import { isHistoryEmpty, upsertHistory } from '../modules/backtest/history.repository';
import { syntheticHistory } from '../modules/backtest/synthetic-history';

/** The one password of every demo account (documented in the README). */
export const DEMO_PASSWORD = 'Klik-demo-2026';

const CUSTOMERS: { name: string; dashboards: string[]; ssoLinkByEmail?: boolean }[] = [
  {
    name: 'Bakkerij Van der Meer B.V.',
    dashboards: ['Hoofdvestiging Utrecht', 'Productielocatie Veenendaal'],
    // Its users sign in through the development identity provider (npm run idp) at once.
    ssoLinkByEmail: true,
  },
  {
    name: 'Tuinbouwbedrijf De Groene Kas B.V.',
    dashboards: ['Kassen Westland', 'Kassen Lansingerland', 'Warmtekrachtkoppeling Naaldwijk'],
  },
  {
    name: 'Metaalbewerking Jansen & Zonen B.V.',
    dashboards: ['Fabriek Eindhoven', 'Werkplaats Helmond'],
  },
  {
    name: 'Zuivelfabriek Friesland Noord B.V.',
    dashboards: ['Zuivelfabriek Leeuwarden', 'Kaasmakerij Dokkum'],
  },
  {
    name: 'Logistiek Centrum Rotterdam-Zuid B.V.',
    dashboards: ['Distributiecentrum Waalhaven', 'Koelhuis Barendrecht'],
  },
];

interface DemoUser {
  username: string;
  name: string;
  role: Role;
  email: string;
  readOnly?: boolean;
  allowTPIPage?: boolean;
  /** Manages the users of their own customers (editusers, addviewonlyuser). */
  manageUsers?: boolean;
  /** Customer-side users: their customers. The account manager: the portfolio. */
  customers: string[];
}

const [bakkerij, tuinbouw, metaal, zuivel, logistiek] = CUSTOMERS.map((customer) => customer.name);

const USERS: DemoUser[] = [
  {
    username: 'admin',
    name: 'Anne de Vries',
    role: 'admin',
    email: 'admin@klik.example',
    customers: [],
  },
  {
    username: 'accountmanager',
    name: 'Pieter Bakker',
    role: 'accountmanager',
    email: 'pieter.bakker@klik.example',
    // Migration 0007 gives an existing demo database the same portfolio.
    customers: [bakkerij!, tuinbouw!, zuivel!],
  },
  {
    username: 'consultant',
    name: 'Sanne Visser',
    role: 'consultant',
    email: 'sanne.visser@energieadvies.example',
    customers: [bakkerij!, tuinbouw!, metaal!],
  },
  {
    username: 'tpi',
    name: 'Joost Mulder',
    role: 'consultant',
    email: 'joost.mulder@inkoopcollectief.example',
    allowTPIPage: true,
    customers: [tuinbouw!, zuivel!, logistiek!],
  },
  {
    username: 'customer',
    name: 'Eva Jansen',
    role: 'customer',
    email: 'eva.jansen@bakkerijvandermeer.example',
    manageUsers: true,
    customers: [bakkerij!, tuinbouw!],
  },
  {
    username: 'viewer',
    name: 'Bram de Boer',
    role: 'customer',
    email: 'bram.deboer@bakkerijvandermeer.example',
    readOnly: true,
    customers: [bakkerij!],
  },
  {
    // A user of one of tpi's customers only, so tpi can act for Zuivelfabriek on
    // consultantdashboard (login-as reaches users whose every customer is the consultant's).
    username: 'zuivel',
    name: 'Marieke Hoekstra',
    role: 'customer',
    email: 'marieke.hoekstra@zuivelfriesland.example',
    customers: [zuivel!],
  },
];

/** True when there is nothing to protect: no users and no customers yet. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const user = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  const customer = await db.selectFrom('customers').select('id').limit(1).executeTakeFirst();
  return user === undefined && customer === undefined;
}

/** Fills an empty database with demo customers and users; leaves any other database alone. */
export async function seedDemo(db: Db, at: Date = new Date()): Promise<boolean> {
  if (!(await isDatabaseEmpty(db))) return false;
  const hashes = await Promise.all(USERS.map(() => hashPassword(DEMO_PASSWORD)));
  return db.transaction().execute(async (trx) => {
    // Instances of a deployment start together: the first to hold the lock seeds, the others
    // find the database no longer empty once they hold it.
    await lockForTransaction(trx, LOCK_KEYS.demoSeed);
    if (!(await isDatabaseEmpty(trx))) return false;
    const customerIds = new Map<string, number>();
    const demoCustomers: { id: number; dashboardIds: number[] }[] = [];
    for (const customer of CUSTOMERS) {
      const { id } = await trx
        .insertInto('customers')
        .values({ name: customer.name, sso_link_by_email: customer.ssoLinkByEmail ?? false })
        .returning('id')
        .executeTakeFirstOrThrow();
      customerIds.set(customer.name, id);
      const dashboards = await trx
        .insertInto('dashboards')
        .values(customer.dashboards.map((name, position) => ({ customer_id: id, name, position })))
        .returning('id')
        .execute();
      demoCustomers.push({ id, dashboardIds: dashboards.map((dashboard) => dashboard.id) });
    }
    const userIds = new Map<string, number>();
    for (const [index, user] of USERS.entries()) {
      const { id } = await trx
        .insertInto('users')
        .values({
          username: user.username,
          name: user.name,
          password_hash: hashes[index]!,
          role: user.role,
          locale: 'nl',
          email: user.email,
          read_only: user.readOnly ?? false,
          allow_tpi_page: user.allowTPIPage ?? false,
          manage_users: user.manageUsers ?? false,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userIds.set(user.username, id);
      if (user.customers.length > 0) {
        await trx
          .insertInto('user_customers')
          .values(
            user.customers.map((name) => ({ user_id: id, customer_id: customerIds.get(name)! })),
          )
          .execute();
      }
    }
    await seedDemoContracts(trx, demoCustomers, userIds.get('customer') ?? null);
    await seedDemoPurchase(trx, at);
    return true;
  });
}

/** The synthetic price history of the demo: always the same made-up prices for the same day. */
export const DEMO_HISTORY = { seed: 31, years: 5 } as const;

/**
 * Fills an empty price history with SYNTHETIC settlements (docs/backtest.md): every trading day of
 * the 5 years before `at`'s day, ending at the simulated feed's levels. Leaves a history that
 * holds anything (an import, an earlier seed) alone.
 */
export async function seedDemoHistory(db: Db, at: Date = new Date()): Promise<boolean> {
  if (!(await isHistoryEmpty(db))) return false;
  const rows = syntheticHistory({ ...DEMO_HISTORY, before: amsterdamDate(at) });
  return db.transaction().execute(async (trx) => {
    // Instances starting together: the first to hold the lock fills it, the others find it full.
    await lockForTransaction(trx, LOCK_KEYS.demoSeed);
    if (!(await isHistoryEmpty(trx))) return false;
    await upsertHistory(trx, rows, 'SYNTHETIC', at);
    return true;
  });
}
