import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_PATHS, ContractDetailSchema, type ContractDetail, pathTo } from '@klik/api';
import { createContract, createCustomer, createOffers } from '../../../test/builders';
import { raceUser, startRaceApp, type RaceApp } from '../../../test/race-app';
import { TestClock } from '../../../test/test-clock';
import type { AppError } from '../../kernel/http/app-error';
import { call, purchaseWorlds } from '../admin/admin-test-kit';
import {
  executeOk,
  FRIDAY_11,
  postExecute,
  postQuote,
  quoteOk,
} from '../purchase/purchase-test-kit';
import { detailOk, inputOf } from './contracts-test-kit';
import { ContractsService } from './contracts.service';
import { onPostgres } from '../../../test/test-database';

describe(`a contract's settings where clicks are made, on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  const world = purchaseWorlds();

  async function edit(
    w: Awaited<ReturnType<typeof world>>,
    change: (input: ReturnType<typeof inputOf>) => ReturnType<typeof inputOf>,
  ): Promise<ContractDetail> {
    const current = await detailOk(w.world, w.adminToken, w.world.contract.id);
    const response = await call(
      w.world,
      w.adminToken,
      'PUT',
      pathTo(CONTRACT_PATHS.contract, { id: current.id }),
      {
        version: current.version,
        contract: change(inputOf(current)),
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    return ContractDetailSchema.parse(response.json());
  }

  it('lapses an open quote when the contract changes; a new quote takes the new terms', async () => {
    const w = await world();
    const quote = await quoteOk(w.world, { maturity: 'Q1', percentage: '25' });
    await edit(w, (input) => ({
      ...input,
      pricing: [
        { part: 'Peak', markUp: '5', transactionFee: '0.25' },
        { part: 'OffPeak', markUp: '3', transactionFee: '0.5' },
      ],
    }));
    const lapsed = await postExecute(w.world, { quoteId: quote.quoteId });
    expect(lapsed.statusCode).toBe(409);
    expect(lapsed.json()).toMatchObject({ code: 'CONTRACT_CHANGED' });
    const again = await quoteOk(w.world, { maturity: 'Q1', percentage: '25' });
    const prices = Object.fromEntries(again.parts.map((part) => [part.name, part.clickPrice]));
    // OTC Peak 80 + 5 + 0.25, Off-peak 60 + 3 + 0.5: each part at its own mark-up and fee.
    expect(prices).toEqual({ Peak: '85.25', OffPeak: '63.5' });
    const click = await executeOk(w.world, again.quoteId);
    expect(click.status).toBe('IN_PROGRESS');
  });

  it('keeps a quote made after the last change, and a click made before a change as it was', async () => {
    const w = await world();
    const first = await executeOk(w.world, (await quoteOk(w.world, { maturity: 'M1' })).quoteId);
    const before = await w.world.t.db.selectFrom('click_months').selectAll().execute();
    await edit(w, (input) => ({ ...input, lumpSum: '99' }));
    expect(await w.world.t.db.selectFrom('click_months').selectAll().execute()).toEqual(before);
    expect(first.id).toBeGreaterThan(0);
    const quote = await quoteOk(w.world, { maturity: 'M2' });
    expect((await postExecute(w.world, { quoteId: quote.quoteId })).statusCode).toBe(200);
  });

  it("applies the contract's click limits, deadline rule and four-eyes setting", async () => {
    const w = await world();
    await edit(w, (input) => ({
      ...input,
      clickLimits: { maxClicksPerYear: null, minClickPercentage: '1', maxClickPercentage: '10' },
    }));
    const tooMuch = await postQuote(w.world, { maturity: 'Y', percentage: '25' });
    expect(tooMuch.json()).toMatchObject({ code: 'VOLUME_TOO_HIGH', details: { max: '120' } });

    // Q1 2027's deadline moves to 30 trading days before 1 January: passed on 20 November.
    await edit(w, (input) => ({ ...input, deadlineRule: { YEAR: 1, QUARTER: 30, MONTH: 1 } }));
    expect((await postQuote(w.world, { maturity: 'Q1', percentage: '5' })).json()).toMatchObject({
      code: 'DC_21',
    });
    const view = await w.world.t.app.inject({
      method: 'GET',
      url: `/rest/contractData/contract/${w.world.customer.id}/${w.world.contract.contractId}`,
      headers: { authorization: w.world.token },
    });
    const q1 = (
      view.json() as {
        statusPerContract: {
          quarterStatuses: { maturity: string; disableClickReason: string | null }[];
        };
      }
    ).statusPerContract.quarterStatuses.find((status) => status.maturity === 'Q1');
    expect(q1?.disableClickReason).toBe('DC_21');

    await edit(w, (input) => ({ ...input, requireApproval: true }));
    const click = await executeOk(
      w.world,
      (await quoteOk(w.world, { maturity: 'M1', percentage: '5' })).quoteId,
    );
    expect(click.status).toBe('PENDING_APPROVAL');
  });
});

// PGlite serves one connection and cannot race: the race runs on PostgreSQL only.
describe.skipIf(!onPostgres)('an edit racing a click on PostgreSQL', () => {
  let race: RaceApp;
  const clock = new TestClock(FRIDAY_11);

  beforeAll(async () => {
    race = await startRaceApp(clock, 10);
  }, 60_000);

  afterAll(async () => {
    await race?.close();
  });

  it('the click sees the contract before or after the edit, never a mix: exactly one wins', async () => {
    const { db, app } = race;
    const customer = await createCustomer(db);
    await createOffers(db, {
      product: 'TTF_GAS',
      yearOfSupply: 2027,
      otcPrice: '30',
      icePrice: '29',
    });
    const user = await raceUser(db, clock.now(), 'customer', [customer.id]);
    const someone = await raceUser(db, clock.now(), 'consultant', [customer.id]);
    const admin = { ...someone, user: { ...someone.user, role: 'admin' as const } };
    const contracts = new ContractsService({ db, now: clock.now, flushEvents: async () => {} });
    const outcomes: string[] = [];
    for (let round = 0; round < 12; round += 1) {
      const built = await createContract(db, { customerId: customer.id, monthlyVolume: '100' });
      const quote = await app.purchase.service.quote(
        user,
        {
          customerId: customer.id,
          contractId: built.contractId,
          yearOfSupply: 2027,
          maturity: 'Q1',
          market: 'OTC',
          percentage: '25',
        },
        null,
      );
      const current = await contracts.get(admin, built.id);
      // Every month down to 1 MWh: below what the click puts in each month of Q1 (25 MWh).
      const lowered = {
        ...inputOf(current),
        volumes: [{ yearOfSupply: 2027, part: 'Gas' as const, volume: '12', profile: null }],
      };
      const [click, change] = await Promise.allSettled([
        app.purchase.service.execute(
          user,
          { quoteId: quote.quoteId, idempotencyKey: randomUUID() },
          null,
        ),
        contracts.update(admin, built.id, { version: current.version, contract: lowered }, null),
      ]);
      const code = (result: PromiseSettledResult<unknown>) =>
        result.status === 'fulfilled' ? 'ok' : (result.reason as AppError).code;
      outcomes.push(`${code(click)}/${code(change)}`);
    }
    expect(
      outcomes.filter((o) => o !== 'ok/VOLUME_BELOW_CLICKED' && o !== 'CONTRACT_CHANGED/ok'),
    ).toEqual([]);
  });
});
