import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ADMIN_PATHS, AuditIntegritySchema, AuditPageSchema, type AuditPage } from '@klik/api';
import { behindTheBack } from '../../../test/behind-the-back';
import { writeAudit } from '../../kernel/audit/audit-log';
import { adminWorld, auditRows, call, type AdminWorld } from './admin-test-kit';
import { onPostgres } from '../../../test/test-database';

let w: AdminWorld;
const tag = `audit-${Date.now()}`;

beforeAll(async () => {
  w = await adminWorld();
  const event = (
    at: string,
    action: string,
    outcome: 'success' | 'failure' | 'refused',
    customerIds: number[],
    actor = 'jan',
  ) =>
    writeAudit(w.t.db, {
      at: new Date(at),
      actor: { id: w.callers.customer.user.id, username: `${tag}-${actor}` },
      impersonator: actor === 'via' ? { id: w.callers.admin.user.id, username: 'beheer' } : null,
      action: `${tag}.${action}`,
      outcome,
      subject: `=${action}`,
      details: { note: 'a "quoted", text' },
      customerIds,
      ip: '198.51.100.7',
    });
  // 2026-03-01 23:30 Amsterdam is still the 1st; 2026-03-02 00:30 Amsterdam is the 2nd.
  await event('2026-03-01T22:30:00Z', 'edit', 'success', [w.own.id]);
  await event('2026-03-01T23:30:00Z', 'edit', 'refused', [w.foreign.id]);
  await event('2026-03-03T09:00:00Z', 'view', 'success', [w.own.id, w.foreign.id], 'via');
  await event('2026-03-04T09:00:00Z', 'edit', 'failure', []);
}, 60_000);

afterAll(async () => {
  await w.t.close();
});

async function page(query: string, token = w.callers.admin.token): Promise<AuditPage> {
  const response = await call(w, token, 'GET', `${ADMIN_PATHS.audit}?actor=${tag}&${query}`);
  expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
  return AuditPageSchema.parse(response.json());
}

describe(`the audit log on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('filters by actor, customer, action, outcome and period, newest first, paged', async () => {
    const all = await page('');
    expect(all.total).toBe(4);
    expect(all.data.map((event) => event.at)).toEqual([
      '2026-03-04T09:00:00.000Z',
      '2026-03-03T09:00:00.000Z',
      '2026-03-01T23:30:00.000Z',
      '2026-03-01T22:30:00.000Z',
    ]);
    expect(all.data[1]).toMatchObject({
      actor: `${tag}-via`,
      impersonator: 'beheer',
      customerIds: [w.own.id, w.foreign.id].sort((a, b) => a - b),
      details: { note: 'a "quoted", text' },
    });
    expect((await page(`action=${tag}.edit`)).total).toBe(3);
    expect((await page('outcome=refused')).data.map((event) => event.action)).toEqual([
      `${tag}.edit`,
    ]);
    expect((await page(`customerId=${w.own.id}`)).total).toBe(2);
    // Days are Amsterdam days: 23:30 UTC on 1 March is 2 March there.
    expect((await page('from=2026-03-02&to=2026-03-03')).total).toBe(2);
    expect((await page('to=2026-03-01')).total).toBe(1);
    const second = await page('sort=at&size=3&page=1');
    expect(second).toMatchObject({ page: 1, size: 3, total: 4 });
    expect(second.data.map((event) => event.at)).toEqual(['2026-03-04T09:00:00.000Z']);
    // The actor filter matches whoever signed in as the actor too.
    const impersonated = await call(
      w,
      w.callers.admin.token,
      'GET',
      `${ADMIN_PATHS.audit}?actor=beheer&action=${tag}.view`,
    );
    expect(AuditPageSchema.parse(impersonated.json()).total).toBe(1);
  });

  it('shows an account manager the events about their portfolio only', async () => {
    const token = w.callers.accountmanager.token;
    const seen = await page('', token);
    expect(seen.data.map((event) => event.at)).toEqual([
      '2026-03-03T09:00:00.000Z',
      '2026-03-01T22:30:00.000Z',
    ]);
    const foreign = await call(w, token, 'GET', `${ADMIN_PATHS.audit}?customerId=${w.foreign.id}`);
    expect(foreign.statusCode).toBe(403);
  });

  it('exports the filtered log as CSV and audits the export', async () => {
    const response = await call(
      w,
      w.callers.admin.token,
      'GET',
      `${ADMIN_PATHS.auditExport}?actor=${tag}&outcome=success`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="klik-audit-/);
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('id,at,actor,impersonator,action,outcome,subject,customerIds,ip,details');
    expect(lines).toHaveLength(4);
    const first = lines[1] ?? '';
    expect(first).toContain(`,2026-03-03T09:00:00.000Z,${tag}-via,beheer,${tag}.view,success,`);
    // A subject a spreadsheet would run as a formula is defused; quotes are doubled.
    expect(first).toContain(",'=view,");
    expect(first).toContain('"{""note"":""a \\""quoted\\"", text""}"');
    const [row] = await auditRows(w.t.db, 'audit.export');
    expect(row).toMatchObject({ actor_user_id: w.callers.admin.user.id });
    expect(row?.details).toMatchObject({ rows: 2 });
  });
});

async function integrity() {
  const response = await call(w, w.callers.admin.token, 'GET', ADMIN_PATHS.auditIntegrity);
  expect(response.statusCode, response.body).toBe(200);
  return AuditIntegritySchema.parse(response.json());
}

describe(`the integrity of the audit trail on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  // Last in the file: it changes an entry behind the application's back.
  it('is for admins only', async () => {
    const refused = await call(
      w,
      w.callers.accountmanager.token,
      'GET',
      ADMIN_PATHS.auditIntegrity,
    );
    expect(refused.statusCode).toBe(403);
  });

  it('says every stream is intact, then where a row changed behind its back breaks it', async () => {
    const at = new Date('2026-03-01T09:00:00Z');
    const entry = (action: string) =>
      writeAudit(w.t.db, { at, action, outcome: 'success', customerIds: [w.own.id] });
    await entry('integrity.one');
    await entry('integrity.two');
    await entry('integrity.three');
    const before = await integrity();
    expect(before.intact).toBe(true);
    const stream = `customer:${w.own.id}`;
    const own = before.streams.find((s) => s.chain === 'audit_log' && s.stream === stream);
    expect(own).toMatchObject({ break: null, headHash: expect.stringMatching(/^[0-9a-f]{64}$/) });

    const changed = await w.t.db
      .selectFrom('audit_log')
      .select(['id', 'seq'])
      .where('action', '=', 'integrity.two')
      .executeTakeFirstOrThrow();
    await behindTheBack(
      w.t.db,
      sql`update audit_log set subject = 'rewritten' where id = ${changed.id}`,
    );
    const after = await integrity();
    expect(after.intact).toBe(false);
    // Broken streams come first.
    expect(after.streams[0]).toMatchObject({
      chain: 'audit_log',
      stream,
      break: {
        id: changed.id,
        seq: changed.seq,
        at: at.toISOString(),
        reason: 'CONTENT_CHANGED',
      },
      intactUpTo: { seq: String(Number(changed.seq) - 1) },
    });
    expect(after.streams.filter((s) => s.break !== null)).toHaveLength(1);
  });
});
