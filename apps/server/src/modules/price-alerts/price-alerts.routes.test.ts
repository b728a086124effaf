import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRICE_ALERT_PATHS,
  PriceAlertOptionsSchema,
  PriceAlertPageSchema,
  PriceAlertSchema,
  pathTo,
} from '@klik/api';
import { createUser } from '../../../test/builders';
import { bearer, buildTestApp, login, type TestApp } from '../../../test/test-app';
import { aDraft, alertWorld, createAlert, type AlertWorld } from './price-alerts-test-kit';

let t: TestApp;
let w: AlertWorld;
let ownerToken: string;
let readerToken: string;
let outsiderToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  w = await alertWorld(t);
  ownerToken = await w.token(w.owner);
  readerToken = await w.token(w.reader);
  outsiderToken = await w.token(w.outsider);
});
afterAll(async () => t.close());

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

async function auditOf(alertId: number) {
  return t.db
    .selectFrom('audit_log')
    .select(['action', 'actor_username', 'customer_ids'])
    .where('subject', '=', `priceAlert:${alertId}`)
    .orderBy('id')
    .execute();
}

async function alertCount(): Promise<number> {
  const row = await t.db
    .selectFrom('price_alerts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('price alert validation (spec section 5)', () => {
  it.each([
    [{ direction: undefined }, 'DIRECTION_REQUIRED', 'direction'],
    [{ direction: 'SIDEWAYS' }, 'DIRECTION_REQUIRED', 'direction'],
    [{ maturity: undefined }, 'PERIOD_REQUIRED', 'maturity'],
    [{ maturity: 'Q5' }, 'PERIOD_REQUIRED', 'maturity'],
    [{ yearOfSupply: undefined }, 'YEAR_REQUIRED', 'yearOfSupply'],
    [{ yearOfSupply: 1999 }, 'YEAR_REQUIRED', 'yearOfSupply'],
    [{ price: undefined }, 'PRICE_REQUIRED', 'price'],
    [{ price: '' }, 'PRICE_REQUIRED', 'price'],
    [{ price: '0' }, 'ALERT_PRICE_INVALID', 'price'],
    [{ price: '-3' }, 'ALERT_PRICE_INVALID', 'price'],
    [{ price: '99999999' }, 'ALERT_PRICE_INVALID', 'price'],
    [{ price: '80.12345' }, 'ALERT_PRICE_INVALID', 'price'],
    [{ price: 80 }, 'ALERT_PRICE_INVALID', 'price'],
    [{ recipients: [] }, 'RECIPIENT_REQUIRED', 'recipients'],
    [{ recipients: undefined }, 'RECIPIENT_REQUIRED', 'recipients'],
    [{ contract: undefined }, 'CONTRACT_REQUIRED', 'contract'],
    [{ market: 'EEX' }, 'MARKET_REQUIRED', 'market'],
    [{ expiresOn: undefined }, 'EXPIRY_REQUIRED', 'expiresOn'],
    [{ expiresOn: '31-12-2026' }, 'EXPIRY_INVALID', 'expiresOn'],
  ])('refuses %j with %s at the field, changing nothing', async (change, code, field) => {
    const before = await alertCount();
    const response = await call(
      'POST',
      pathTo(PRICE_ALERT_PATHS.list, { customerId: w.customer.id }),
      ownerToken,
      {
        ...aDraft(w),
        ...change,
      },
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code, details: { field } });
    expect(await alertCount()).toBe(before);
  });

  it('checks the draft against the customer: year, part, recipients, expiry', async () => {
    const post = (change: object) =>
      call('POST', pathTo(PRICE_ALERT_PATHS.list, { customerId: w.customer.id }), ownerToken, {
        ...aDraft(w),
        ...change,
      });
    expect((await post({ yearOfSupply: 2030 })).json()).toMatchObject({ code: 'YEAR_REQUIRED' });
    expect((await post({ contract: w.power.id })).json()).toMatchObject({ code: 'PART_REQUIRED' });
    expect((await post({ part: 'Peak' })).json()).toMatchObject({ code: 'PART_REQUIRED' });
    expect((await post({ recipients: [w.outsider.id] })).json()).toMatchObject({
      code: 'RECIPIENT_INVALID',
    });
    expect((await post({ expiresOn: '2026-03-01' })).json()).toMatchObject({
      code: 'EXPIRY_INVALID',
    });
    // Another customer's contract is refused without saying whether it exists.
    expect((await post({ contract: 2_000_000_000 })).statusCode).toBe(403);
  });
});

describe('price alert calls', () => {
  it('creates, lists (by contract and status), edits on its version and deletes, each audited', async () => {
    const created = await createAlert(t, ownerToken, w.customer.id, aDraft(w, { price: '80.50' }));
    expect(created).toMatchObject({
      contractId: w.gas.contractId,
      part: 'Gas',
      price: '80.5',
      status: 'ACTIVE',
      met: null,
      version: 1,
      recipients: [{ id: w.owner.id, name: 'Anna Eigenaar' }],
    });
    const power = await createAlert(
      t,
      ownerToken,
      w.customer.id,
      aDraft(w, { contract: w.power.id, part: 'OffPeak', expiresOn: '2026-03-02' }),
    );

    const list = async (query: string, token = ownerToken) =>
      PriceAlertPageSchema.parse(
        (
          await call(
            'GET',
            `${pathTo(PRICE_ALERT_PATHS.list, { customerId: w.customer.id })}${query}`,
            token,
          )
        ).json(),
      );
    expect((await list('')).total).toBeGreaterThanOrEqual(2);
    const byContract = await list(`?contract=${w.power.id}`);
    expect(byContract.data.map((alert) => alert.id)).toEqual([power.id]);
    expect((await list('?size=1')).data).toHaveLength(1);

    // The power alert lives through its expiry day (today) and is expired the day after.
    expect((await list('?status=ACTIVE')).data.map((a) => a.id)).toContain(power.id);
    await t.db
      .updateTable('price_alerts')
      .set({ expires_on: '2026-03-01' })
      .where('id', '=', power.id)
      .execute();
    expect((await list('?status=EXPIRED')).data.map((a) => a.id)).toEqual([power.id]);
    expect((await list('?status=ACTIVE')).data.map((a) => a.id)).not.toContain(power.id);

    // A read-only user sees them too.
    expect((await list('', readerToken)).total).toBeGreaterThanOrEqual(2);

    const saved = await call(
      'PUT',
      pathTo(PRICE_ALERT_PATHS.alert, { customerId: w.customer.id, alertId: created.id }),
      ownerToken,
      { ...aDraft(w, { price: '75', recipients: [w.owner.id, w.colleague.id] }), version: 1 },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(PriceAlertSchema.parse(saved.json())).toMatchObject({ version: 2, price: '75' });

    const stale = await call(
      'PUT',
      pathTo(PRICE_ALERT_PATHS.alert, { customerId: w.customer.id, alertId: created.id }),
      ownerToken,
      {
        ...aDraft(w),
        version: 1,
      },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'VERSION_CONFLICT',
      details: { currentVersion: 2 },
    });

    const staleDelete = await call(
      'DELETE',
      `${pathTo(PRICE_ALERT_PATHS.alert, { customerId: w.customer.id, alertId: created.id })}?version=1`,
      ownerToken,
    );
    expect(staleDelete.statusCode).toBe(409);
    const deleted = await call(
      'DELETE',
      `${pathTo(PRICE_ALERT_PATHS.alert, { customerId: w.customer.id, alertId: created.id })}?version=2`,
      ownerToken,
    );
    expect(deleted.statusCode).toBe(204);
    expect((await list('')).data.map((a) => a.id)).not.toContain(created.id);

    expect(await auditOf(created.id)).toEqual([
      {
        action: 'priceAlert.create',
        actor_username: w.owner.username,
        customer_ids: [w.customer.id],
      },
      {
        action: 'priceAlert.save',
        actor_username: w.owner.username,
        customer_ids: [w.customer.id],
      },
      {
        action: 'priceAlert.delete',
        actor_username: w.owner.username,
        customer_ids: [w.customer.id],
      },
    ]);
  });

  it('gives the form its contracts, years and recipients, and says who may change', async () => {
    const owner = PriceAlertOptionsSchema.parse(
      (
        await call(
          'GET',
          pathTo(PRICE_ALERT_PATHS.options, { customerId: w.customer.id }),
          ownerToken,
        )
      ).json(),
    );
    expect(owner.mayManage).toBe(true);
    expect(owner.contracts.map((c) => c.id).sort()).toEqual([w.gas.id, w.power.id].sort());
    expect(owner.contracts[0]?.yearsOfSupply).toEqual([2027]);
    expect(owner.recipients.map((r) => r.id)).toContain(w.colleague.id);
    expect(owner.recipients.map((r) => r.id)).not.toContain(w.outsider.id);
    const reader = PriceAlertOptionsSchema.parse(
      (
        await call(
          'GET',
          pathTo(PRICE_ALERT_PATHS.options, { customerId: w.customer.id }),
          readerToken,
        )
      ).json(),
    );
    expect(reader.mayManage).toBe(false);
  });
});

describe('who may', () => {
  it('refuses changes to read-only users, other customers and staff; staff may read', async () => {
    const alert = await createAlert(t, ownerToken, w.customer.id, aDraft(w));
    const before = await alertCount();
    const byReader = await call(
      'POST',
      pathTo(PRICE_ALERT_PATHS.list, { customerId: w.customer.id }),
      readerToken,
      aDraft(w),
    );
    expect(byReader.statusCode).toBe(403);
    const readerDelete = await call(
      'DELETE',
      `${pathTo(PRICE_ALERT_PATHS.alert, { customerId: w.customer.id, alertId: alert.id })}?version=1`,
      readerToken,
    );
    expect(readerDelete.statusCode).toBe(403);
    expect(
      (
        await call(
          'GET',
          pathTo(PRICE_ALERT_PATHS.list, { customerId: w.customer.id }),
          outsiderToken,
        )
      ).statusCode,
    ).toBe(403);
    // Someone else's alert id under their own customer is not found as theirs.
    const outsiderEdit = await call(
      'PUT',
      pathTo(PRICE_ALERT_PATHS.alert, { customerId: w.other.id, alertId: alert.id }),
      outsiderToken,
      { ...aDraft(w), version: 1 },
    );
    expect(outsiderEdit.statusCode).toBe(403);

    const admin = await createUser(t.db, { role: 'admin' });
    const adminToken = (await login(t.app, admin.username, admin.password)).token;
    expect(
      (await call('GET', pathTo(PRICE_ALERT_PATHS.list, { customerId: w.customer.id }), adminToken))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await call(
          'POST',
          pathTo(PRICE_ALERT_PATHS.list, { customerId: w.customer.id }),
          adminToken,
          aDraft(w),
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('GET', pathTo(PRICE_ALERT_PATHS.list, { customerId: 999_999 }), adminToken))
        .statusCode,
    ).toBe(404);

    const manager = await createUser(t.db, {
      role: 'accountmanager',
      customerIds: [w.customer.id],
    });
    const managerToken = (await login(t.app, manager.username, manager.password)).token;
    expect(
      (
        await call(
          'GET',
          pathTo(PRICE_ALERT_PATHS.list, { customerId: w.customer.id }),
          managerToken,
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call(
          'POST',
          pathTo(PRICE_ALERT_PATHS.list, { customerId: w.customer.id }),
          managerToken,
          aDraft(w),
        )
      ).statusCode,
    ).toBe(403);
    expect(await alertCount()).toBe(before);
    expect(
      (await call('GET', pathTo(PRICE_ALERT_PATHS.list, { customerId: w.customer.id }), 'nope'))
        .statusCode,
    ).toBe(401);
  });
});
