import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Maturity } from '@klik/domain';
import { createContract, createCustomer, createOffers } from '../../../test/builders';
import { ledgerInvariant, raceUser, startRaceApp, type RaceApp } from '../../../test/race-app';
import { TestClock } from '../../../test/test-clock';
import { AppError } from '../../kernel/http/app-error';
import { FRIDAY_11 } from '../purchase/purchase-test-kit';
import { MultiClickService } from './multi-click.service';
import { onPostgres } from '../../../test/test-database';

const CUSTOMERS = 6;
const RACERS_PER_CUSTOMER = 15;
const WAVES = 3;

// PGlite runs one transaction at a time and cannot show a race: PostgreSQL only.
describe.skipIf(!onPostgres)(
  'a multi-customer click racing single clicks on PostgreSQL (skipped on PGlite)',
  () => {
    let race: RaceApp;
    const clock = new TestClock(FRIDAY_11);

    beforeAll(async () => {
      race = await startRaceApp(clock, 40);
    }, 60_000);

    afterAll(async () => {
      await race?.close();
    });

    it('never fills any customer beyond its volume, and each position one click at a time', async () => {
      const { db, app } = race;
      for (const [product, otcPrice] of [
        ['NL_POWER_PEAK', '80'],
        ['NL_POWER_OFFPEAK', '60'],
      ] as const) {
        await createOffers(db, { product, yearOfSupply: 2027, otcPrice, icePrice: otcPrice });
      }
      const contracts: { id: number; contractId: string; customerId: number }[] = [];
      for (let index = 0; index < CUSTOMERS; index += 1) {
        const customer = await createCustomer(db);
        const contract = await createContract(db, {
          customerId: customer.id,
          commodity: 'Power',
          years: [2027],
          monthlyVolume: '100',
        });
        contracts.push({ ...contract, customerId: customer.id });
      }
      const customerIds = contracts.map((contract) => contract.customerId);
      const tpi = await raceUser(db, clock.now(), 'consultant', customerIds);
      // Half the customers are contested by their own users; on the others the multi-click
      // must still make its clicks while the contested ones are being decided.
      const contested = contracts.filter((_, index) => index % 2 === 0);
      const racers = await Promise.all(
        contested.flatMap((contract) =>
          Array.from({ length: RACERS_PER_CUSTOMER }, async (_, index) => ({
            contract,
            maturity: (['Y', 'Q1', 'M1'] as const)[index % 3] as Maturity,
            auth: await raceUser(db, clock.now(), 'customer', [contract.customerId]),
          })),
        ),
      );
      const service = app.purchase.service;
      const multiClick = new MultiClickService({
        db,
        now: clock.now,
        purchase: service,
        log: { error: () => {} },
      });

      let replaces: string[] = [];
      let multiClicks = 0;
      for (let wave = 0; wave < WAVES; wave += 1) {
        const preview = await multiClick.preview(
          tpi,
          {
            customerIds,
            commodity: 'Power',
            yearOfSupply: 2027,
            maturity: 'Q1',
            market: 'OTC',
            percentage: '50',
            replacesQuoteIds: replaces,
          },
          null,
        );
        const tpiQuotes = preview.customers.flatMap((customer) =>
          customer.lines.flatMap((line) => (line.quote ? [line.quote.quoteId] : [])),
        );
        replaces = tpiQuotes;
        const singles = (
          await Promise.all(
            racers.map(async (racer) => {
              const quote = await service
                .quote(
                  racer.auth,
                  {
                    customerId: racer.contract.customerId,
                    contractId: racer.contract.contractId,
                    yearOfSupply: 2027,
                    maturity: racer.maturity,
                    market: 'OTC',
                    percentage: '30',
                  },
                  null,
                )
                .catch(() => null);
              return quote ? { auth: racer.auth, quoteId: quote.quoteId } : null;
            }),
          )
        ).flatMap((single) => (single ? [single] : []));
        const [multi, ...results] = await Promise.allSettled([
          multiClick.execute(
            tpi,
            {
              items: tpiQuotes.map((quoteId) => ({ quoteId, idempotencyKey: randomUUID() })),
            },
            null,
          ),
          ...singles.map(({ auth, quoteId }) =>
            service.execute(auth, { quoteId, idempotencyKey: randomUUID() }, null),
          ),
        ]);
        if (multi?.status !== 'fulfilled') throw multi?.reason;
        const refusals = [
          ...multi.value.outcomes.flatMap((outcome) =>
            outcome.refusal ? [outcome.refusal.code] : [],
          ),
          ...results.flatMap((result) =>
            result.status === 'rejected' ? [(result.reason as AppError).code] : [],
          ),
        ];
        // Every racer's position overlaps the consultant's: the others see a pending click.
        expect(refusals.filter((code) => code !== 'DC_31' && code !== 'DC_12')).toEqual([]);
        expect(results.every((r) => r.status === 'fulfilled' || r.reason instanceof AppError)).toBe(
          true,
        );
        const won = multi.value.outcomes.filter((outcome) => outcome.click);
        multiClicks += won.length;
        if (wave === 0) {
          const uncontested = contracts.filter((contract) => !contested.includes(contract));
          expect(won.map((outcome) => outcome.contractId)).toEqual(
            expect.arrayContaining(uncontested.map((contract) => contract.contractId)),
          );
        }
        const made = await db
          .selectFrom('clicks')
          .select(['contract_id', (eb) => eb.fn.countAll<string>().as('count')])
          .where('created_at', '=', clock.now())
          .groupBy('contract_id')
          .execute();
        expect(made.every((row) => Number(row.count) === 1)).toBe(true);
        expect(await ledgerInvariant(db)).toEqual({ overfilled: '0', mismatch: '0' });
        clock.advance(10_000);
        await app.purchase.desk.runOnce();
      }
      expect(multiClicks).toBeGreaterThanOrEqual(CUSTOMERS / 2);
      expect(await ledgerInvariant(db)).toEqual({ overfilled: '0', mismatch: '0' });
    });
  },
);
