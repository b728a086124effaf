import { randomUUID } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Maturity } from '@klik/domain';
import { createContract, createCustomer, createOffers } from '../../../test/builders';
import { ledgerInvariant, raceUser, startRaceApp, type RaceApp } from '../../../test/race-app';
import { testConfig } from '../../../test/test-app';
import { TestClock } from '../../../test/test-clock';
import { buildApp } from '../../app';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { readNewPrices } from '../market/price-watch';
import { readablePrices } from '../market/price-watch-test-kit';
import { InProcessEventBus } from '../../kernel/events/event-bus';
import { FRIDAY_11 } from '../purchase/purchase-test-kit';
import { idempotencyKeyOf, StandingOrderWatcher } from './standing-order-watcher';
import { onPostgres } from '../../../test/test-database';

const CONTRACTS = 6;
const ORDERS_PER_CONTRACT = 4;
const BURST = 4;

// PGlite runs one transaction at a time and cannot show a race: PostgreSQL only.
describe.skipIf(!onPostgres)(
  'standing orders on two instances and racing manual clicks on PostgreSQL (skipped on PGlite)',
  () => {
    let race: RaceApp;
    let second: { app: FastifyInstance; db: Db };
    const clock = new TestClock(FRIDAY_11);

    beforeAll(async () => {
      race = await startRaceApp(clock, 30);
      const pool = new pg.Pool({ connectionString: race.database.url as string, max: 30 });
      pool.on('error', () => {});
      const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
      const app = await buildApp(testConfig(), {
        db,
        bus: new InProcessEventBus(),
        now: clock.now,
      });
      await app.ready();
      second = { app, db };
    }, 60_000);

    afterAll(async () => {
      await second?.app.close();
      await second?.db.destroy();
      await race?.close();
    });

    it('a burst of prices crossing the limit on both instances: one click per order at most, never an overfill', async () => {
      const { db } = race;
      await createOffers(db, {
        product: 'TTF_GAS',
        yearOfSupply: 2027,
        otcPrice: '40',
        icePrice: '40',
      });
      const watchers = [race.app, second.app].map(
        (app) =>
          new StandingOrderWatcher({
            db: app.deps.db,
            purchase: app.purchase.service,
            flushEvents: () => app.outbox.flush(),
            log: { error: () => {} },
          }),
      );
      const orders: { id: number; contractId: number }[] = [];
      const manual: { auth: AuthContext; customerId: number; contractId: string }[] = [];
      for (let index = 0; index < CONTRACTS; index += 1) {
        const customer = await createCustomer(db);
        const contract = await createContract(db, {
          customerId: customer.id,
          commodity: 'Gas',
          years: [2027],
          monthlyVolume: '100',
        });
        for (let n = 0; n < ORDERS_PER_CONTRACT; n += 1) {
          const auth = await raceUser(db, clock.now(), 'customer', [customer.id]);
          // Gas Q1 is 300 MWh: orders of 120 and a manual click of 120 cannot all fit.
          const maturity = (['Q1', 'M1', 'Y', 'Q1'] as const)[n] as Maturity;
          const { id } = await db
            .insertInto('standing_orders')
            .values({
              customer_id: customer.id,
              contract_id: contract.id,
              year_of_supply: 2027,
              maturity,
              market: 'OTC',
              percentage: null,
              volumes: JSON.stringify({ Gas: maturity === 'Y' ? '600' : '120' }),
              limit_price: '35',
              stop_price: null,
              valid_until: '2026-12-31',
              second_factor: null,
              terms_version: null,
              created_by: auth.user.id,
              created_at: clock.now(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          orders.push({ id, contractId: contract.id });
        }
        // Half the contracts are contested by their own user's click of the same quarter.
        if (index % 2 === 0)
          manual.push({
            auth: await raceUser(db, clock.now(), 'customer', [customer.id]),
            customerId: customer.id,
            contractId: contract.contractId,
          });
      }
      // The cursor starts before the burst.
      await readNewPrices(db, 'race-standing-orders');
      for (let tick = 0; tick < BURST; tick += 1) {
        await race.app.market.recorder.record(
          (['Q1', 'M1', 'Y'] as const).map((maturity) => ({
            product: 'TTF_GAS' as const,
            yearOfSupply: 2027,
            maturity,
            market: 'OTC' as const,
            price: String(30 - tick),
            at: clock.now().toISOString(),
          })),
          'INGEST',
        );
      }
      const prices = await readablePrices(db, 'race-standing-orders', BURST * 3);
      expect(prices).toHaveLength(BURST * 3);
      // Each instance handles every price of the burst (as after a lost lock or a replay), price
      // by price, while each customer's own user clicks the same quarter by hand.
      const manualClicks = manual.map(async ({ auth, customerId, contractId }, index) => {
        await new Promise((resolve) => setTimeout(resolve, index * 15));
        try {
          const quote = await race.app.purchase.service.quote(
            auth,
            {
              customerId,
              contractId,
              yearOfSupply: 2027,
              maturity: 'Q1',
              market: 'OTC',
              volumes: { Gas: '120' },
            },
            null,
          );
          await race.app.purchase.service.execute(
            auth,
            { quoteId: quote.quoteId, idempotencyKey: randomUUID() },
            null,
          );
          return 'clicked';
        } catch {
          return 'refused';
        }
      });
      await Promise.all([
        ...watchers.map(async (watcher) => {
          for (const price of prices) await watcher.handle([price], clock.now());
        }),
        ...manualClicks,
      ]);
      // And the whole burst once more on both, at once.
      await Promise.all(watchers.map((watcher) => watcher.handle(prices, clock.now())));

      const rows = await db
        .selectFrom('standing_orders')
        .select(['id', 'status', 'click_id', 'waiting_reason', 'lapse_reason'])
        .execute();
      const clicks = await db
        .selectFrom('clicks')
        .select(['id', 'idempotency_key', 'status'])
        .execute();
      for (const order of orders) {
        const row = rows.find((candidate) => candidate.id === order.id);
        const made = clicks.filter((click) => click.idempotency_key === idempotencyKeyOf(order.id));
        expect(made.length).toBeLessThanOrEqual(1);
        if (row?.status === 'EXECUTED') {
          expect(made.map((click) => click.id)).toEqual([row.click_id]);
        } else {
          expect(made).toEqual([]);
          // Waiting for the pending click of its contract, or lapsed once the volume is gone.
          expect(row?.status === 'LAPSED' || row?.waiting_reason === 'DC_31').toBe(true);
        }
      }
      // Every position of a contract overlaps: one click pending per contract at a time.
      expect(clicks).toHaveLength(CONTRACTS);
      // Where no one clicked by hand, one order of each contract executed.
      expect(rows.filter((row) => row.status === 'EXECUTED').length).toBeGreaterThanOrEqual(
        CONTRACTS / 2,
      );
      expect(await ledgerInvariant(db)).toEqual({ overfilled: '0', mismatch: '0' });
    });
  },
);
