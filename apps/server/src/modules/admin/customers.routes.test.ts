import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PATHS,
  ContractDataListSchema,
  CustomerDetailSchema,
  CustomerListSchema,
  UserSessionSchema,
  type CustomerDetail,
  pathTo,
} from '@klik/api';
import { createContract, createCustomer } from '../../../test/builders';
import { bearer, login, postLogin } from '../../../test/test-app';
import { postQuote } from '../purchase/purchase-test-kit';
import {
  adminWorld,
  auditRows,
  call,
  codeOf,
  purchaseWorlds,
  quickUser,
  type AdminWorld,
} from './admin-test-kit';
import { onPostgres } from '../../../test/test-database';

let w: AdminWorld;

beforeAll(async () => {
  w = await adminWorld();
}, 60_000);

afterAll(async () => {
  await w.t.close();
});

const admin = () => w.callers.admin.token;

async function createdCustomer(body: Record<string, unknown>): Promise<CustomerDetail> {
  const response = await call(w, admin(), 'POST', ADMIN_PATHS.customers, body);
  expect(response.statusCode, response.body).toBe(201);
  return CustomerDetailSchema.parse(response.json());
}

async function detail(id: number, token = admin()): Promise<CustomerDetail> {
  const response = await call(w, token, 'GET', pathTo(ADMIN_PATHS.customer, { customerId: id }));
  expect(response.statusCode, response.body).toBe(200);
  return CustomerDetailSchema.parse(response.json());
}

describe(`customers on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('creates a customer with dashboards; names are unique regardless of case', async () => {
    const customer = await createdCustomer({
      name: 'Brouwerij De Klok B.V.',
      requireApproval: true,
      dashboards: ['Brouwerij', 'Proeflokaal'],
    });
    expect(customer).toMatchObject({
      name: 'Brouwerij De Klok B.V.',
      active: true,
      requireSms: false,
      requireApproval: true,
      dashboardCount: 2,
      version: 1,
      terms: null,
    });
    expect(customer.dashboards.map((dashboard) => dashboard.name)).toEqual([
      'Brouwerij',
      'Proeflokaal',
    ]);
    const [row] = await auditRows(w.t.db, 'customer.create');
    expect(row).toMatchObject({ subject: `customer:${customer.id}`, customer_ids: [customer.id] });

    const twice = await call(w, admin(), 'POST', ADMIN_PATHS.customers, {
      name: 'brouwerij de klok b.v.',
    });
    expect(twice.statusCode).toBe(409);
    expect(codeOf(twice)).toBe('CUSTOMER_NAME_NOT_UNIQUE');
    const unnamed = await call(w, admin(), 'POST', ADMIN_PATHS.customers, { name: ' ' });
    expect(unnamed.json()).toMatchObject({ code: 'NAME_REQUIRED', details: { field: 'name' } });
  });

  it('lists customers searched by name or id, sorted and paged; account managers their portfolio', async () => {
    const tag = `Zoek${Date.now()}`;
    const made = [];
    for (const name of ['Bravo', 'Alfa', 'Charlie']) {
      made.push(await createdCustomer({ name: `${tag} ${name}` }));
    }
    const list = async (query: string, token = admin()) => {
      const response = await call(w, token, 'GET', `${ADMIN_PATHS.customers}?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return CustomerListSchema.parse(response.json());
    };
    const byName = await list(`q=${tag.toLowerCase()}&sort=-name&size=2`);
    expect(byName.total).toBe(3);
    expect(byName.data.map((customer) => customer.name)).toEqual([
      `${tag} Charlie`,
      `${tag} Bravo`,
    ]);
    const byId = await list(`q=${made[1]!.id}`);
    expect(byId.data.map((customer) => customer.id)).toContain(made[1]!.id);
    const portfolio = await list('size=100', w.callers.accountmanager.token);
    expect(portfolio.data.map((customer) => customer.id)).toEqual([w.own.id]);
  });

  it('edits the name and click settings on the current version, and refuses a stale one', async () => {
    const customer = await createCustomer(w.t.db, { name: `Instellingen ${Date.now()} B.V.` });
    const contract = await createContract(w.t.db, { customerId: customer.id });
    const other = await createContract(w.t.db, { customerId: w.foreign.id });
    const body = {
      version: 1,
      name: `${customer.name} (NL)`,
      requireSms: true,
      requireApproval: true,
      clickLimits: [
        { contractId: contract.contractId, maxClicksPerYear: 4, minClickPercentage: '10.5' },
      ],
    };
    const response = await call(
      w,
      admin(),
      'PUT',
      pathTo(ADMIN_PATHS.customer, { customerId: customer.id }),
      body,
    );
    expect(response.statusCode, response.body).toBe(200);
    const saved = CustomerDetailSchema.parse(response.json());
    expect(saved).toMatchObject({ name: body.name, requireSms: true, version: 2 });
    expect(saved.clickLimits).toEqual([
      expect.objectContaining({
        contractId: contract.contractId,
        maxClicksPerYear: 4,
        minClickPercentage: '10.5',
      }),
    ]);
    const [row] = await auditRows(w.t.db, 'customer.update');
    expect(row?.details).toMatchObject({
      before: { requireSms: false, clickLimits: [{ maxClicksPerYear: null }] },
      after: { requireSms: true, clickLimits: [{ maxClicksPerYear: 4 }] },
    });

    const stale = await call(
      w,
      admin(),
      'PUT',
      pathTo(ADMIN_PATHS.customer, { customerId: customer.id }),
      body,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'VERSION_CONFLICT',
      details: { currentVersion: 2 },
    });
    const foreignContract = await call(
      w,
      admin(),
      'PUT',
      pathTo(ADMIN_PATHS.customer, { customerId: customer.id }),
      {
        ...body,
        version: 2,
        clickLimits: [
          { contractId: other.contractId, maxClicksPerYear: 1, minClickPercentage: '5' },
        ],
      },
    );
    expect(foreignContract.statusCode).toBe(404);
    expect((await detail(customer.id)).version).toBe(2);

    // A bad smallest click names the field, so the form shows spec section 5's message there.
    for (const [minClickPercentage, code] of [
      ['', 'PERCENTAGE_REQUIRED'],
      ['100.01', 'PERCENTAGE_INVALID'],
      ['1.234', 'PERCENTAGE_INVALID'],
    ] as const) {
      const refused = await call(
        w,
        admin(),
        'PUT',
        pathTo(ADMIN_PATHS.customer, { customerId: customer.id }),
        {
          ...body,
          version: 2,
          clickLimits: [
            { contractId: contract.contractId, maxClicksPerYear: 4, minClickPercentage },
          ],
        },
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code,
        details: { field: 'clickLimits/0/minClickPercentage' },
      });
    }
  });

  it("sets a customer's dashboards and their contracts", async () => {
    const customer = await createCustomer(w.t.db, {
      name: `Dashboards ${Date.now()} B.V.`,
      dashboards: ['Oud', 'Weg'],
    });
    const [kept, dropped] = customer.dashboards;
    const gas = await createContract(w.t.db, { customerId: customer.id, commodity: 'Gas' });
    const power = await createContract(w.t.db, { customerId: customer.id, commodity: 'Power' });
    const response = await call(
      w,
      admin(),
      'PUT',
      pathTo(ADMIN_PATHS.customerDashboards, { customerId: customer.id }),
      {
        version: 1,
        dashboards: [
          { name: 'Nieuw', contractIds: [power.contractId] },
          { id: kept!.id, name: 'Hernoemd', contractIds: [gas.contractId, power.contractId] },
        ],
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    const saved = CustomerDetailSchema.parse(response.json());
    expect(saved.dashboards.map(({ name, contractIds }) => [name, contractIds])).toEqual([
      ['Nieuw', [power.contractId]],
      ['Hernoemd', [gas.contractId, power.contractId].sort()],
    ]);
    expect(saved.dashboards.map((dashboard) => dashboard.id)).not.toContain(dropped!.id);
    const positions = await call(w, admin(), 'GET', `/rest/dashboardContractData/${kept!.id}`);
    expect(ContractDataListSchema.parse(positions.json())).toHaveLength(2);

    const duplicate = await call(
      w,
      admin(),
      'PUT',
      pathTo(ADMIN_PATHS.customerDashboards, { customerId: customer.id }),
      {
        version: 2,
        dashboards: [{ name: 'Twee' }, { name: 'twee' }],
      },
    );
    expect(duplicate.statusCode).toBe(400);
    const foreign = await call(
      w,
      admin(),
      'PUT',
      pathTo(ADMIN_PATHS.customerDashboards, { customerId: customer.id }),
      {
        version: 2,
        dashboards: [{ id: w.foreign.dashboards[0]!.id, name: 'Gekaapt' }],
      },
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('deactivates a customer: its users without another customer are signed out and stay out', async () => {
    const customer = await createCustomer(w.t.db, { name: `Stop ${Date.now()} B.V.` });
    const only = await quickUser(w.t.db, { customerIds: [customer.id] });
    const both = await quickUser(w.t.db, { customerIds: [customer.id, w.own.id] });
    const onlySession = await login(w.t.app, only.username, only.password);
    const bothSession = await login(w.t.app, both.username, both.password);
    const response = await call(
      w,
      admin(),
      'PUT',
      pathTo(ADMIN_PATHS.customerActive, { customerId: customer.id }),
      {
        version: 1,
        active: false,
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ active: false, version: 2 });

    const probe = (token: string, id: number) =>
      w.t.app.inject({ method: 'GET', url: `/rest/contractData/${id}`, headers: bearer(token) });
    expect((await probe(onlySession.token, customer.id)).statusCode).toBe(401);
    expect((await postLogin(w.t.app, only.username, only.password)).statusCode).toBe(403);
    // The other user keeps the portal, without the deactivated customer.
    expect((await probe(bothSession.token, w.own.id)).statusCode).toBe(200);
    expect((await probe(bothSession.token, customer.id)).statusCode).toBe(403);
    const fresh = UserSessionSchema.parse(
      (await postLogin(w.t.app, both.username, both.password)).json(),
    );
    expect(fresh.allowedCustomers.map((entry) => entry.id)).toEqual([w.own.id]);
    const [row] = await auditRows(w.t.db, 'customer.deactivate');
    expect(row?.details).toMatchObject({ sessionsEnded: 1, after: { active: false } });

    await call(w, admin(), 'PUT', pathTo(ADMIN_PATHS.customerActive, { customerId: customer.id }), {
      version: 2,
      active: true,
    });
    expect((await postLogin(w.t.app, only.username, only.password)).statusCode).toBe(200);
  });

  it("lets an account manager edit the portfolio's customers only, and never create one", async () => {
    const token = w.callers.accountmanager.token;
    const own = await detail(w.own.id, token);
    const edit = await call(
      w,
      token,
      'PUT',
      pathTo(ADMIN_PATHS.customer, { customerId: w.own.id }),
      {
        version: own.version,
        name: own.name,
        requireSms: false,
        requireApproval: true,
      },
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(
      (await call(w, token, 'GET', pathTo(ADMIN_PATHS.customer, { customerId: w.foreign.id })))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(w, token, 'GET', pathTo(ADMIN_PATHS.customer, { customerId: 2_000_000 })))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(w, admin(), 'GET', pathTo(ADMIN_PATHS.customer, { customerId: 2_000_000 })))
        .statusCode,
    ).toBe(404);
    const create = await call(w, token, 'POST', ADMIN_PATHS.customers, { name: 'Eigen Klant' });
    expect(create.statusCode).toBe(403);
  });
});

describe('a deactivated customer cannot be clicked', () => {
  const setUp = purchaseWorlds();

  it('answers CUSTOMER_INACTIVE to a quote for its contract', async () => {
    const { world: w2, adminToken } = await setUp();
    // A second customer keeps the user signed in while the first is deactivated.
    const other = await createCustomer(w2.t.db);
    await w2.t.db
      .insertInto('user_customers')
      .values({ user_id: w2.user.id, customer_id: other.id })
      .execute();
    const off = await w2.t.app.inject({
      method: 'PUT',
      url: pathTo(ADMIN_PATHS.customerActive, { customerId: w2.customer.id }),
      headers: bearer(adminToken),
      payload: { version: 1, active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const quote = await postQuote(w2, { percentage: '25' });
    expect(quote.statusCode).toBe(409);
    expect(quote.json()).toMatchObject({ code: 'CUSTOMER_INACTIVE' });
  });
});
