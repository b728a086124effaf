import { LOGIN_PASSWORD_MAX_LENGTH, LoginBodySchema, type LoginBody } from '@klik/api';

const { username: usernameSchema, password: passwordSchema } = LoginBodySchema.shape;
import type { MessageKey } from '../../shared/i18n/catalogues';

export interface LoginErrors {
  username?: MessageKey;
  password?: MessageKey;
}

/** The login form's rules (spec section 5); shown only after a submit attempt. */
export function validateLogin(values: LoginBody): LoginErrors {
  const errors: LoginErrors = {};
  if (values.username.trim() === '') errors.username = 'login.validation.usernameRequired';
  // Too long or with a control character the server refuses: say so rather than send it.
  else if (!usernameSchema.safeParse(values.username).success) {
    errors.username = 'login.validation.usernameInvalid';
  }
  if (values.password === '') errors.password = 'login.validation.passwordRequired';
  else if (values.password.length > LOGIN_PASSWORD_MAX_LENGTH) {
    errors.password = 'login.validation.passwordTooLong';
  } else if (!passwordSchema.safeParse(values.password).success) {
    errors.password = 'login.validation.passwordInvalid';
  }
  return errors;
}

export function isLoginValid(errors: LoginErrors): boolean {
  return errors.username === undefined && errors.password === undefined;
}

/** What goes to the server: the same schema the server validates with. */
export function toLoginBody(values: LoginBody): LoginBody {
  return LoginBodySchema.parse(values);
}
