import { describe, expect, it } from 'vitest';
import type { Role } from '@klik/api';
import { continueAs } from '../session/impersonation';
import { startSession } from '../session/session-store';
import { aUserSession } from '../../test/builders';
import {
  admits,
  changePasswordPathReturningTo,
  homePath,
  loginPathReturningTo,
  sanitizeReturnUrl,
  targetAfterLogin,
} from './access';

const user = (role: Role, allowTPIPage = false) => ({ role, allowTPIPage });

describe('home screen after login', () => {
  it.each([
    [user('admin'), '/admindashboard'],
    [user('accountmanager'), '/admindashboard'],
    [user('accountmanager', true), '/admindashboard'],
    [user('consultant', true), '/overview'],
    [user('consultant'), '/dashboard'],
    [user('customer'), '/dashboard'],
    [user('customer', true), '/dashboard'],
  ])('%o goes to %s', (session, path) => {
    expect(homePath(session)).toBe(path);
  });
});

describe('home screen while acting for someone else (login-as), from the stored sessions', () => {
  const borrowed = aUserSession({ username: 'jansen', impersonatedBy: 'tpi' });

  it('a TPI consultant acting for a customer is at home on consultantdashboard', () => {
    startSession(
      aUserSession({ username: 'tpi', role: 'consultant', allowTPIPage: true, token: 'own' }),
    );
    continueAs(borrowed, '/overview');
    expect(homePath(borrowed)).toBe('/consultantdashboard');
    expect(targetAfterLogin('/overview', borrowed)).toBe('/consultantdashboard');
  });

  it('an administrator acting for a user, or a consultant without the TPI page, is not', () => {
    startSession(aUserSession({ username: 'tpi', role: 'admin', token: 'own' }));
    continueAs(borrowed, '/csu');
    expect(homePath(borrowed)).toBe('/dashboard');
    startSession(aUserSession({ username: 'tpi', role: 'consultant', token: 'own' }));
    continueAs(borrowed, '/dashboard');
    expect(homePath(borrowed)).toBe('/dashboard');
  });

  it('the user themselves, with no own session kept behind theirs, is not', () => {
    startSession(aUserSession({ username: 'tpi', role: 'consultant', allowTPIPage: true }));
    continueAs(borrowed, '/overview');
    expect(homePath({ ...borrowed, impersonatedBy: null })).toBe('/dashboard');
  });
});

describe('guards', () => {
  it('the admin guard admits only admin and account manager', () => {
    expect(admits('staff', user('admin'))).toBe(true);
    expect(admits('staff', user('accountmanager'))).toBe(true);
    expect(admits('staff', user('consultant'))).toBe(false);
    expect(admits('staff', user('customer'))).toBe(false);
  });

  it('the regular guard admits any signed-in user but admin', () => {
    expect(admits('regular', user('admin'))).toBe(false);
    expect(admits('regular', user('accountmanager'))).toBe(true);
    expect(admits('regular', user('consultant'))).toBe(true);
    expect(admits('regular', user('customer'))).toBe(true);
  });

  it('the overview admits users with the TPI page only', () => {
    expect(admits('tpi', user('consultant', true))).toBe(true);
    expect(admits('tpi', user('consultant'))).toBe(false);
    expect(admits('tpi', user('admin', true))).toBe(false);
  });

  it('the users screens admit whoever may read users: admin, account manager, a user manager', () => {
    expect(admits('users', user('admin'))).toBe(true);
    expect(admits('users', user('accountmanager'))).toBe(true);
    expect(admits('users', { ...user('customer'), manageUsers: true })).toBe(true);
    expect(admits('users', user('customer'))).toBe(false);
    expect(admits('users', { ...user('consultant'), manageUsers: true })).toBe(false);
  });

  it('integrations admit an admin and a user manager, neither read-only', () => {
    expect(admits('integrations', user('admin'))).toBe(true);
    expect(admits('integrations', { ...user('customer'), manageUsers: true })).toBe(true);
    expect(admits('integrations', user('customer'))).toBe(false);
    expect(admits('integrations', user('accountmanager'))).toBe(false);
    expect(admits('integrations', { ...user('consultant'), manageUsers: true })).toBe(false);
    expect(admits('integrations', { ...user('customer'), manageUsers: true, readOnly: true })).toBe(
      false,
    );
  });

  it('an initial password is changed first, then the user goes where they were going', () => {
    expect(changePasswordPathReturningTo('/clickoverview?status=X')).toBe(
      '/changepassword?returnUrl=%2Fclickoverview%3Fstatus%3DX',
    );
    expect(changePasswordPathReturningTo('/changepassword')).toBe('/changepassword');
    expect(changePasswordPathReturningTo('//evil.example')).toBe('/changepassword');
    expect(admits('changePassword', user('customer'))).toBe(true);
  });

  it('adding an account manager is for the admin alone', () => {
    expect(admits('adminOnly', user('admin'))).toBe(true);
    expect(admits('adminOnly', user('accountmanager'))).toBe(false);
    expect(admits('adminOnly', user('customer'))).toBe(false);
  });

  it("every user's home screen admits that user", () => {
    for (const role of ['admin', 'accountmanager', 'consultant', 'customer'] as const) {
      for (const tpi of [true, false]) {
        const session = user(role, tpi);
        expect(targetAfterLogin(null, session)).toBe(homePath(session));
        expect(targetAfterLogin(homePath(session), session)).toBe(homePath(session));
      }
    }
  });
});

describe('returnUrl', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/myinfo?tab=1#top', '/myinfo?tab=1#top'],
    ['/dashboard/../myinfo', '/myinfo'],
  ])('keeps the same-origin path %s', (raw, expected) => {
    expect(sanitizeReturnUrl(raw)).toBe(expected);
  });

  it.each([
    null,
    '',
    'dashboard',
    '//evil.example/dashboard',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example/dashboard',
    'javascript:alert(1)',
    '/\tdashboard',
    '/\n/evil.example',
  ])('refuses %j', (raw) => {
    expect(sanitizeReturnUrl(raw)).toBeNull();
  });

  it('is honoured only when the guard would admit the role', () => {
    expect(targetAfterLogin('/myinfo', user('customer'))).toBe('/myinfo');
    expect(targetAfterLogin('/admindashboard', user('customer'))).toBe('/dashboard');
    expect(targetAfterLogin('/dashboard', user('admin'))).toBe('/admindashboard');
    expect(targetAfterLogin('/dashboard', user('accountmanager'))).toBe('/dashboard');
    expect(targetAfterLogin('/login', user('customer'))).toBe('/dashboard');
    expect(targetAfterLogin('/nowhere', user('customer'))).toBe('/dashboard');
    expect(targetAfterLogin('//evil.example/dashboard', user('customer'))).toBe('/dashboard');
  });

  it('the login path carries where the user was going', () => {
    expect(loginPathReturningTo('/myinfo?x=1')).toBe('/login?returnUrl=%2Fmyinfo%3Fx%3D1');
    expect(loginPathReturningTo('/')).toBe('/login');
    expect(loginPathReturningTo('/login?returnUrl=%2Fmyinfo')).toBe('/login');
  });
});
