import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { DEMO_PASSWORD } from '../support/demo-accounts';
import { PortalApi, uniqueName } from '../support/portal-api';
import { AUTH_PATHS, CONTRACT_PATHS } from '@klik/api';

/*
 * An administrator imports contracts from a file (docs/contracts-import.md). The contracts are
 * the spec's own (unique Contract-IDs), for a demo customer, in a year of supply no other spec
 * looks at, so no other journey sees them.
 */
const CUSTOMER = 'Logistiek Centrum Rotterdam-Zuid B.V.';
const YEAR = 2035;
const HEADER =
  'contractId;customerId;commodity;product;marketOption;yearOfSupply;part;volume;markUp;transactionFee';

function csv(rows: string[]): Buffer {
  return Buffer.from([HEADER, ...rows].join('\n') + '\n', 'utf8');
}

function gasRow(contractId: string, customerId: number, volume: string): string {
  return `${contractId};${customerId};Gas;Gas Zakelijk;OTC_ONLY;${YEAR};Gas;${volume};1,75;0,2`;
}

interface ContractPage {
  total: number;
  data: { contractId: string; customerId: number; yearsOfSupply: number[] }[];
}

async function contractsNamed(admin: PortalApi, contractId: string): Promise<ContractPage> {
  return admin.call<ContractPage>(
    'GET',
    `${CONTRACT_PATHS.contracts}?q=${encodeURIComponent(contractId)}`,
  );
}

/** The import without a dry run, as a supplier's system sends it: the file as the raw body. */
async function importOverApi(request: APIRequestContext, file: Buffer) {
  const login = await request.post(AUTH_PATHS.login, {
    data: { username: 'admin', password: DEMO_PASSWORD },
  });
  const { token } = (await login.json()) as { token: string };
  const { cookies } = await request.storageState();
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  return request.post(CONTRACT_PATHS.import, {
    data: file,
    headers: {
      authorization: `Bearer ${token}`,
      'x-xsrf-token': xsrf,
      'content-type': 'text/csv',
    },
  });
}

async function chooseAndCheck(page: Page, name: string, file: Buffer) {
  await page
    .getByLabel('Bestand (CSV of XLSX)')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: file });
  await page.getByRole('button', { name: /controleren/ }).click();
}

test('an admin imports contracts from a file: one bad row refuses the whole file, a good file is imported', async ({
  page,
  loginPage,
  playwright,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const admin = await PortalApi.signIn(playwright, baseURL as string, 'admin');
  const customers = await admin.call<{ data: { id: number; name: string }[] }>(
    'GET',
    `/rest/admin/customers?q=${encodeURIComponent('Logistiek')}`,
  );
  const customerId = customers.data.find((customer) => customer.name === CUSTOMER)?.id as number;
  expect(customerId, 'the demo customer exists').toBeGreaterThan(0);
  const base = uniqueName('IMP');
  const [good, other] = [`${base}-A`, `${base}-B`];
  const bad = csv([gasRow(good, customerId, '12000'), gasRow(other, customerId, '12.000,5')]);
  const fixed = csv([gasRow(good, customerId, '12000'), gasRow(other, customerId, '9500,5')]);

  await loginPage.open();
  await loginPage.signIn('admin');
  await page
    .getByRole('navigation', { name: 'Hoofdmenu' })
    .getByRole('link', { name: 'Contracten importeren' })
    .click();
  await expect(page).toHaveURL(/\/managecontract\/import$/);

  // The dry run names the bad row and column, and offers no import.
  await chooseAndCheck(page, 'contracten-fout.csv', bad);
  await expect(page.getByTestId('contract-import-has-issues')).toContainText('1 probleem gevonden');
  const issue = page.getByTestId('contract-import-issue');
  await expect(issue).toHaveCount(1);
  await expect(issue).toContainText('3');
  await expect(issue).toContainText('volume');
  await expect(issue).toContainText('geen geldig getal');
  await expect(page.getByTestId('contract-import-confirm')).toHaveCount(0);

  // Sent for real all the same, the server refuses the whole file: nothing is imported.
  const request = await playwright.request.newContext({ baseURL });
  const refused = await importOverApi(request, bad);
  expect(refused.status()).toBe(422);
  const body = (await refused.json()) as { report: { imported: boolean; issueCount: number } };
  await request.dispose();
  expect(body.report).toMatchObject({ imported: false, issueCount: 1 });
  expect((await contractsNamed(admin, good)).total).toBe(0);
  expect((await contractsNamed(admin, other)).total).toBe(0);

  // The corrected file: the dry run shows two new contracts, then the import writes them.
  await chooseAndCheck(page, 'contracten.csv', fixed);
  await expect(page.getByTestId('contract-import-clean')).toBeVisible();
  await expect(page.getByTestId(`contract-import-line-${good}`)).toContainText('Nieuw');
  await expect(page.getByTestId(`contract-import-line-${other}`)).toContainText('Nieuw');
  await page.getByRole('button', { name: 'Importeren (2 nieuw, 0 gewijzigd)' }).click();
  await expect(page.getByTestId('contract-import-done')).toContainText('2 nieuw, 0 gewijzigd');

  for (const contractId of [good, other]) {
    const found = await contractsNamed(admin, contractId);
    expect(found.data.map((contract) => contract.contractId)).toEqual([contractId]);
    expect(found.data[0]).toMatchObject({ customerId, yearsOfSupply: [YEAR] });
  }

  // The same file again changes nothing.
  await page.getByRole('button', { name: 'Nog een bestand importeren' }).click();
  await chooseAndCheck(page, 'contracten.csv', fixed);
  await expect(page.getByTestId(`contract-import-line-${good}`)).toContainText('Ongewijzigd');
  await admin.dispose();
});
