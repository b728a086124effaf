import { describe, expect, it } from 'vitest';
import { isLoginValid, validateLogin } from './login-validation';

describe('login validation', () => {
  it('requires a username and a password', () => {
    expect(validateLogin({ username: '', password: '' })).toEqual({
      username: 'login.validation.usernameRequired',
      password: 'login.validation.passwordRequired',
    });
    expect(validateLogin({ username: '   ', password: 'x' })).toEqual({
      username: 'login.validation.usernameRequired',
    });
  });

  it("allows a password of at most 20 characters; a longer one is the spec's 'Password obligatory'", () => {
    expect(validateLogin({ username: 'jansen', password: 'a'.repeat(20) })).toEqual({});
    expect(validateLogin({ username: 'jansen', password: 'a'.repeat(21) })).toEqual({
      password: 'login.validation.passwordRequired',
    });
  });

  it('refuses a username or password the server would refuse', () => {
    expect(validateLogin({ username: 'a'.repeat(201), password: 'x' })).toEqual({
      username: 'login.validation.usernameInvalid',
    });
    expect(validateLogin({ username: 'a\u0000b', password: 'x\u0000' })).toEqual({
      username: 'login.validation.usernameInvalid',
      password: 'login.validation.passwordInvalid',
    });
  });

  it('is valid only without errors', () => {
    expect(isLoginValid({})).toBe(true);
    expect(isLoginValid({ password: 'login.validation.passwordRequired' })).toBe(false);
  });
});
