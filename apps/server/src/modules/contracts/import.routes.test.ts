import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTRACT_IMPORT_MEDIA_TYPES,
  ContractImportRefusedSchema,
  ContractImportReportSchema,
  CONTRACT_PATHS,
} from '@klik/api';
import { createClick, createContract, createCustomer, createUser } from '../../../test/builders';
import { bearer, buildTestApp, login, type TestApp } from '../../../test/test-app';
import { onPostgres } from '../../../test/test-database';

const HEADER =
  'contractId;customerId;commodity;product;marketOption;yearOfSupply;part;volume;markUp;transactionFee';

let t: TestApp;
let adminToken: string;
let customerId: number;
const clickUpdates: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  const customer = await createCustomer(t.db);
  customerId = customer.id;
  const admin = await createUser(t.db, { role: 'admin' });
  adminToken = (await login(t.app, admin.username, admin.password)).token;
  t.app.deps.bus.subscribe('clickUpdate', (payload) => clickUpdates.push(payload.contractId));
}, 60_000);

afterAll(async () => {
  await t.close();
});

function post(csv: string, dryRun: boolean) {
  return t.app.inject({
    method: 'POST',
    url: `${CONTRACT_PATHS.import}${dryRun ? '?dryRun=true' : ''}`,
    headers: { ...bearer(adminToken), 'content-type': CONTRACT_IMPORT_MEDIA_TYPES.csv },
    payload: Buffer.from(csv, 'utf8'),
  });
}

function gasRows(prefix: string, count: number, volume = '1200'): string[] {
  return Array.from({ length: count }, (_, index) =>
    [
      `${prefix}${index}`,
      customerId,
      'Gas',
      'Gas Zakelijk',
      'OTC_ONLY',
      2027,
      'Gas',
      volume,
      '2,5',
      '0.25',
    ].join(';'),
  );
}

async function monthsOf(contractId: string) {
  return t.db
    .selectFrom('position_months')
    .innerJoin('contracts', 'contracts.id', 'position_months.contract_id')
    .select(['month', 'total_volume', 'year_of_supply'])
    .where('contracts.contract_id', '=', contractId)
    .orderBy('year_of_supply')
    .orderBy('month')
    .execute();
}

describe(`the contract import on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('answers a dry run per contract and writes nothing', async () => {
    const response = await post([HEADER, ...gasRows('KL-DRY', 3)].join('\n'), true);
    expect(response.statusCode).toBe(200);
    const report = ContractImportReportSchema.parse(response.json());
    expect(report).toMatchObject({ dryRun: true, imported: false, created: 3, issueCount: 0 });
    expect(report.contracts[0]).toMatchObject({ contractId: 'KL-DRY0', action: 'create', row: 2 });
    expect(await monthsOf('KL-DRY0')).toEqual([]);
  });

  it('imports a large file in one go, spread flat over the months', async () => {
    const rows = [HEADER, ...gasRows('KL-BIG', 3000)];
    const response = await post(rows.join('\r\n'), false);
    expect(response.statusCode, response.body).toBe(200);
    expect(ContractImportReportSchema.parse(response.json())).toMatchObject({
      imported: true,
      created: 3000,
    });
    const months = await monthsOf('KL-BIG2999');
    expect(months).toHaveLength(12);
    expect(months.every((month) => Number(month.total_volume) === 100)).toBe(true);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['details', 'customer_ids'])
      .where('action', '=', 'importContracts')
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ created: 3000, changed: 0, rows: 3000 });
  }, 120_000);

  it('refuses a whole file with one bad row and changes nothing', async () => {
    const before = await monthsOf('KL-BIG0');
    const good = gasRows('KL-BIG', 5, '2400');
    const bad = `KL-NEW1;${customerId};Gas;Gas;OTC_ONLY;2027;Gas;12,3456;1;0`;
    const response = await post([HEADER, ...good, bad].join('\n'), false);
    expect(response.statusCode).toBe(422);
    const refused = ContractImportRefusedSchema.parse(response.json());
    expect(refused.report.imported).toBe(false);
    expect(refused.report.issues).toEqual([
      { row: 7, column: 'volume', code: 'VOLUME_INVALID', value: null },
    ]);
    expect(await monthsOf('KL-BIG0')).toEqual(before);
    expect(await monthsOf('KL-NEW1')).toEqual([]);
  });

  it('changes volumes of a contract, tells its dashboards, and keeps what is clicked', async () => {
    const contract = await createContract(t.db, {
      customerId,
      contractId: 'KL-CLICKED',
      years: [2027],
    });
    await createClick(t.db, {
      contractId: contract.id,
      yearOfSupply: 2027,
      maturity: 'Q1',
      parts: [{ part: 'Gas', volume: '150', price: '30' }],
    });
    const below = `KL-CLICKED;${customerId};Gas;Gas;OTC_ONLY;2027;Gas;120;1;0`;
    const refused = await post([HEADER, below].join('\n'), false);
    expect(refused.statusCode).toBe(422);
    expect(ContractImportRefusedSchema.parse(refused.json()).report.issues[0]).toMatchObject({
      row: 2,
      column: 'volume',
      code: 'VOLUME_BELOW_CLICKED',
    });
    const moreYears = [
      `KL-CLICKED;${customerId};Gas;Gas;OTC_ONLY;2027;Gas;2400;1;0`,
      `KL-CLICKED;${customerId};Gas;Gas;OTC_ONLY;2028;Gas;1200;1;0`,
    ];
    const response = await post([HEADER, ...moreYears].join('\n'), false);
    expect(response.statusCode, response.body).toBe(200);
    expect(ContractImportReportSchema.parse(response.json()).contracts[0]).toMatchObject({
      action: 'change',
      yearsOfSupply: [2027, 2028],
    });
    expect(await monthsOf('KL-CLICKED')).toHaveLength(24);
    expect(clickUpdates).toContain('KL-CLICKED');
    const removeYear = await post([HEADER, moreYears[1]].join('\n'), true);
    expect(ContractImportReportSchema.parse(removeYear.json()).issues[0]).toMatchObject({
      code: 'YEAR_HAS_CLICKS',
    });
  });

  it('answers an unreadable file as an issue, and refuses non-admins', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${CONTRACT_PATHS.import}?dryRun=true`,
      headers: { ...bearer(adminToken), 'content-type': CONTRACT_IMPORT_MEDIA_TYPES.xlsx },
      payload: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]),
    });
    expect(ContractImportReportSchema.parse(response.json()).issues[0]?.code).toBe(
      'FILE_UNREADABLE',
    );
    const manager = await createUser(t.db, { role: 'accountmanager' });
    const session = await login(t.app, manager.username, manager.password);
    const forbidden = await t.app.inject({
      method: 'POST',
      url: CONTRACT_PATHS.import,
      headers: { ...bearer(session.token), 'content-type': CONTRACT_IMPORT_MEDIA_TYPES.csv },
      payload: Buffer.from(HEADER),
    });
    expect(forbidden.statusCode).toBe(403);
  });
});
