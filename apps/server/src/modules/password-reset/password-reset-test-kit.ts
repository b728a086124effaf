import type { LightMyRequestResponse } from 'fastify';
import { DevMailSchema, ErrorBodySchema, PASSWORD_RESET_PATHS, MAIL_PATHS } from '@klik/api';
import type { TestApp } from '../../../test/test-app';

export function forgot(t: TestApp, usernameOrEmail: string, ip = '198.51.100.1') {
  return t.app.inject({
    method: 'POST',
    url: PASSWORD_RESET_PATHS.forgotPassword,
    payload: { usernameOrEmail },
    remoteAddress: ip,
  });
}

export function reset(t: TestApp, token: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: PASSWORD_RESET_PATHS.resetPassword,
    payload: { token, password },
  });
}

export function check(t: TestApp, token: string) {
  return t.app.inject({
    method: 'GET',
    url: `${PASSWORD_RESET_PATHS.resetPasswordCheck}?token=${encodeURIComponent(token)}`,
  });
}

/** The e-mails the development outbox kept for an address, once every pending one is sent. */
export async function mailsTo(t: TestApp, to: string) {
  await t.app.passwordReset.idle();
  const response = await t.app.inject({
    method: 'GET',
    url: `${MAIL_PATHS.devOutbox}?to=${encodeURIComponent(to)}`,
  });
  return DevMailSchema.array().parse(response.json());
}

/** The token of the newest link sent to an address. */
export async function tokenSentTo(t: TestApp, to: string): Promise<string> {
  const mails = await mailsTo(t, to);
  const text = mails.at(-1)?.text ?? '';
  const token = /\/resetpassword\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no link sent to ${to}`);
  return token;
}

export function codeOf(response: LightMyRequestResponse): string {
  return ErrorBodySchema.parse(response.json()).code;
}
