import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS, TermsVersionListSchema, TermsVersionSchema, pathTo } from '@klik/api';
import { bearer } from '../../../test/test-app';
import { postExecute, quoteOk } from '../purchase/purchase-test-kit';
import {
  adminWorld,
  auditRows,
  call,
  codeOf,
  purchaseWorlds,
  type AdminWorld,
} from './admin-test-kit';
import { onPostgres } from '../../../test/test-database';

describe(`terms on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  let w: AdminWorld;

  beforeAll(async () => {
    w = await adminWorld();
  }, 60_000);

  afterAll(async () => {
    await w.t.close();
  });

  it('publishes versions in one sequence and lists the customer’s own before the default', async () => {
    const admin = w.callers.admin.token;
    const first = await call(w, admin, 'POST', ADMIN_PATHS.defaultTerms, {
      bodyNl: 'Algemene voorwaarden',
      bodyEn: 'General terms',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(TermsVersionSchema.parse(first.json())).toMatchObject({ version: 1, customerId: null });
    const own = await call(
      w,
      w.callers.accountmanager.token,
      'POST',
      pathTo(ADMIN_PATHS.customerTerms, { customerId: w.own.id }),
      {
        bodyNl: 'Eigen voorwaarden',
        bodyEn: 'Own terms',
      },
    );
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json()).toMatchObject({ version: 2, customerId: w.own.id, bodyEn: 'Own terms' });
    const list = TermsVersionListSchema.parse(
      (
        await call(w, admin, 'GET', pathTo(ADMIN_PATHS.customerTerms, { customerId: w.own.id }))
      ).json(),
    );
    expect(list.data.map((terms) => [terms.version, terms.customerId])).toEqual([
      [2, w.own.id],
      [1, null],
    ]);
    const detail = await call(
      w,
      admin,
      'GET',
      pathTo(ADMIN_PATHS.customer, { customerId: w.own.id }),
    );
    expect(detail.json()).toMatchObject({ terms: { version: 2, own: true } });
    const [row] = await auditRows(w.t.db, 'terms.publish');
    expect(row).toMatchObject({
      actor_user_id: w.callers.accountmanager.user.id,
      customer_ids: [w.own.id],
    });

    // Account managers publish for their portfolio only, never the default terms.
    const manager = w.callers.accountmanager.token;
    const body = { bodyNl: 'x', bodyEn: 'y' };
    expect(
      (
        await call(
          w,
          manager,
          'POST',
          pathTo(ADMIN_PATHS.customerTerms, { customerId: w.foreign.id }),
          body,
        )
      ).statusCode,
    ).toBe(403);
    expect((await call(w, manager, 'POST', ADMIN_PATHS.defaultTerms, body)).statusCode).toBe(403);
    const empty = await call(w, admin, 'POST', ADMIN_PATHS.defaultTerms, {
      bodyNl: 'x',
      bodyEn: ' ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'TERMS_TEXT_REQUIRED',
      details: { field: 'bodyEn' },
    });
  });
});

describe('a published version must be accepted before the next click', () => {
  const setUp = purchaseWorlds();

  it('refuses the click with TERMS_NOT_ACCEPTED until the new version is accepted', async () => {
    const { world: p, adminToken: token } = await setUp();
    const publish = (url: string, text: string) =>
      p.t.app.inject({
        method: 'POST',
        url,
        headers: bearer(token),
        payload: { bodyNl: `${text} (nl)`, bodyEn: `${text} (en)` },
      });
    expect((await quoteOk(p)).requires.termsVersion).toBeNull();

    expect(
      (await publish(pathTo(ADMIN_PATHS.customerTerms, { customerId: p.customer.id }), 'Versie'))
        .statusCode,
    ).toBe(201);
    const quote = await quoteOk(p);
    expect(quote.requires.termsVersion).toBe(1);
    expect(codeOf(await postExecute(p, { quoteId: quote.quoteId }))).toBe('TERMS_NOT_ACCEPTED');
    const accepted = await postExecute(p, { quoteId: quote.quoteId, acceptedTermsVersion: 1 });
    expect(accepted.statusCode, accepted.body).toBe(200);

    // Another version: accepted again before the next click.
    expect(
      (await publish(pathTo(ADMIN_PATHS.customerTerms, { customerId: p.customer.id }), 'Nieuw'))
        .statusCode,
    ).toBe(201);
    const terms = await p.t.app.inject({
      method: 'GET',
      url: `/rest/purchase/terms/${p.customer.id}`,
      headers: { ...bearer(p.token), locale: 'en' },
    });
    expect(terms.json()).toMatchObject({ version: 2, body: 'Nieuw (en)', accepted: false });
  });
});
