import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_IMPORT_MEDIA_TYPES, ContractImportReportSchema, CONTRACT_PATHS } from '@klik/api';
import { createContract, createCustomer, createUser } from '../../../test/builders';
import { bearer, buildTestApp, login, type TestApp } from '../../../test/test-app';
import { onPostgres } from '../../../test/test-database';

/*
 * The import writes what managecontract stores per part (Peak and OffPeak priced apart, 0018)
 * and the click share ceiling, and raises the contract's revision on a change, so quotes made on
 * the old contract lapse (CONTRACT_CHANGED) as after a single edit.
 */
const HEADER =
  'contractId;customerId;commodity;product;marketOption;maxClickPercentage;yearOfSupply;part;volume;markUp;transactionFee';

let t: TestApp;
let adminToken: string;
let customerId: number;

beforeAll(async () => {
  t = await buildTestApp();
  customerId = (await createCustomer(t.db)).id;
  const admin = await createUser(t.db, { role: 'admin' });
  adminToken = (await login(t.app, admin.username, admin.password)).token;
}, 60_000);

afterAll(async () => {
  await t.close();
});

async function importCsv(rows: string[], header = HEADER) {
  const response = await t.app.inject({
    method: 'POST',
    url: CONTRACT_PATHS.import,
    headers: { ...bearer(adminToken), 'content-type': CONTRACT_IMPORT_MEDIA_TYPES.csv },
    payload: Buffer.from([header, ...rows].join('\n'), 'utf8'),
  });
  expect(response.statusCode, response.body).toBe(200);
  return ContractImportReportSchema.parse(response.json());
}

function stored(contractId: string) {
  return t.db
    .selectFrom('contracts')
    .select([
      'mark_up',
      'transaction_fee',
      'off_peak_mark_up',
      'off_peak_transaction_fee',
      'max_click_percentage',
      'revision',
    ])
    .where('contract_id', '=', contractId)
    .executeTakeFirstOrThrow();
}

function powerRows(contractId: string, peak: string, offPeak: string, maxShare: string) {
  return [
    `${contractId};${customerId};Power;Stroom Zakelijk;PRE_EOD;${maxShare};2027;Peak;4800;${peak};0,25`,
    `${contractId};${customerId};Power;Stroom Zakelijk;PRE_EOD;${maxShare};2027;OffPeak;3600;${offPeak};0,15`,
  ];
}

describe(`the import's per-part prices and revision on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('stores the OffPeak part priced apart and the click share ceiling', async () => {
    const report = await importCsv(powerRows('KL-PARTS1', '2,5', '1,75', '80'));
    expect(report).toMatchObject({ imported: true, created: 1 });
    expect(await stored('KL-PARTS1')).toMatchObject({
      mark_up: '2.5000',
      transaction_fee: '0.2500',
      off_peak_mark_up: '1.7500',
      off_peak_transaction_fee: '0.1500',
      max_click_percentage: '80.00',
      revision: 1,
    });
  });

  it('raises the revision on a change and names the part that changed; an unchanged file raises nothing', async () => {
    await importCsv(powerRows('KL-PARTS2', '2', '2', '100'));
    const first = await stored('KL-PARTS2');

    const same = await importCsv(powerRows('KL-PARTS2', '2', '2', '100'));
    expect(same.contracts[0]).toMatchObject({ action: 'unchanged', changedFields: [] });
    expect((await stored('KL-PARTS2')).revision).toBe(first.revision);

    const changed = await importCsv(powerRows('KL-PARTS2', '2', '1,5', '60'));
    expect(changed.contracts[0]).toMatchObject({
      action: 'change',
      changedFields: ['markUp (OffPeak)', 'maxClickPercentage'],
    });
    expect(await stored('KL-PARTS2')).toMatchObject({
      mark_up: '2.0000',
      off_peak_mark_up: '1.5000',
      max_click_percentage: '60.00',
      revision: first.revision + 1,
    });
  });

  it('keeps the stored OffPeak price and click share ceiling when the file leaves them out', async () => {
    const built = await createContract(t.db, {
      customerId,
      contractId: 'KL-PARTS3',
      commodity: 'Power',
      product: 'Stroom Zakelijk',
      clickOption: 'PRE_EOD',
      markUp: '3',
      transactionFee: '0.3',
    });
    await t.db
      .updateTable('contracts')
      .set({ off_peak_mark_up: '1.25', off_peak_transaction_fee: '0.1', max_click_percentage: 70 })
      .where('id', '=', built.id)
      .execute();
    const volumes = await t.db
      .selectFrom('position_months')
      .select(['part', 'total_volume'])
      .where('contract_id', '=', built.id)
      .where('month', '=', 1)
      .execute();
    const yearly = (part: string) =>
      String(Number(volumes.find((row) => row.part === part)?.total_volume ?? 0) * 12);
    const report = await importCsv(
      ['Peak', 'OffPeak'].map((part) => `KL-PARTS3;2027;${part};${yearly(part)}`),
      'contractId;yearOfSupply;part;volume',
    );
    expect(report.contracts[0]).toMatchObject({ action: 'unchanged' });
    expect(await stored('KL-PARTS3')).toMatchObject({
      off_peak_mark_up: '1.2500',
      max_click_percentage: '70.00',
    });
  });
});
