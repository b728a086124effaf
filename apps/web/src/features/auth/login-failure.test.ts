import { describe, expect, it } from 'vitest';
import { ApiError } from '@klik/api';
import { loginFailure } from './login-failure';

describe('login failure message', () => {
  it('403 means invalid credentials', () => {
    expect(loginFailure(new ApiError(403, 'INVALID_CREDENTIALS', 'x'))).toEqual({
      kind: 'message',
      key: 'login.error.invalidCredentials',
    });
  });

  it('an XSRF refusal is not read as a wrong password', () => {
    for (const status of [400, 403]) {
      expect(loginFailure(new ApiError(status, 'XSRF_MISMATCH', 'x'))).toEqual({
        kind: 'message',
        key: 'login.error.xsrfMismatch',
      });
    }
  });

  it("429 shows the server's own message", () => {
    expect(loginFailure(new ApiError(429, 'TOO_MANY_ATTEMPTS', 'Wacht 60 seconden', 60))).toEqual({
      kind: 'text',
      text: 'Wacht 60 seconden',
    });
  });

  it('anything else means the product is unavailable', () => {
    for (const error of [
      new ApiError(500, 'INTERNAL', 'boom'),
      new ApiError(401, 'UNAUTHENTICATED', 'no'),
      new TypeError('Failed to fetch'),
    ]) {
      expect(loginFailure(error)).toEqual({ kind: 'message', key: 'login.error.unavailable' });
    }
  });
});
