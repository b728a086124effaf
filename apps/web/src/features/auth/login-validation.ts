import { LOGIN_PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH, type LoginBody } from '@klik/api';
import type { MessageKey } from '../../shared/i18n/catalogues';

// LoginBodySchema's rules (TextSchema: bounded, without NUL), written out: the login page loads
// without zod (docs/performance.md). The server validates the body with the schema itself.
const hasNul = (text: string) => text.includes('\u0000');

export interface LoginErrors {
  username?: MessageKey;
  password?: MessageKey;
}

/** The login form's rules (spec section 5); shown only after a submit attempt. */
export function validateLogin(values: LoginBody): LoginErrors {
  const errors: LoginErrors = {};
  if (values.username.trim() === '') errors.username = 'login.validation.usernameRequired';
  // Too long or with a control character the server refuses: say so rather than send it.
  else if (values.username.length > USERNAME_MAX_LENGTH || hasNul(values.username)) {
    errors.username = 'login.validation.usernameInvalid';
  }
  // Too long is the spec's 'Password obligatory' too (section 5): the login form has one
  // password rule, not a message of its own for the length.
  if (values.password === '' || values.password.length > LOGIN_PASSWORD_MAX_LENGTH) {
    errors.password = 'login.validation.passwordRequired';
  } else if (hasNul(values.password)) {
    errors.password = 'login.validation.passwordInvalid';
  }
  return errors;
}

export function isLoginValid(errors: LoginErrors): boolean {
  return errors.username === undefined && errors.password === undefined;
}

/** What goes to the server, trimmed as LoginBodySchema trims it. */
export function toLoginBody(values: LoginBody): LoginBody {
  const body: LoginBody = { username: values.username.trim(), password: values.password };
  if (values.totpCode !== undefined) body.totpCode = values.totpCode.trim();
  return body;
}
