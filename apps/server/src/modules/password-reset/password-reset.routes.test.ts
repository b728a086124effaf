import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createUser } from '../../../test/builders';
import { bearer, buildTestApp, login, postLogin, type TestApp } from '../../../test/test-app';
import { RESET_THROTTLE } from './reset-throttle';
import { check, codeOf, forgot, mailsTo, reset, tokenSentTo } from './password-reset-test-kit';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    env: { MAIL_DEV_OUTBOX: 'true', PUBLIC_URL: 'https://klik.example.test/' },
  });
});

afterAll(async () => {
  await t.close();
});

const emailOf = (username: string) => `${username}@example.test`;

async function auditOf(action: string) {
  return t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .execute();
}

describe('forgot password', () => {
  it('mails a link to the public address, in the user language, found by username or e-mail', async () => {
    const user = await createUser(t.db, { locale: 'en' });
    expect((await forgot(t, user.username.toUpperCase())).statusCode).toBe(202);
    const [mail] = await mailsTo(t, emailOf(user.username));
    expect(mail?.subject).toBe('New password for Klik');
    expect(mail?.text).toMatch(/https:\/\/klik\.example\.test\/resetpassword\?token=[\w-]{43}\n/);

    expect((await forgot(t, emailOf(user.username))).statusCode).toBe(202);
    expect(await mailsTo(t, emailOf(user.username))).toHaveLength(2);
  });

  it('answers the same for an existing, an unknown and a deactivated account, and mails only the first', async () => {
    const active = await createUser(t.db);
    const disabled = await createUser(t.db, { disabled: true });
    const answers = await Promise.all([
      forgot(t, active.username),
      forgot(t, 'nobody-by-this-name'),
      forgot(t, disabled.username),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.body).toBe(answers[0]!.body);
    }
    expect(await mailsTo(t, emailOf(active.username))).toHaveLength(1);
    expect(await mailsTo(t, emailOf(disabled.username))).toHaveLength(0);
    const audit = await auditOf('forgotPassword');
    expect(audit.find((row) => row.subject === 'nobody-by-this-name')?.outcome).toBe('failure');
    expect(audit.find((row) => row.subject === disabled.username)?.outcome).toBe('failure');
    expect(audit.find((row) => row.subject === active.username)?.outcome).toBe('success');
  });

  it('stores only the hash of the token', async () => {
    const user = await createUser(t.db);
    await forgot(t, user.username);
    const token = await tokenSentTo(t, emailOf(user.username));
    const rows = await t.db
      .selectFrom('password_reset_tokens')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sends at most 3 links per account and 10 per address an hour, with the same answer', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < RESET_THROTTLE.perAccount + 2; i += 1) {
      const answer = await forgot(t, user.username, `203.0.113.${i + 1}`);
      expect(answer.statusCode).toBe(202);
    }
    expect(await mailsTo(t, emailOf(user.username))).toHaveLength(RESET_THROTTLE.perAccount);
    expect((await auditOf('forgotPassword'))[0]?.outcome).toBe('refused');

    const others = await Promise.all(
      Array.from({ length: RESET_THROTTLE.perAddress + 1 }, () => createUser(t.db)),
    );
    for (const other of others) {
      expect((await forgot(t, other.username, '192.0.2.99')).statusCode).toBe(202);
    }
    const sent = await Promise.all(others.map((other) => mailsTo(t, emailOf(other.username))));
    expect(sent.filter((mails) => mails.length > 0)).toHaveLength(RESET_THROTTLE.perAddress);

    t.clock.advanceMinutes(RESET_THROTTLE.windowMinutes + 1);
    await forgot(t, user.username);
    expect(await mailsTo(t, emailOf(user.username))).toHaveLength(RESET_THROTTLE.perAccount + 1);
  });
});

describe('reset password', () => {
  it('sets the password once, ends every session, clears mustChangePassword and is audited', async () => {
    const customer = await createCustomer(t.db, { name: 'Reset Test B.V.' });
    const user = await createUser(t.db, { customerIds: [customer.id] });
    await t.db
      .updateTable('users')
      .set({ must_change_password: true })
      .where('id', '=', user.id)
      .execute();
    const session = await login(t.app, user.username, user.password);
    const ended: number[][] = [];
    const stop = t.app.deps.bus.subscribe('terminateSession', ({ sessionIds }) => {
      ended.push(sessionIds);
    });
    await forgot(t, user.username);
    const token = await tokenSentTo(t, emailOf(user.username));
    expect((await check(t, token)).json()).toMatchObject({
      purpose: 'reset',
      username: user.username,
    });

    expect((await reset(t, token, 'Zomer-Appel-42')).statusCode).toBe(204);
    stop();
    expect(ended.flat()).toHaveLength(1);
    const afterReset = await t.app.inject({
      method: 'PUT',
      url: '/rest/authentication/admin/setLocale/en',
      headers: bearer(session.token),
    });
    expect(afterReset.statusCode).toBe(401);
    expect((await postLogin(t.app, user.username, user.password)).statusCode).toBe(403);
    const fresh = await login(t.app, user.username, 'Zomer-Appel-42');
    expect(fresh.mustChangePassword).toBe(false);
    const [audit] = await auditOf('resetPassword');
    expect(audit).toMatchObject({ outcome: 'success', subject: user.username });
    expect(audit?.customer_ids).toEqual([customer.id]);

    const again = await reset(t, token, 'Nog-Een-Keer-43');
    expect(again.statusCode).toBe(410);
    expect(codeOf(again)).toBe('RESET_LINK_INVALID');
    expect(codeOf(await check(t, token))).toBe('RESET_LINK_INVALID');
  });

  it('refuses a link after 30 minutes and an unknown one', async () => {
    const user = await createUser(t.db);
    await forgot(t, user.username);
    const token = await tokenSentTo(t, emailOf(user.username));
    t.clock.advanceMinutes(29);
    expect((await check(t, token)).statusCode).toBe(200);
    t.clock.advanceMinutes(1);
    expect(codeOf(await reset(t, token, 'Zomer-Appel-42'))).toBe('RESET_LINK_INVALID');
    expect(codeOf(await reset(t, 'x'.repeat(43), 'Zomer-Appel-42'))).toBe('RESET_LINK_INVALID');
    expect((await postLogin(t.app, user.username, user.password)).statusCode).toBe(200);
  });

  it('voids the earlier link when a new one is sent', async () => {
    const user = await createUser(t.db);
    await forgot(t, user.username);
    const first = await tokenSentTo(t, emailOf(user.username));
    await forgot(t, user.username);
    const second = await tokenSentTo(t, emailOf(user.username));
    expect(codeOf(await check(t, first))).toBe('RESET_LINK_INVALID');
    expect((await check(t, second)).statusCode).toBe(200);
  });

  it('refuses a common password at its field and keeps the link', async () => {
    const user = await createUser(t.db);
    await forgot(t, user.username);
    const token = await tokenSentTo(t, emailOf(user.username));
    const common = await reset(t, token, 'Password1');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({
      code: 'PASSWORD_TOO_COMMON',
      details: { field: 'password' },
    });
    expect(codeOf(await reset(t, token, 'kort'))).toBe('PASSWORD_TOO_SHORT');
    expect(codeOf(await reset(t, token, 'x'.repeat(21)))).toBe('PASSWORD_TOO_LONG');
    expect((await reset(t, token, 'Zomer-Appel-42')).statusCode).toBe(204);
  });

  it('refuses the link of a user deactivated since', async () => {
    const user = await createUser(t.db);
    await forgot(t, user.username);
    const token = await tokenSentTo(t, emailOf(user.username));
    await t.db.updateTable('users').set({ disabled: true }).where('id', '=', user.id).execute();
    expect(codeOf(await reset(t, token, 'Zomer-Appel-42'))).toBe('RESET_LINK_INVALID');
  });
});
