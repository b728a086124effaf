import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS, CustomerDetailSchema, pathTo } from '@klik/api';
import { createCustomer } from '../../../test/builders';
import { adminWorld, auditRows, call, type AdminWorld } from '../admin/admin-test-kit';

let w: AdminWorld;

beforeAll(async () => {
  w = await adminWorld();
}, 60_000);

afterAll(async () => {
  await w.t.close();
});

describe('the customer setting ssoLinkByEmail (PUT customers/{id})', () => {
  it('is off for a new customer, set by an administrator on the version read, and audited', async () => {
    const customer = await createCustomer(w.t.db);
    const token = w.callers.admin.token;
    const read = await call(
      w,
      token,
      'GET',
      pathTo(ADMIN_PATHS.customer, { customerId: customer.id }),
    );
    expect(CustomerDetailSchema.parse(read.json())).toMatchObject({ ssoLinkByEmail: false });

    const body = { version: 1, name: customer.name, requireSms: false, requireApproval: false };
    const on = await call(
      w,
      token,
      'PUT',
      pathTo(ADMIN_PATHS.customer, { customerId: customer.id }),
      {
        ...body,
        ssoLinkByEmail: true,
      },
    );
    expect(on.statusCode, on.body).toBe(200);
    expect(CustomerDetailSchema.parse(on.json())).toMatchObject({ ssoLinkByEmail: true });
    const [row] = await auditRows(w.t.db, 'customer.update');
    expect(row?.details).toMatchObject({
      before: { ssoLinkByEmail: false },
      after: { ssoLinkByEmail: true },
    });

    // A form that does not know the setting leaves it as it is.
    const unchanged = await call(
      w,
      token,
      'PUT',
      pathTo(ADMIN_PATHS.customer, { customerId: customer.id }),
      {
        ...body,
        version: 2,
      },
    );
    expect(CustomerDetailSchema.parse(unchanged.json())).toMatchObject({ ssoLinkByEmail: true });
    const stored = await w.t.db
      .selectFrom('customers')
      .select('sso_link_by_email')
      .where('id', '=', customer.id)
      .executeTakeFirstOrThrow();
    expect(stored.sso_link_by_email).toBe(true);
  });
});
