import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../support/fixtures';
import { PortalApi, uniqueName } from '../support/portal-api';
import { MARGIN_PATHS, PURCHASE_PATHS, pathTo } from '@klik/api';

/*
 * managemargins end to end: a scenario on one of the demo customer's contracts prices its quotes;
 * an admin edits the grid on the screen, the preview shows the price now and with the edit, and
 * after saving the customer's next quote carries the new mark-up and the new version.
 */

const CUSTOMER = 'Bakkerij Van der Meer B.V.';
const MATURITY_TYPE_NL = { Y: 'Jaar', Q: 'Kwartaal', M: 'Maand' } as const;
const PART_NL = { Gas: 'Gas', Peak: 'Peak', OffPeak: 'Off-peak' } as const;

interface QuotePart {
  name: 'Gas' | 'Peak' | 'OffPeak';
  marketPrice: string;
  markUp: string;
  transactionFee: string;
  clickPrice: string;
  marginScenario?: { scenarioId: number; version: number } | null;
}
interface Quote {
  quoteId: string;
  parts: QuotePart[];
}

function lines(markUp: string) {
  const cells = [
    ['Gas', 'Gas'],
    ['Power', 'Peak'],
    ['Power', 'OffPeak'],
  ] as const;
  return cells.flatMap(([commodity, part]) =>
    (['YEAR', 'QUARTER', 'MONTH'] as const).map((maturityType) => ({
      commodity,
      part,
      maturityType,
      minVolume: null,
      markUp,
      transactionFee: '0.1',
    })),
  );
}

const euro = (value: number) =>
  new Intl.NumberFormat('nl-NL', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  }).format(value);

test('an admin edits a margin scenario: the preview shows the old and new price, and the next quote uses the new one', async ({
  page,
  loginPage,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const admin = await PortalApi.signIn(playwright, baseURL as string, 'admin');
  const customerApi = await PortalApi.signIn(playwright, baseURL as string, 'customer');
  const { data: customers } = await admin.call<{ data: { id: number; name: string }[] }>(
    'GET',
    `/rest/admin/customers?q=${encodeURIComponent('Bakkerij')}`,
  );
  const customerId = customers.find((customer) => customer.name === CUSTOMER)?.id as number;
  const { data: contracts } = await admin.call<{
    data: { id: number; contractId: string; customerName: string }[];
  }>('GET', `/rest/admin/margins/contracts?search=${encodeURIComponent('Bakkerij')}`);

  const name = uniqueName('E2E marges ');
  const created = await admin.call<{ current: { scenarioId: number } }>(
    'POST',
    MARGIN_PATHS.scenarios,
    { name, validFrom: '2026-01-01', validUntil: null, lines: lines('1') },
  );
  const scenarioId = created.current.scenarioId;

  // A position of one of the customer's contracts that can be quoted now.
  const quote = async (position: { contractId: string; year: number; maturity: string }) => {
    const answer = await customerApi.raw('POST', PURCHASE_PATHS.quote, {
      customerId,
      contractId: position.contractId,
      yearOfSupply: position.year,
      maturity: position.maturity,
      market: 'OTC',
      percentage: '50',
    });
    return answer.ok() ? ((await answer.json()) as Quote) : null;
  };
  let chosen: { contract: (typeof contracts)[number]; year: number; maturity: string } | null =
    null;
  let first: Quote | null = null;
  search: for (const contract of contracts.filter((c) => c.customerName === CUSTOMER)) {
    await admin.call('PUT', pathTo(MARGIN_PATHS.assignments, { scenarioId }), {
      customerIds: [],
      contractIds: [contract.id],
    });
    for (const year of [2027, 2028]) {
      for (const maturity of ['Q2', 'Q3', 'Q4', 'Y', 'Q1']) {
        first = await quote({ contractId: contract.contractId, year, maturity });
        if (first) {
          chosen = { contract, year, maturity };
          break search;
        }
      }
    }
  }
  expect(
    chosen,
    'a quotable position of the demo customer (is the e2e clock in the window?)',
  ).not.toBeNull();
  const { contract, year, maturity } = chosen!;
  try {
    const part = first!.parts[0]!;
    expect(part).toMatchObject({ markUp: '1', transactionFee: '0.1' });
    expect(part.marginScenario).toEqual({ scenarioId, version: 1 });
    await customerApi.call(
      'DELETE',
      pathTo(PURCHASE_PATHS.cancelQuote, { quoteId: first!.quoteId }),
    );

    // The admin raises the mark-up of that part and maturity type on the screen.
    await loginPage.open();
    await loginPage.signIn('admin');
    await page
      .getByRole('navigation', { name: 'Hoofdmenu' })
      .getByRole('link', { name: "Marges en pricing-ID's" })
      .click();
    await expect(page).toHaveURL(/\/managemargins$/);
    await page.goto(`/managemargins?scenario=${scenarioId}`);
    const cell = `${PART_NL[part.name]}, ${MATURITY_TYPE_NL[maturity[0] as 'Y' | 'Q' | 'M']}`;
    const markUp = page.getByRole('textbox', { name: `Opslag van ${cell}`, exact: true });
    await expect(markUp).toHaveValue('1');
    await markUp.fill('3');

    // The preview: the price now (version 1) and with the edit.
    const finder = page.getByTestId('preview-contract').getByRole('combobox');
    await finder.fill(contract.contractId);
    await page.getByRole('option', { name: new RegExp(contract.contractId) }).click();
    await page.getByTestId('preview-year').fill(String(year));
    await page.getByTestId('preview-maturity').selectOption(maturity);
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith(MARGIN_PATHS.preview)),
      page.getByTestId('show-preview').click(),
    ]);
    const preview = (await answer.json()) as {
      parts: { name: string; marketPrice: string | null }[];
    };
    const market = Number(preview.parts.find((p) => p.name === part.name)?.marketPrice);
    const current = page.getByTestId(`preview-current-${part.name}`);
    const edited = page.getByTestId(`preview-edited-${part.name}`);
    await expect(current).toContainText(euro(market + 1.1));
    await expect(current).toContainText(`scenario ${scenarioId} versie 1 (contract)`);
    await expect(edited).toContainText(euro(market + 3.1));
    await expect(edited).toContainText('bewerkt scenario');
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    await page.getByTestId('save-scenario').click();
    await expect(page.getByTestId('scenario-saved')).toContainText('versie 2');

    // The customer's next quote is priced by version 2.
    const next = await quote({ contractId: contract.contractId, year, maturity });
    expect(next, 'the position can still be quoted').not.toBeNull();
    const priced = next!.parts.find((p) => p.name === part.name)!;
    expect(priced).toMatchObject({ markUp: '3', transactionFee: '0.1' });
    expect(priced.marginScenario).toEqual({ scenarioId, version: 2 });
    expect(Number(priced.clickPrice)).toBeCloseTo(Number(priced.marketPrice) + 3.1, 6);
    await customerApi.call(
      'DELETE',
      pathTo(PURCHASE_PATHS.cancelQuote, { quoteId: next!.quoteId }),
    );
  } finally {
    // The demo contract goes back to its own mark-up for the other specs.
    await admin.call('PUT', pathTo(MARGIN_PATHS.assignments, { scenarioId }), {
      customerIds: [],
      contractIds: [],
    });
    await admin.dispose();
    await customerApi.dispose();
  }
});
