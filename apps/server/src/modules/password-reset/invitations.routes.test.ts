import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS, AdminUserSchema, RESET_LINK_MINUTES, pathTo } from '@klik/api';
import { login, postLogin } from '../../../test/test-app';
import { adminWorld, auditRows, call, newUserBody, type AdminWorld } from '../admin/admin-test-kit';
import { check, codeOf, mailsTo, reset, tokenSentTo } from './password-reset-test-kit';

let w: AdminWorld;

beforeAll(async () => {
  w = await adminWorld({ MAIL_DEV_OUTBOX: 'true' });
}, 60_000);

afterAll(async () => {
  await w.t.close();
});

async function invite(token: string, url: string, body: Record<string, unknown>) {
  const response = await call(w, token, 'POST', url, body);
  expect(response.statusCode, response.body).toBe(201);
  return AdminUserSchema.parse(response.json());
}

describe('invitations', () => {
  it('invites a user created without a password, who then chooses it', async () => {
    const { initialPassword: _, ...body } = newUserBody(w.own.id, { locale: 'en' });
    const user = await invite(w.callers.admin.token, ADMIN_PATHS.users, body);
    const email = body.email.toLowerCase();
    const [mail] = await mailsTo(w.t, email);
    expect(mail?.subject).toBe('Your Klik account');
    expect(mail?.text).toContain(body.username);
    const token = await tokenSentTo(w.t, email);
    expect((await check(w.t, token)).json()).toMatchObject({ purpose: 'invitation' });
    const [audit] = await auditRows(w.t.db, 'user.create');
    expect(audit?.details).toMatchObject({ invitation: true });

    // The invited user's own choice is held to the same list as every other password; the link
    // stays good for a better one.
    const common = await reset(w.t, token, 'Password1');
    expect(common.statusCode).toBe(400);
    expect(codeOf(common)).toBe('PASSWORD_TOO_COMMON');
    expect((await reset(w.t, token, 'Eigen-Keuze-2026')).statusCode).toBe(204);
    const session = await login(w.t.app, user.username, 'Eigen-Keuze-2026');
    expect(session.mustChangePassword).toBe(false);
  });

  it('sends no invitation when an initial password is given', async () => {
    const body = newUserBody(w.own.id);
    await invite(w.callers.admin.token, ADMIN_PATHS.users, body);
    expect(await mailsTo(w.t, body.email.toLowerCase())).toHaveLength(0);
    expect((await postLogin(w.t.app, body.username, body.initialPassword)).statusCode).toBe(200);
  });

  it('re-sends an invitation: a new link, the old one void, audited', async () => {
    const { initialPassword: _, ...body } = newUserBody(w.own.id);
    const user = await invite(w.callers.accountmanager.token, ADMIN_PATHS.users, body);
    const email = body.email.toLowerCase();
    const first = await tokenSentTo(w.t, email);
    const resent = await call(
      w,
      w.callers.admin.token,
      'POST',
      pathTo(ADMIN_PATHS.userInvitation, { userId: user.id }),
    );
    expect(resent.statusCode, resent.body).toBe(200);
    const second = await tokenSentTo(w.t, email);
    expect(second).not.toBe(first);
    expect(codeOf(await check(w.t, first))).toBe('RESET_LINK_INVALID');
    expect((await check(w.t, second)).statusCode).toBe(200);
    expect((await auditRows(w.t.db, 'user.resendInvitation'))[0]?.subject).toBe(user.username);
  });

  // Last: moving the clock 7 days ends the sessions of the world's callers.
  it('keeps an invitation link for 7 days, not longer', async () => {
    const invited = [newUserBody(w.own.id), newUserBody(w.own.id)];
    for (const body of invited) {
      await invite(w.callers.userManager.token, ADMIN_PATHS.viewOnlyUsers, {
        username: body.username,
        name: body.name,
        email: body.email,
        customerIds: [w.own.id],
      });
    }
    const [early, late] = await Promise.all(
      invited.map((body) => tokenSentTo(w.t, body.email.toLowerCase())),
    );
    w.t.clock.advanceMinutes(RESET_LINK_MINUTES.invitation - 1);
    expect((await reset(w.t, early!, 'Eigen-Keuze-2026')).statusCode).toBe(204);
    w.t.clock.advanceMinutes(1);
    expect(codeOf(await reset(w.t, late!, 'Eigen-Keuze-2026'))).toBe('RESET_LINK_INVALID');
  });
});
