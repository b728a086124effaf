import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeadlineCalendarCreatedSchema, DeadlineCalendarSchema } from '@klik/api';
import { createClick, createContract, createCustomer, createUser } from '../../../test/builders';
import { bearer, buildTestApp, login, type TestApp } from '../../../test/test-app';
import { TestClock } from '../../../test/test-clock';
import { formatVolume } from './deadline-ics';
import { FEED_RATE_LIMIT } from './deadlines.routes';

// Friday 2026-11-20 11:00 Amsterdam.
const FRIDAY_11 = '2026-11-20T10:00:00Z';

let t: TestApp;
const users = {
  nl: { id: 0, username: '', token: '' },
  en: { id: 0, username: '', token: '' },
};

/** The events of an iCalendar text: its lines unfolded (RFC 5545 3.1), per VEVENT a property map. */
function parseIcs(text: string) {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines.filter(Boolean).at(-1)).toBe('END:VCALENDAR');
  expect(lines).toContain('VERSION:2.0');
  const events: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT' && current) {
      events.push(current);
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).split(';')[0] as string;
      current[name] = line
        .slice(colon + 1)
        .replace(/\\n/g, '\n')
        .replace(/\\([,;\\])/g, '$1');
    }
  }
  return events;
}

beforeAll(async () => {
  t = await buildTestApp({
    clock: new TestClock(new Date(FRIDAY_11)),
    env: { PUBLIC_URL: 'https://klik.example' },
  });
  const { db } = t;
  const customer = await createCustomer(db, { name: 'Aa Bakkerij B.V.', dashboards: ['Winkel'] });
  const other = await createCustomer(db, { name: 'Zz Elders B.V.', dashboards: ['Elders'] });
  const gas = await createContract(db, {
    customerId: customer.id,
    contractId: 'KL-ICS-G',
    clickType: 'QUARTER',
    years: [2027],
    monthlyVolume: '1000.5',
  });
  await createClick(db, {
    contractId: gas.id,
    yearOfSupply: 2027,
    maturity: 'Q1',
    parts: [{ part: 'Gas', volume: '3001.5', price: '30' }],
  });
  await createContract(db, { customerId: other.id, contractId: 'KL-ICS-F', years: [2027] });
  for (const locale of ['nl', 'en'] as const) {
    const user = await createUser(db, { role: 'customer', locale, customerIds: [customer.id] });
    const session = await login(t.app, user.username, user.password);
    users[locale] = { id: user.id, username: user.username, token: session.token };
  }
});

afterAll(async () => {
  await t.close();
});

function call(method: 'GET' | 'POST' | 'DELETE', url: string, token: string | null) {
  return t.app.inject({ method, url, headers: token === null ? {} : bearer(token) });
}

async function createFeed(token: string) {
  const response = await call('POST', '/rest/deadlines/calendar', token);
  expect(response.statusCode, response.body).toBe(201);
  return DeadlineCalendarCreatedSchema.parse(response.json());
}

describe('the deadline calendar feed', () => {
  it('serves the deadlines of the user\u2019s customers at its secret URL, without a session', async () => {
    const before = await call('GET', '/rest/deadlines/calendar', users.nl.token);
    expect(DeadlineCalendarSchema.parse(before.json())).toEqual({ active: false, createdAt: null });

    const feed = await createFeed(users.nl.token);
    expect(feed.path).toMatch(/^\/rest\/deadlines\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(feed.url).toBe(`https://klik.example${feed.path}`);
    expect(feed.createdAt).toBe('2026-11-20T10:00:00.000Z');
    const status = await call('GET', '/rest/deadlines/calendar', users.nl.token);
    expect(status.json()).toEqual({ active: true, createdAt: '2026-11-20T10:00:00.000Z' });

    // Only the digest is kept.
    const stored = await t.db.selectFrom('deadline_calendar_feeds').selectAll().execute();
    const token = feed.path.split('/').at(-1)?.replace('.ics', '') as string;
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
    expect(stored.find((row) => row.user_id === users.nl.id)?.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const response = await call('GET', feed.path, null);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const events = parseIcs(response.body);
    // Quarters only; the first one is clicked in full.
    expect(events.map((event) => event.SUMMARY)).toEqual([
      'Klikdeadline Gas 2027 Q2 — KL-ICS-G',
      'Klikdeadline Gas 2027 Q3 — KL-ICS-G',
      'Klikdeadline Gas 2027 Q4 — KL-ICS-G',
    ]);
    const [q2] = events;
    // Clicking closes at 16:00 Amsterdam (summer time: 14:00 UTC) on the last trading day.
    expect(q2?.DTSTART).toBe('20270331T130000Z');
    expect(q2?.DTEND).toBe('20270331T140000Z');
    expect(q2?.UID).toMatch(/^klik-deadline-\d+-2027-Q2-2027-03-31@klik$/);
    expect(q2?.DESCRIPTION).toContain('Open volume: Gas 3.001,5 MWh.');
    expect(q2?.DESCRIPTION).toContain('woensdag 31 maart 2027');
    expect(q2?.DESCRIPTION).toContain('https://klik.example/dashboard');
    expect(q2?.URL).toBe('https://klik.example/dashboard');

    // Read again: the same events under the same UIDs, so calendars update rather than add.
    const again = parseIcs((await call('GET', feed.path, null)).body);
    expect(again.map((event) => event.UID)).toEqual(events.map((event) => event.UID));
    expect(new Set(events.map((event) => event.UID)).size).toBe(events.length);
  });

  it("speaks the user's language", async () => {
    const feed = await createFeed(users.en.token);
    const [first] = parseIcs((await call('GET', feed.path, null)).body);
    expect(first?.SUMMARY).toBe('Click deadline Gas 2027 Q2 — KL-ICS-G');
    expect(first?.DESCRIPTION).toContain('Open volume: Gas 3,001.5 MWh.');
  });

  it('renewing revokes the old URL, revoking ends the feed; both are audited', async () => {
    const old = await createFeed(users.nl.token);
    const renewed = await createFeed(users.nl.token);
    expect((await call('GET', old.path, null)).statusCode).toBe(404);
    expect((await call('GET', renewed.path, null)).statusCode).toBe(200);

    expect((await call('DELETE', '/rest/deadlines/calendar', users.nl.token)).statusCode).toBe(204);
    const gone = await call('GET', renewed.path, null);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toMatch(/revoked|token|user/i);
    const status = await call('GET', '/rest/deadlines/calendar', users.nl.token);
    expect(status.json()).toEqual({ active: false, createdAt: null });

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_username'])
      .where('action', 'like', 'deadlines.calendar.%')
      .where('actor_username', '=', users.nl.username)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual([
      'deadlines.calendar.create',
      'deadlines.calendar.renew',
      'deadlines.calendar.renew',
      'deadlines.calendar.revoke',
    ]);
  });

  it('answers 404 alike for unknown and malformed tokens and for a disabled user', async () => {
    const feed = await createFeed(users.en.token);
    expect((await call('GET', feed.path, null)).statusCode).toBe(200);
    await t.db.updateTable('users').set({ disabled: true }).where('id', '=', users.en.id).execute();
    try {
      expect((await call('GET', feed.path, null)).statusCode).toBe(404);
    } finally {
      await t.db
        .updateTable('users')
        .set({ disabled: false })
        .where('id', '=', users.en.id)
        .execute();
    }
    for (const file of [`${'A'.repeat(43)}.ics`, 'nonsense', `${'A'.repeat(43)}.txt`]) {
      const response = await call('GET', `/rest/deadlines/calendar/${file}`, null);
      expect(response.statusCode, file).toBe(404);
    }
    expect((await call('POST', '/rest/deadlines/calendar', null)).statusCode).toBe(401);
    expect((await call('DELETE', '/rest/deadlines/calendar', null)).statusCode).toBe(401);
  });

  it('limits feed requests per address', async () => {
    const url = `/rest/deadlines/calendar/${'B'.repeat(43)}.ics`;
    const statuses: number[] = [];
    for (let i = 0; i <= FEED_RATE_LIMIT.max; i++) {
      const response = await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, FEED_RATE_LIMIT.max).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('writes volumes exactly with the locale separators', () => {
    expect(formatVolume('1234567.125', 'nl')).toBe('1.234.567,125');
    expect(formatVolume('1234567.125', 'en')).toBe('1,234,567.125');
    expect(formatVolume('100', 'nl')).toBe('100');
  });
});
