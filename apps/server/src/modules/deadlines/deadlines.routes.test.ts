import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeadlinePageSchema, type Deadline } from '@klik/api';
import {
  createClick,
  createContract,
  createCustomer,
  createUser,
  type BuiltCustomer,
} from '../../../test/builders';
import { bearer, buildTestApp, impersonate, login, type TestApp } from '../../../test/test-app';
import { TestClock } from '../../../test/test-clock';

// Friday 2026-11-20 11:00 Amsterdam.
const FRIDAY_11 = '2026-11-20T10:00:00Z';

let t: TestApp;
let first: BuiltCustomer;
let second: BuiltCustomer;
let foreign: BuiltCustomer;
const tokens = { customer: '', readOnly: '', tpi: '', plainConsultant: '', admin: '' };

beforeAll(async () => {
  t = await buildTestApp({ clock: new TestClock(new Date(FRIDAY_11)) });
  const { db } = t;
  first = await createCustomer(db, { name: 'Aa Bakkerij B.V.', dashboards: ['Winkel'] });
  second = await createCustomer(db, { name: 'Bb Metaal B.V.', dashboards: ['Hal'] });
  foreign = await createCustomer(db, { name: 'Zz Elders B.V.', dashboards: ['Elders'] });

  // 2026: only December is still open (November closed on 2026-10-30); 2027: every position
  // but the first quarter's, which is clicked in full.
  const gas = await createContract(db, {
    customerId: first.id,
    contractId: 'KL-DL-G',
    commodity: 'Gas',
    clickType: 'ALL',
    years: [2026, 2027],
    monthlyVolume: '100',
  });
  await createClick(db, {
    contractId: gas.id,
    yearOfSupply: 2027,
    maturity: 'Q1',
    parts: [{ part: 'Gas', volume: '300', price: '30' }],
  });
  // Quarters only; the second quarter's Peak is clicked in full, so it cannot be clicked (DC_11).
  const power = await createContract(db, {
    customerId: first.id,
    contractId: 'KL-DL-P',
    commodity: 'Power',
    clickType: 'QUARTER',
    years: [2027],
    monthlyVolume: '50',
  });
  await createClick(db, {
    contractId: power.id,
    yearOfSupply: 2027,
    maturity: 'Q2',
    parts: [{ part: 'Peak', volume: '150', price: '100' }],
  });
  // The year closes five trading days before delivery.
  const ruled = await createContract(db, {
    customerId: second.id,
    contractId: 'KL-DL-B',
    clickType: 'YEAR',
    years: [2027],
  });
  await db
    .updateTable('contracts')
    .set({ deadline_rule: JSON.stringify({ YEAR: 5, QUARTER: 1, MONTH: 1 }) })
    .where('id', '=', ruled.id)
    .execute();
  await createContract(db, { customerId: foreign.id, contractId: 'KL-DL-F', years: [2027] });

  const users = {
    customer: await createUser(db, { role: 'customer', customerIds: [first.id] }),
    readOnly: await createUser(db, { role: 'customer', readOnly: true, customerIds: [first.id] }),
    tpi: await createUser(db, {
      role: 'consultant',
      allowTPIPage: true,
      customerIds: [first.id, second.id],
    }),
    plainConsultant: await createUser(db, { role: 'consultant', customerIds: [first.id] }),
    admin: await createUser(db, { role: 'admin' }),
  };
  for (const key of Object.keys(users) as (keyof typeof users)[]) {
    tokens[key] = (await login(t.app, users[key].username, users[key].password)).token;
  }
});

afterAll(async () => {
  await t.close();
});

function get(url: string, token: string | null) {
  return t.app.inject({ method: 'GET', url, headers: token === null ? {} : bearer(token) });
}

async function page(url: string, token: string) {
  const response = await get(url, token);
  expect(response.statusCode, response.body).toBe(200);
  return DeadlinePageSchema.parse(response.json());
}

const label = (deadline: Deadline) =>
  `${deadline.contractId} ${deadline.yearOfSupply} ${deadline.maturity}`;

describe('GET /rest/deadlines/customer/{customerId}', () => {
  it("lists the customer's clickable positions soonest first, with days left and open volume", async () => {
    const answer = await page(`/rest/deadlines/customer/${first.id}?size=200`, tokens.customer);
    expect(answer.total).toBe(17);
    expect(answer.reminderTradingDays).toBe(t.config.deadlineReminders.tradingDays);
    expect(answer.data.map(label)).toEqual([
      'KL-DL-G 2026 M12',
      'KL-DL-G 2027 Y',
      'KL-DL-P 2027 Q1',
      'KL-DL-G 2027 Q2',
      'KL-DL-G 2027 M4',
      'KL-DL-G 2027 M5',
      'KL-DL-G 2027 M6',
      'KL-DL-G 2027 Q3',
      'KL-DL-G 2027 M7',
      'KL-DL-P 2027 Q3',
      'KL-DL-G 2027 M8',
      'KL-DL-G 2027 M9',
      'KL-DL-G 2027 Q4',
      'KL-DL-G 2027 M10',
      'KL-DL-P 2027 Q4',
      'KL-DL-G 2027 M11',
      'KL-DL-G 2027 M12',
    ]);
    const [december, year, powerQ1] = answer.data;
    expect(december).toEqual({
      customerId: first.id,
      customerName: 'Aa Bakkerij B.V.',
      contractId: 'KL-DL-G',
      commodity: 'Gas',
      product: 'Gas TTF',
      yearOfSupply: 2026,
      maturity: 'M12',
      lastTradingDay: '2026-11-30',
      closesAt: '2026-11-30T15:00:00.000Z',
      // Today (before 16:00), 23 to 27 November and the 30th.
      tradingDaysLeft: 7,
      calendarDaysLeft: 10,
      parts: [{ name: 'Gas', openVolume: '100' }],
      openVolume: '100',
      mayClick: true,
    });
    // 1200 MWh less the first quarter's 300.
    expect(year).toMatchObject({ openVolume: '900', lastTradingDay: '2026-12-31' });
    expect(powerQ1?.parts).toEqual([
      { name: 'Peak', openVolume: '150' },
      { name: 'OffPeak', openVolume: '150' },
    ]);
  });

  it('pages and filters on the server', async () => {
    const all = await page(`/rest/deadlines/customer/${first.id}?size=200`, tokens.customer);
    const second5 = await page(
      `/rest/deadlines/customer/${first.id}?page=1&size=5`,
      tokens.customer,
    );
    expect(second5).toMatchObject({ page: 1, size: 5, total: 17 });
    expect(second5.data).toEqual(all.data.slice(5, 10));
    const power = await page(
      `/rest/deadlines/customer/${first.id}?commodity=Power`,
      tokens.customer,
    );
    expect(power.data.map(label)).toEqual([
      'KL-DL-P 2027 Q1',
      'KL-DL-P 2027 Q3',
      'KL-DL-P 2027 Q4',
    ]);
    const soon = await page(`/rest/deadlines/customer/${first.id}?withinDays=7`, tokens.customer);
    expect(soon.data.map(label)).toEqual(['KL-DL-G 2026 M12']);
  });

  it('drops a position once its deadline has passed', async () => {
    t.clock.set('2026-11-30T15:00:00Z');
    try {
      // A session of its own: the others have idled out by then.
      const user = await createUser(t.db, { role: 'customer', customerIds: [first.id] });
      const { token } = await login(t.app, user.username, user.password);
      const answer = await page(`/rest/deadlines/customer/${first.id}`, token);
      expect(answer.data.map(label)).not.toContain('KL-DL-G 2026 M12');
      expect(answer.total).toBe(16);
      expect(answer.data[0]).toMatchObject({ maturity: 'Y', tradingDaysLeft: 22 });
    } finally {
      t.clock.set(FRIDAY_11);
    }
  });

  it('answers who may see the customer as the dashboard does; the click link only for who may click', async () => {
    const readOnly = await page(`/rest/deadlines/customer/${first.id}`, tokens.readOnly);
    expect(readOnly.data.every((deadline) => !deadline.mayClick)).toBe(true);
    const admin = await page(`/rest/deadlines/customer/${first.id}`, tokens.admin);
    expect(admin.total).toBe(17);
    expect(admin.data.every((deadline) => !deadline.mayClick)).toBe(true);
    const cases: [string, string | null, number][] = [
      [`/rest/deadlines/customer/${first.id}`, null, 401],
      [`/rest/deadlines/customer/${foreign.id}`, tokens.customer, 403],
      ['/rest/deadlines/customer/2147483647', tokens.customer, 403],
      ['/rest/deadlines/customer/2147483647', tokens.admin, 404],
      [`/rest/deadlines/customer/${first.id}`, tokens.plainConsultant, 200],
      ['/rest/deadlines/customer/0', tokens.customer, 400],
      [`/rest/deadlines/customer/${first.id}?size=201`, tokens.customer, 400],
      [`/rest/deadlines/customer/${first.id}?commodity=Oil`, tokens.customer, 400],
      [`/rest/deadlines/customer/${first.id}?withinDays=0`, tokens.customer, 400],
    ];
    for (const [url, token, status] of cases) {
      expect((await get(url, token)).statusCode, url).toBe(status);
    }
  });
});

describe('GET /rest/deadlines (TPI, across customers)', () => {
  it("lists every customer's deadlines of the consultant, soonest first, and narrows to one", async () => {
    const answer = await page('/rest/deadlines?size=4', tokens.tpi);
    expect(answer.total).toBe(18);
    // The five-trading-day rule closes Bb's year on 24 December, before Christmas.
    expect(answer.data.map((d) => [d.customerName, label(d), d.lastTradingDay])).toEqual([
      ['Aa Bakkerij B.V.', 'KL-DL-G 2026 M12', '2026-11-30'],
      ['Bb Metaal B.V.', 'KL-DL-B 2027 Y', '2026-12-24'],
      ['Aa Bakkerij B.V.', 'KL-DL-G 2027 Y', '2026-12-31'],
      ['Aa Bakkerij B.V.', 'KL-DL-P 2027 Q1', '2026-12-31'],
    ]);
    const one = await page(`/rest/deadlines?customerId=${second.id}`, tokens.tpi);
    expect(one.data.map(label)).toEqual(['KL-DL-B 2027 Y']);
    expect(one.data[0]?.mayClick).toBe(true);
    const gasSoon = await page('/rest/deadlines?commodity=Gas&withinDays=30', tokens.tpi);
    expect(gasSoon.data.map(label)).toEqual([
      'KL-DL-G 2026 M12',
      'KL-DL-B 2027 Y',
      'KL-DL-G 2027 Y',
    ]);
  });

  it('is for TPI consultants alone, and only their customers', async () => {
    const cases: [string, string | null, number][] = [
      ['/rest/deadlines', null, 401],
      ['/rest/deadlines', tokens.plainConsultant, 403],
      ['/rest/deadlines', tokens.customer, 403],
      ['/rest/deadlines', tokens.admin, 403],
      [`/rest/deadlines?customerId=${foreign.id}`, tokens.tpi, 403],
      ['/rest/deadlines?customerId=2147483647', tokens.tpi, 403],
      ['/rest/deadlines?customerId=abc', tokens.tpi, 400],
    ];
    for (const [url, token, status] of cases) {
      expect((await get(url, token)).statusCode, url).toBe(status);
    }
  });
});

describe('calendar feed management', () => {
  it('refuses making a feed for someone signed in as the user', async () => {
    const customer = await createUser(t.db, { role: 'customer', customerIds: [first.id] });
    const token = await impersonate(t.app, t.db, customer.username);
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/deadlines/calendar',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(403);
  });
});
