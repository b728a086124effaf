import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKTEST_PATHS,
  HistoryCoverageSchema,
  HistoryImportRefusedSchema,
  HistoryImportReportSchema,
} from '@klik/api';
import { createUser } from '../../../test/builders';
import { bearer, buildTestApp, login, type TestApp } from '../../../test/test-app';
import { onPostgres } from '../../../test/test-database';

const HEADER = 'date;product;year;maturity;market;price';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await createUser(t.db, { role: 'admin' });
  adminToken = (await login(t.app, admin.username, admin.password)).token;
}, 60_000);

afterAll(async () => {
  await t.close();
});

function post(csv: string, options: { dryRun?: boolean; token?: string | null } = {}) {
  const token = options.token === undefined ? adminToken : options.token;
  return t.app.inject({
    method: 'POST',
    url: `${BACKTEST_PATHS.historyImport}${options.dryRun ? '?dryRun=true' : ''}`,
    headers: { ...(token ? bearer(token) : {}), 'content-type': 'text/csv; charset=utf-8' },
    payload: Buffer.from(csv, 'utf8'),
  });
}

/** Settlements of one instrument on consecutive weekdays from 2 March 2026. */
function rows(product: string, year: number, maturity: string, prices: string[]): string[] {
  const days = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'];
  return prices.map((price, index) =>
    [days[index], product, year, maturity, 'OTC', price].join(';'),
  );
}

async function stored(product: string) {
  return t.db
    .selectFrom('price_history')
    .select(['maturity', 'price', 'source'])
    .where('product', '=', product as 'TTF_GAS')
    .orderBy('maturity')
    .orderBy('day')
    .execute();
}

describe(`the price history import on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('answers a dry run and writes nothing', async () => {
    const file = [HEADER, ...rows('NL_POWER_PEAK', 2027, 'Y', ['100', '101', '102'])].join('\n');
    const response = await post(file, { dryRun: true });
    expect(response.statusCode).toBe(200);
    expect(HistoryImportReportSchema.parse(response.json())).toEqual({
      dryRun: true,
      imported: false,
      rowCount: 3,
      created: 3,
      changed: 0,
      unchanged: 0,
      issues: [],
      issueCount: 0,
    });
    expect(await stored('NL_POWER_PEAK')).toEqual([]);
  });

  it('refuses a file with any issue with 422 and the report, changing nothing', async () => {
    const file = [
      HEADER,
      ...rows('NL_POWER_OFFPEAK', 2027, 'Y', ['70', '71']),
      '2026-03-02;NL_POWER_OFFPEAK;2027;Q9;OTC;70',
    ].join('\n');
    const response = await post(file);
    expect(response.statusCode).toBe(422);
    const refused = HistoryImportRefusedSchema.parse(response.json());
    expect(refused.code).toBe('VALIDATION_FAILED');
    expect(refused.report).toMatchObject({ dryRun: false, imported: false, rowCount: 3 });
    expect(refused.report.issues).toEqual([
      { row: 4, column: 'maturity', code: 'MATURITY_INVALID', value: 'Q9' },
    ]);
    expect(await stored('NL_POWER_OFFPEAK')).toEqual([]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'importPriceHistory')
      .execute();
    expect(audit).toEqual([]);
  });

  it('imports once; the same file again changes nothing; a corrected price is changed', async () => {
    const first = [
      HEADER,
      ...rows('TTF_GAS', 2027, 'Y', ['30.5', '31', '31.25']),
      ...rows('TTF_GAS', 2027, 'Q1', ['36', '36.5']),
    ].join('\r\n');
    const imported = await post(first);
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toMatchObject({ imported: true, created: 5, changed: 0, unchanged: 0 });
    expect(await stored('TTF_GAS')).toEqual([
      { maturity: 'Q1', price: '36.0000', source: 'IMPORT' },
      { maturity: 'Q1', price: '36.5000', source: 'IMPORT' },
      { maturity: 'Y', price: '30.5000', source: 'IMPORT' },
      { maturity: 'Y', price: '31.0000', source: 'IMPORT' },
      { maturity: 'Y', price: '31.2500', source: 'IMPORT' },
    ]);

    const again = await post(first);
    expect(again.json()).toMatchObject({ imported: true, created: 0, changed: 0, unchanged: 5 });

    // 31 written as 31.0000 is the same price; the third day is corrected, a fourth is new.
    const corrected = [
      HEADER,
      ...rows('TTF_GAS', 2027, 'Y', ['30.5', '31.0000', '31.3', '31.4']),
    ].join('\n');
    const dry = await post(corrected, { dryRun: true });
    expect(dry.json()).toMatchObject({ imported: false, created: 1, changed: 1, unchanged: 2 });
    const response = await post(corrected);
    expect(response.json()).toMatchObject({ imported: true, created: 1, changed: 1, unchanged: 2 });
    expect((await stored('TTF_GAS')).map((row) => row.price)).toEqual([
      '36.0000',
      '36.5000',
      '30.5000',
      '31.0000',
      '31.3000',
      '31.4000',
    ]);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_username', 'subject', 'details', 'outcome'])
      .where('action', '=', 'importPriceHistory')
      .orderBy('id')
      .execute();
    expect(audit).toHaveLength(3);
    expect(audit[2]).toMatchObject({ subject: 'price_history:4', outcome: 'success' });
    expect(audit[2]?.details).toMatchObject({
      rows: 4,
      created: 1,
      changed: 1,
      unchanged: 2,
      from: '2026-03-02',
      to: '2026-03-05',
      products: ['TTF_GAS'],
    });
  });

  it('answers an empty or unreadable body with a report, never a 500', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: `${BACKTEST_PATHS.historyImport}?dryRun=true`,
      headers: bearer(adminToken),
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ issues: [{ code: 'FILE_EMPTY' }] });
    const json = await t.app.inject({
      method: 'POST',
      url: BACKTEST_PATHS.historyImport,
      headers: bearer(adminToken),
      payload: { date: '2026-03-02' },
    });
    expect(json.statusCode).toBe(422);
    const binary = await t.app.inject({
      method: 'POST',
      url: BACKTEST_PATHS.historyImport,
      headers: { ...bearer(adminToken), 'content-type': 'application/octet-stream' },
      payload: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00]),
    });
    expect(binary.statusCode).toBe(422);
    const refused = HistoryImportRefusedSchema.parse(binary.json());
    expect(refused.report.issueCount).toBe(6);
    expect(new Set(refused.report.issues.map((issue) => issue.code))).toEqual(
      new Set(['HEADER_MISSING_COLUMN']),
    );
    const plain = await t.app.inject({
      method: 'POST',
      url: `${BACKTEST_PATHS.historyImport}?dryRun=true`,
      headers: { ...bearer(adminToken), 'content-type': 'text/plain' },
      payload: `${HEADER}\n2026-03-02;TTF_GAS;2029;Y;OTC;30`,
    });
    expect(plain.json()).toMatchObject({ rowCount: 1, created: 1, issueCount: 0 });
    const badQuery = await t.app.inject({
      method: 'POST',
      url: `${BACKTEST_PATHS.historyImport}?dryRun=maybe`,
      headers: { ...bearer(adminToken), 'content-type': 'text/csv' },
      payload: HEADER,
    });
    expect(badQuery.statusCode).toBe(400);
  });

  it('lets only administrators import: 403 for others, 401 without a session', async () => {
    const file = [HEADER, ...rows('NL_POWER_BASE', 2027, 'Y', ['85'])].join('\n');
    for (const role of ['accountmanager', 'consultant', 'customer'] as const) {
      const user = await createUser(t.db, { role });
      const { token } = await login(t.app, user.username, user.password);
      expect((await post(file, { token })).statusCode, role).toBe(403);
      expect((await post(file, { token, dryRun: true })).statusCode, role).toBe(403);
    }
    const readOnly = await createUser(t.db, { role: 'admin', readOnly: true });
    const readOnlyToken = (await login(t.app, readOnly.username, readOnly.password)).token;
    expect((await post(file, { token: readOnlyToken })).statusCode).toBe(403);
    expect((await post(file, { token: null })).statusCode).toBe(401);
    expect(await stored('NL_POWER_BASE')).toEqual([]);
  });

  it('shows the coverage to anyone signed in, kept and recorded history apart', async () => {
    await t.db
      .insertInto('market_prices')
      .values([
        {
          product: 'TTF_GAS',
          year_of_supply: 2027,
          maturity: 'Y',
          market: 'OTC',
          price: '32',
          at: new Date('2026-03-09T10:00:00Z'),
          source: 'SIMULATED',
        },
      ])
      .execute();
    const customer = await createUser(t.db, { role: 'customer' });
    const { token } = await login(t.app, customer.username, customer.password);
    const response = await t.app.inject({
      method: 'GET',
      url: BACKTEST_PATHS.historyCoverage,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const coverage = HistoryCoverageSchema.parse(response.json());
    expect(coverage.filter((entry) => entry.product === 'TTF_GAS')).toEqual([
      {
        product: 'TTF_GAS',
        market: 'OTC',
        yearOfSupply: 2027,
        from: '2026-03-02',
        to: '2026-03-05',
        days: 4,
        source: 'IMPORT',
      },
      {
        product: 'TTF_GAS',
        market: 'OTC',
        yearOfSupply: 2027,
        from: '2026-03-09',
        to: '2026-03-09',
        days: 1,
        source: 'RECORDED',
      },
    ]);
    const anonymous = await t.app.inject({ method: 'GET', url: BACKTEST_PATHS.historyCoverage });
    expect(anonymous.statusCode).toBe(401);
  });
});
