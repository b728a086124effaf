import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorBodySchema, MultiClickResultSchema, type Quote } from '@klik/api';
import { createClick, createUser, type BuiltCustomer } from '../../../test/builders';
import { login } from '../../../test/test-app';
import { executeOk, quoteOk } from '../purchase/purchase-test-kit';
import {
  itemsFor,
  multiClickWorld,
  multiExecuteOk,
  postMultiExecute,
  postPreview,
  previewOk,
  quotesOf,
  type MultiClickWorld,
} from './multi-click-test-kit';
import { onPostgres } from '../../../test/test-database';

let world: MultiClickWorld | undefined;
afterEach(async () => {
  await world?.t.close();
  world = undefined;
});

async function setUp(): Promise<MultiClickWorld> {
  world = await multiClickWorld();
  return world;
}

function codeOf(response: { body: string }): string {
  return ErrorBodySchema.parse(JSON.parse(response.body)).code;
}

function nth<T>(values: T[], index: number): T {
  const value = values[index];
  if (value === undefined) throw new Error(`no element ${index}`);
  return value;
}

async function clickCount(w: MultiClickWorld): Promise<number> {
  const row = await w.t.db
    .selectFrom('clicks')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe(`the multi-customer click on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('quotes each customer as a single click would: volume, price, cost and what confirming needs', async () => {
    const w = await setUp();
    const preview = await previewOk(w, { percentage: '10' });
    expect(preview.customers.map((customer) => customer.customerId)).toEqual(
      w.customers.map((customer) => customer.id),
    );
    expect(preview.customers.every((customer) => customer.mayClick)).toBe(true);
    const [own, approval] = preview.customers.map((customer) => nth(customer.lines, 0).quote);
    expect(approval?.requires).toEqual({ termsVersion: null, sms: false, approval: true });
    expect(own?.requires).toEqual({ termsVersion: null, sms: false, approval: false });

    // The customer's own user quotes the same position and share alone.
    const single = await quoteOk(w, { maturity: 'Y', percentage: '10' });
    const figures = (quote: Quote | null | undefined) => ({
      parts: quote?.parts.map((part) => ({
        name: part.name,
        volume: part.volume,
        clickPrice: part.clickPrice,
        cost: part.cost,
        limits: part.limits,
      })),
      totalCost: quote?.totalCost,
      expiresIn: quote && Date.parse(quote.expiresAt) - Date.parse(quote.createdAt),
    });
    expect(figures(own)).toEqual(figures(single));
    // 10% of 1200 MWh open per part; Peak 80 + 2 + 0.25, OffPeak 60 + 2 + 0.25.
    expect(own?.parts.map((part) => [part.name, part.volume, part.cost])).toEqual([
      ['Peak', '120', '9870.00'],
      ['OffPeak', '120', '7470.00'],
    ]);
    expect(own?.expiresAt).toBe(new Date(Date.parse(own?.createdAt ?? '') + 300_000).toISOString());
  });

  it('confirms every customer but the one refused at confirmation, and each once on a replay', async () => {
    const w = await setUp();
    const limited = nth(w.contracts, 2);
    await w.t.db
      .updateTable('contracts')
      .set({ max_clicks_per_year: 1 })
      .where('id', '=', limited.id)
      .execute();
    const quotes = quotesOf(await previewOk(w, { maturity: 'Q1', percentage: '20' }));
    expect(quotes).toHaveLength(3);

    // Meanwhile the third customer's own user uses its one click of the year.
    const third = await createUser(w.t.db, { customerIds: [nth(w.customers, 2).id] });
    const thirdToken = (await login(w.t.app, third.username, third.password)).token;
    await executeOk(
      w,
      (
        await quoteOk(
          w,
          {
            customerId: nth(w.customers, 2).id,
            contractId: limited.contractId,
            maturity: 'Q2',
          },
          thirdToken,
        )
      ).quoteId,
      thirdToken,
    );

    const items = itemsFor(quotes);
    const result = await multiExecuteOk(w, items);
    expect(
      result.outcomes.map((outcome) => [
        outcome.customerId,
        outcome.click?.status ?? null,
        outcome.refusal?.code ?? null,
      ]),
    ).toEqual([
      [nth(w.customers, 0).id, 'IN_PROGRESS', null],
      [nth(w.customers, 1).id, 'PENDING_APPROVAL', null],
      [nth(w.customers, 2).id, null, 'CLICK_LIMIT_REACHED'],
    ]);
    const clicks = await clickCount(w);

    // The answer was lost: the same items again make nothing new and answer the same clicks.
    const again = await multiExecuteOk(w, items);
    expect(again.outcomes.map((outcome) => outcome.click?.id ?? outcome.refusal?.code)).toEqual(
      result.outcomes.map((outcome) => outcome.click?.id ?? 'QUOTE_USED'),
    );
    expect(await clickCount(w)).toBe(clicks);

    // Each click is the consultant's, for its customer, in the audit log.
    const audit = await w.t.db
      .selectFrom('audit_log')
      .select(['actor_username', 'customer_ids', 'outcome'])
      .where('action', '=', 'click.execute')
      .where('actor_user_id', '=', w.tpi.id)
      .where('outcome', '=', 'success')
      .orderBy('id')
      .execute();
    expect(audit.map((row) => [row.actor_username, row.customer_ids])).toEqual([
      [w.tpi.username, [nth(w.customers, 0).id]],
      [w.tpi.username, [nth(w.customers, 1).id]],
    ]);
    const summary = await w.t.db
      .selectFrom('audit_log')
      .select(['details'])
      .where('action', '=', 'tpi.multiClick.execute')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(summary.details).toEqual({ clicks: 2, refused: 1 });
  });

  it('answers a refusal that is known at the preview per contract, and confirms the rest', async () => {
    const w = await setUp();
    const limited = nth(w.contracts, 1);
    await w.t.db
      .updateTable('contracts')
      .set({ max_clicks_per_year: 1 })
      .where('id', '=', limited.id)
      .execute();
    await createClick(w.t.db, {
      contractId: limited.id,
      yearOfSupply: 2027,
      maturity: 'M1',
      parts: [{ part: 'Peak', volume: '10', price: '70' }],
    });
    const preview = await previewOk(w);
    expect(preview.customers.map((customer) => nth(customer.lines, 0).refusal)).toEqual([
      null,
      { code: 'CLICK_LIMIT_REACHED' },
      null,
    ]);
    const result = await multiExecuteOk(w, itemsFor(quotesOf(preview)));
    expect(result.outcomes.map((outcome) => outcome.click?.status)).toEqual([
      'IN_PROGRESS',
      'IN_PROGRESS',
    ]);
  });

  it('refuses every line while clicking is paused (DC_35)', async () => {
    const w = await setUp();
    await w.t.db.updateTable('trading_status').set({ pauze_active: true }).execute();
    const preview = await previewOk(w);
    expect(
      preview.customers.flatMap((customer) => customer.lines.map((line) => line.refusal?.code)),
    ).toEqual(['DC_35', 'DC_35', 'DC_35']);
  });

  it('a new preview replaces the earlier one it names; open quotes it does not name hold it back', async () => {
    const w = await setUp();
    const first = quotesOf(await previewOk(w));
    const again = await postPreview(w);
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('ANOTHER_CLICK_IN_PROGRESS');
    const second = quotesOf(
      await previewOk(w, { replacesQuoteIds: first.map((quote) => quote.quoteId) }),
    );
    expect(second).toHaveLength(3);
    const stale = await multiExecuteOk(w, itemsFor(first.slice(0, 1)));
    expect(stale.outcomes[0]?.refusal?.code).toBe('QUOTE_USED');
  });

  it('lists a customer without the click mandate as not allowed and quotes nothing for it', async () => {
    const w = await setUp();
    const withoutMandate = nth(w.customers, 1);
    await w.t.db
      .updateTable('user_customers')
      .set({ click_authorized: false })
      .where('user_id', '=', w.tpi.id)
      .where('customer_id', '=', withoutMandate.id)
      .execute();
    const preview = await previewOk(w);
    expect(preview.customers.map((customer) => [customer.mayClick, customer.lines.length])).toEqual(
      [
        [true, 1],
        [false, 0],
        [true, 1],
      ],
    );
    const quotes = await w.t.db
      .selectFrom('purchase_quotes as q')
      .innerJoin('contracts as c', 'c.id', 'q.contract_id')
      .select('c.customer_id')
      .where('q.user_id', '=', w.tpi.id)
      .execute();
    expect(quotes.map((row) => row.customer_id)).not.toContain(withoutMandate.id);
  });

  it('a quote whose mandate is withdrawn before confirming is refused (DC_34), the others click', async () => {
    const w = await setUp();
    const quotes = quotesOf(await previewOk(w));
    await w.t.db
      .updateTable('user_customers')
      .set({ read_only: true })
      .where('user_id', '=', w.tpi.id)
      .where('customer_id', '=', nth(w.customers, 0).id)
      .execute();
    const result = await multiExecuteOk(w, itemsFor(quotes));
    expect(
      result.outcomes.map((outcome) => outcome.refusal?.code ?? outcome.click?.status),
    ).toEqual(['DC_34', 'PENDING_APPROVAL', 'IN_PROGRESS']);
  });

  it('is for TPI consultants only, for customers of their own list', async () => {
    const w = await setUp();
    const ids = w.customers.map((customer: BuiltCustomer) => customer.id);
    const plain = await createUser(w.t.db, { role: 'consultant', customerIds: ids });
    const plainToken = (await login(w.t.app, plain.username, plain.password)).token;
    for (const token of [plainToken, w.token]) {
      const response = await postPreview(w, {}, token);
      expect(response.statusCode).toBe(403);
      expect(codeOf(response)).toBe('FORBIDDEN');
      const execute = await postMultiExecute(
        w,
        [{ quoteId: randomUUID(), idempotencyKey: randomUUID() }],
        token,
      );
      expect(execute.statusCode).toBe(403);
    }
    const foreign = await createUser(w.t.db, { role: 'consultant', allowTPIPage: true });
    const foreignToken = (await login(w.t.app, foreign.username, foreign.password)).token;
    expect((await postPreview(w, {}, foreignToken)).statusCode).toBe(403);
    expect((await postPreview(w, { customerIds: [999_999] })).statusCode).toBe(403);

    // Someone else's quote is not the consultant's to confirm.
    const other = await quoteOk(w, { maturity: 'Q3' });
    const result = await multiExecuteOk(w, itemsFor([other]));
    expect(result.outcomes[0]).toMatchObject({ customerId: null, refusal: { code: 'NOT_FOUND' } });
    expect(MultiClickResultSchema.parse(result)).toBeTruthy();
  });

  it('answers bad input with 400 and changes nothing', async () => {
    const w = await setUp();
    const first = nth(w.customers, 0).id;
    for (const body of [
      { customerIds: [] },
      { customerIds: [first, first] },
      { percentage: '100.5' },
      { percentage: '10.123' },
      { maturity: 'Q5' },
      { commodity: 'Oil' },
      { yearOfSupply: 1999 },
    ]) {
      const response = await postPreview(w, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const key = randomUUID();
    const quoteId = randomUUID();
    for (const items of [
      [],
      [
        { quoteId, idempotencyKey: key },
        { quoteId, idempotencyKey: randomUUID() },
      ],
      [
        { quoteId, idempotencyKey: key },
        { quoteId: randomUUID(), idempotencyKey: key },
      ],
      [{ quoteId: 'not-a-uuid', idempotencyKey: key }],
    ]) {
      expect((await postMultiExecute(w, items)).statusCode).toBe(400);
    }
    expect(await clickCount(w)).toBe(0);
  });
});
