import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Maturity } from '@klik/domain';
import { createContract, createCustomer, createOffers } from '../../../test/builders';
import { ledgerInvariant, raceUser, startRaceApp, type RaceApp } from '../../../test/race-app';
import { TestClock } from '../../../test/test-clock';
import type { TestDatabase } from '../../../test/test-database';
import type { Db } from '../../db/database';
import type { AppError } from '../../kernel/http/app-error';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { PgAdvisoryLock } from '../../kernel/jobs/leader-lock';
import { ClickDesk } from './click-desk';
import { FRIDAY_11 } from './purchase-test-kit';
import { LOCK_KEYS } from '../../kernel/jobs/lock-keys';
import { onPostgres } from '../../../test/test-database';

const CONCURRENCY = 200;

// PGlite serves one connection and runs every transaction one after another: it cannot show a
// race, so these run on PostgreSQL (TEST_DATABASE_URL) only.
describe.skipIf(!onPostgres)(
  'concurrent clicks on PostgreSQL (skipped on PGlite: one connection cannot race)',
  () => {
    let race: RaceApp;
    let db: Db;
    let app: FastifyInstance;
    let database: TestDatabase;
    const clock = new TestClock(FRIDAY_11);

    beforeAll(async () => {
      race = await startRaceApp(clock, 50);
      ({ db, app, database } = race);
    }, 60_000);

    afterAll(async () => {
      await race?.close();
    });

    function users(customerId: number, count: number): Promise<AuthContext[]> {
      return Promise.all(
        Array.from({ length: count }, () => raceUser(db, clock.now(), 'customer', [customerId])),
      );
    }

    it(`${CONCURRENCY} executions at once on Y, Q1 and M1 never click more than is open`, async () => {
      const customer = await createCustomer(db);
      const contract = await createContract(db, {
        customerId: customer.id,
        commodity: 'Power',
        years: [2027],
        monthlyVolume: '100',
      });
      await createOffers(db, {
        product: 'NL_POWER_PEAK',
        yearOfSupply: 2027,
        otcPrice: '80',
        icePrice: '79',
      });
      await createOffers(db, {
        product: 'NL_POWER_OFFPEAK',
        yearOfSupply: 2027,
        otcPrice: '60',
        icePrice: '59',
      });
      const racers = await users(customer.id, CONCURRENCY);
      const maturities: Maturity[] = ['Y', 'Q1', 'M1'];
      const service = app.purchase.service;

      let accepted = 0;
      for (let wave = 0; wave < 4; wave += 1) {
        const quotes = await Promise.all(
          racers.map((auth, index) =>
            service
              .quote(
                auth,
                {
                  customerId: customer.id,
                  contractId: contract.contractId,
                  yearOfSupply: 2027,
                  maturity: maturities[index % 3] as Maturity,
                  market: 'OTC',
                  percentage: '100',
                },
                null,
              )
              .catch(() => null),
          ),
        );
        const ready = quotes.flatMap((quote, index) =>
          quote === null ? [] : [{ auth: racers[index] as AuthContext, quoteId: quote.quoteId }],
        );
        if (ready.length === 0) break;
        const results = await Promise.allSettled(
          ready.map(({ auth, quoteId }) =>
            service.execute(auth, { quoteId, idempotencyKey: randomUUID() }, null),
          ),
        );
        const won = results.filter((result) => result.status === 'fulfilled');
        const refusals = results.flatMap((result) =>
          result.status === 'rejected' ? [(result.reason as AppError).code] : [],
        );
        // Every position overlaps every other: one click may be pending at a time; the others
        // see it pending (DC_31) or, where it took everything that was open, no volume (DC_12).
        expect(won).toHaveLength(1);
        expect(refusals.filter((code) => code !== 'DC_31' && code !== 'DC_12')).toEqual([]);
        accepted += won.length;
        expect(await ledgerInvariant(db)).toEqual({ overfilled: '0', mismatch: '0' });
        clock.advance(10_000);
        await app.purchase.desk.runOnce();
      }
      expect(accepted).toBeGreaterThan(0);
      expect(await ledgerInvariant(db)).toEqual({ overfilled: '0', mismatch: '0' });
    });

    it('duplicate idempotency keys racing each other make exactly one click', async () => {
      const customer = await createCustomer(db);
      const contract = await createContract(db, {
        customerId: customer.id,
        commodity: 'Gas',
        years: [2027],
        monthlyVolume: '100',
      });
      await createOffers(db, {
        product: 'TTF_GAS',
        yearOfSupply: 2027,
        otcPrice: '30',
        icePrice: '29',
      });
      const [auth] = await users(customer.id, 1);
      const quote = await app.purchase.service.quote(
        auth as AuthContext,
        {
          customerId: customer.id,
          contractId: contract.contractId,
          yearOfSupply: 2027,
          maturity: 'Q2',
          market: 'OTC',
          percentage: '40',
        },
        null,
      );
      const idempotencyKey = randomUUID();
      const results = await Promise.all(
        // Some at once, some a little later, so that retries also arrive while the first is
        // committing and after it committed (when its click already marks the position DC_31).
        Array.from({ length: 50 }, async (_, index) => {
          await new Promise((resolve) => setTimeout(resolve, (index % 10) * 5));
          return app.purchase.service.execute(
            auth as AuthContext,
            { quoteId: quote.quoteId, idempotencyKey },
            null,
          );
        }),
      );
      expect(new Set(results.map((click) => click.id)).size).toBe(1);
      const clicks = await db
        .selectFrom('clicks')
        .select('id')
        .where('contract_id', '=', contract.id)
        .execute();
      expect(clicks).toHaveLength(1);
      expect(await ledgerInvariant(db)).toEqual({ overfilled: '0', mismatch: '0' });
    });

    it('one instance runs the click desk; another takes over when it stops', async () => {
      const desk = (name: string, led: string[]) =>
        new ClickDesk({
          db,
          now: clock.now,
          flushEvents: async () => {},
          lock: new PgAdvisoryLock(database.url as string, LOCK_KEYS.clickDesk),
          completionDelayMs: 10_000,
          completionTimeoutMs: 3600_000,
          intervalMs: 60_000,
          log: { info: () => led.push(name), error: () => {} },
        });
      const led: string[] = [];
      const first = desk('first', led);
      const second = desk('second', led);
      await first.tick();
      await second.tick();
      expect(led).toEqual(['first']);
      await first.stop();
      await second.tick();
      expect(led).toEqual(['first', 'second']);
      await second.stop();
    });
  },
);
