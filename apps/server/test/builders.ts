import { randomBytes } from 'node:crypto';
import type { Role } from '@klik/api';
import { MATURITIES, type ClickType, type Maturity, type MarketOption } from '@klik/domain';
import type { Db } from '../src/db/database';
import type { ClickStatus, MarketProduct, PartName } from '../src/db/schema';
import { recordClick, type RecordedClick } from '../src/demo/record-click';
import { hashPassword } from '../src/kernel/passwords/password-hasher';

function unique(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

export interface BuiltUser {
  id: number;
  username: string;
  password: string;
  role: Role;
}

export async function createUser(
  db: Db,
  options: {
    username?: string;
    name?: string;
    password?: string;
    role?: Role;
    locale?: string;
    readOnly?: boolean;
    allowTPIPage?: boolean;
    disabled?: boolean;
    customerIds?: number[];
  } = {},
): Promise<BuiltUser> {
  const username = options.username ?? unique('user');
  const password = options.password ?? `Pw-${randomBytes(6).toString('hex')}`;
  const role = options.role ?? 'customer';
  const { id } = await db
    .insertInto('users')
    .values({
      username,
      name: options.name ?? `Test ${username}`,
      password_hash: await hashPassword(password),
      role,
      locale: options.locale ?? 'nl',
      read_only: options.readOnly ?? false,
      allow_tpi_page: options.allowTPIPage ?? false,
      disabled: options.disabled ?? false,
      email: `${username}@example.test`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.customerIds && options.customerIds.length > 0) {
    await db
      .insertInto('user_customers')
      .values(options.customerIds.map((customerId) => ({ user_id: id, customer_id: customerId })))
      .execute();
  }
  return { id, username, password, role };
}

export interface BuiltCustomer {
  id: number;
  name: string;
  dashboards: { id: number; name: string }[];
}

export async function createCustomer(
  db: Db,
  options: { name?: string; dashboards?: string[] } = {},
): Promise<BuiltCustomer> {
  const name = options.name ?? unique('Klant B.V.');
  const { id } = await db
    .insertInto('customers')
    .values({ name })
    .returning('id')
    .executeTakeFirstOrThrow();
  const dashboardNames = options.dashboards ?? ['Hoofdlocatie', 'Nevenvestiging'];
  const dashboards =
    dashboardNames.length === 0
      ? []
      : await db
          .insertInto('dashboards')
          .values(
            dashboardNames.map((dashboard, position) => ({
              customer_id: id,
              name: dashboard,
              position,
            })),
          )
          .returning(['id', 'name'])
          .execute();
  return { id, name, dashboards };
}

export interface BuiltContract {
  id: number;
  contractId: string;
  customerId: number;
}

let contractCounter = 0;

/**
 * A contract with a flat ledger: every part has `monthlyVolume` MWh in every month of every
 * year (Gas for gas, Peak and OffPeak for power), nothing clicked yet.
 */
export async function createContract(
  db: Db,
  options: {
    customerId: number;
    contractId?: string;
    commodity?: 'Power' | 'Gas';
    product?: string;
    clickType?: ClickType;
    clickOption?: MarketOption;
    markUp?: string;
    transactionFee?: string;
    runOut?: boolean;
    years?: number[];
    monthlyVolume?: string;
    dashboardIds?: number[];
  },
): Promise<BuiltContract> {
  contractCounter += 1;
  const contractId =
    options.contractId ?? `KL-T${randomBytes(3).toString('hex')}${String(contractCounter)}`;
  const commodity = options.commodity ?? 'Gas';
  const years = options.years ?? [2027];
  const monthlyVolume = options.monthlyVolume ?? '100';
  const { id } = await db
    .insertInto('contracts')
    .values({
      contract_id: contractId,
      customer_id: options.customerId,
      commodity,
      product: options.product ?? (commodity === 'Gas' ? 'Gas TTF' : 'Stroom Peak/Off-peak NL'),
      click_type: options.clickType ?? null,
      click_option: options.clickOption ?? 'PRE_EOD',
      mark_up: options.markUp ?? '2',
      transaction_fee: options.transactionFee ?? '0.25',
      contracted_volume: String(Number(monthlyVolume) * 12 * years.length),
      run_out: options.runOut ?? true,
      max_clicks_per_year: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const parts: PartName[] = commodity === 'Gas' ? ['Gas'] : ['Peak', 'OffPeak'];
  await db
    .insertInto('position_months')
    .values(
      years.flatMap((year) =>
        parts.flatMap((part) =>
          Array.from({ length: 12 }, (_, index) => ({
            contract_id: id,
            part,
            year_of_supply: year,
            month: index + 1,
            total_volume: monthlyVolume,
          })),
        ),
      ),
    )
    .execute();
  if (options.dashboardIds && options.dashboardIds.length > 0) {
    await db
      .insertInto('dashboard_contracts')
      .values(
        options.dashboardIds.map((dashboardId) => ({
          dashboard_id: dashboardId,
          contract_id: id,
          customer_id: options.customerId,
        })),
      )
      .execute();
  }
  return { id, contractId, customerId: options.customerId };
}

/** OTC and ICE offers (or only the markets given) for a product's maturities of a year. */
export async function createOffers(
  db: Db,
  options: {
    product: MarketProduct;
    yearOfSupply: number;
    maturities?: readonly Maturity[];
    /** null: an offer without a price yet. */
    otcPrice?: string | null;
    icePrice?: string | null;
    markets?: readonly ('OTC' | 'ICE')[];
    quotedAt?: Date;
  },
): Promise<void> {
  const maturities = options.maturities ?? MATURITIES;
  const markets = options.markets ?? ['OTC', 'ICE'];
  await db
    .insertInto('market_offers')
    .values(
      maturities.flatMap((maturity) =>
        markets.map((market) => ({
          product: options.product,
          year_of_supply: options.yearOfSupply,
          maturity,
          market,
          price: market === 'OTC' ? (options.otcPrice ?? null) : (options.icePrice ?? null),
          quoted_at: options.quotedAt ?? new Date('2026-11-20T09:00:00Z'),
        })),
      ),
    )
    .onConflict((oc) =>
      oc.columns(['product', 'year_of_supply', 'maturity', 'market']).doUpdateSet((eb) => ({
        price: eb.ref('excluded.price'),
        quoted_at: eb.ref('excluded.quoted_at'),
      })),
    )
    .execute();
}

/** A click on a contract; a completed one is written to the ledger as the portal does. */
export async function createClick(
  db: Db,
  options: {
    contractId: number;
    yearOfSupply: number;
    maturity: Maturity;
    parts: RecordedClick['parts'];
    status?: ClickStatus;
    auto?: boolean;
    market?: 'OTC' | 'ICE';
    createdAt?: Date;
  },
): Promise<number> {
  const createdAt = options.createdAt ?? new Date('2026-10-01T10:00:00Z');
  const status = options.status ?? 'COMPLETED';
  return db.transaction().execute((trx) =>
    recordClick(trx, {
      contractRowId: options.contractId,
      yearOfSupply: options.yearOfSupply,
      maturity: options.maturity,
      status,
      auto: options.auto ?? false,
      market: options.market ?? 'OTC',
      createdAt,
      completedAt: status === 'COMPLETED' ? createdAt : null,
      createdBy: null,
      parts: options.parts,
    }),
  );
}

/** Publishes a version of the terms: the default ones, or a customer's own. */
export async function createTermsVersion(
  db: Db,
  options: { version: number; customerId?: number; publishedAt?: Date },
): Promise<void> {
  await db
    .insertInto('terms_versions')
    .values({
      customer_id: options.customerId ?? null,
      version: options.version,
      body_nl: `Voorwaarden ${options.version}`,
      body_en: `Terms ${options.version}`,
      published_at: options.publishedAt ?? new Date('2026-01-01T00:00:00Z'),
    })
    .execute();
}
