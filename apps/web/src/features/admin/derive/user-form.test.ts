import { describe, expect, it } from 'vitest';
import { anAdminUser } from '../test-builders';
import {
  changedFields,
  checkUserForm,
  emptyUserForm,
  fieldOfServerError,
  userFormOf,
} from './user-form';

describe('the user form', () => {
  it("checks with the server's schema and names each field's code (spec section 5)", () => {
    const checked = checkUserForm(
      'create',
      emptyUserForm({
        username: '-x',
        email: 'piet@',
        mobile: '06 1234',
        initialPassword: 'short',
      }),
    );
    expect(checked).toEqual({
      ok: false,
      formError: null,
      errors: {
        username: 'USERNAME_INVALID',
        name: 'NAME_REQUIRED',
        email: 'EMAIL_INVALID',
        mobile: 'MOBILE_INVALID',
        initialPassword: 'PASSWORD_TOO_SHORT',
      },
    });
    const empty = checkUserForm('viewOnly', emptyUserForm());
    expect(empty.ok === false && empty.errors).toEqual({
      username: 'USERNAME_REQUIRED',
      name: 'NAME_REQUIRED',
      email: 'EMAIL_REQUIRED',
      customers: 'VALIDATION_FAILED',
    });
  });

  it('sends no initial password when none is typed: the server invites the user by e-mail', () => {
    const values = emptyUserForm({
      username: 'piet',
      name: 'Piet',
      email: 'piet@jansen.nl',
      role: 'admin',
    });
    const invited = checkUserForm('create', values);
    expect(invited.ok && invited.body).not.toHaveProperty('initialPassword');
    const withPassword = checkUserForm('create', { ...values, initialPassword: 'Begin-1234' });
    expect(withPassword.ok && withPassword.body).toMatchObject({ initialPassword: 'Begin-1234' });
  });

  it('sends an edit on the version read, a mobile number in E.164 and no mobile as null', () => {
    const values = { ...userFormOf(anAdminUser()), mobile: '+31 6 1234 5678' };
    const checked = checkUserForm('edit', values, 3);
    expect(checked.ok && checked.body).toMatchObject({
      version: 3,
      mobile: '+31612345678',
      customers: [{ customerId: 11, readOnly: false, clickAuthorized: true }],
    });
    const none = checkUserForm('edit', { ...values, mobile: '' }, 3);
    expect(none.ok && none.body).toMatchObject({ mobile: null });
  });

  it("puts the server's refusals beside their fields", () => {
    expect(fieldOfServerError('USER_NOT_UNIQUE')).toBe('email');
    expect(fieldOfServerError('USERNAME_NOT_UNIQUE')).toBe('username');
    expect(fieldOfServerError('PASSWORD_TOO_LONG')).toBe('initialPassword');
    expect(fieldOfServerError('VALIDATION_FAILED', 'customerIds')).toBe('customers');
    expect(fieldOfServerError('RIGHTS_EXCEEDED')).toBeNull();
  });

  it('tells which fields someone else changed', () => {
    expect(
      changedFields(anAdminUser(), anAdminUser({ email: 'new@jansen.nl', role: 'consultant' })),
    ).toEqual(['email', 'role']);
  });
});
