import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EnvironmentSettingsSchema, UserSessionSchema } from '@klik/api';
import { readEnvironmentSettings } from '../env/env-check';
import { readStoredSession } from '../session/session-check';

const SETTINGS = {
  production: true,
  backendUrl: '/rest',
  notificationBackendUrl: '/rest',
  websocketUrl: '/ws',
  stylesheetUrl: null,
  locale: 'nl',
  currency: 'EUR',
  currencySymbol: '€',
  title: 'Klik',
  favicon: '/favicon.ico',
  translations: { en: { 'login.title': 'Sign in to {0}' } },
  displayDisclaimer: false,
  displayHelp: true,
  isDebugMode: false,
  ssourl: null,
};

const SESSION = {
  token: 't',
  username: 'jansen',
  role: 'customer',
  name: 'Jan Jansen',
  locale: 'en',
  readOnly: false,
  allowTPIPage: false,
  allowedCustomers: [{ id: 1, name: 'Bakkerij', dashboards: [{ id: 2, name: 'Gas' }] }],
  impersonatedBy: null,
  lastRefresh: '2026-11-26T01:00:00.000Z',
};

/** The value with one field replaced (undefined: left out). */
function variants(base: Record<string, unknown>, replacements: Record<string, unknown[]>) {
  const out: unknown[] = [base, null, [], 'text', { ...base, extra: 1 }];
  for (const [field, values] of Object.entries(replacements)) {
    for (const value of values) {
      const changed: Record<string, unknown> = { ...base, [field]: value };
      if (value === undefined) delete changed[field];
      out.push(changed);
    }
  }
  return out;
}

/** Both answers are the same: refused by both, or kept alike. */
function expectSameAnswers(
  read: (value: unknown) => unknown,
  schema: z.ZodType,
  inputs: unknown[],
): void {
  for (const input of inputs) {
    const parsed = schema.safeParse(input);
    expect(read(input), JSON.stringify(input)).toEqual(parsed.success ? parsed.data : undefined);
  }
}

describe('the login page’s hand-written checks answer as their schemas do', () => {
  it('reads /env.json as EnvironmentSettingsSchema', () => {
    const inputs = variants(SETTINGS, {
      production: ['true', undefined],
      backendUrl: [1, undefined],
      stylesheetUrl: ['/custom.css', undefined, 3],
      locale: ['de', 'en', undefined],
      currency: ['EU', 'EURO', 'USD'],
      currencySymbol: ['', '$'],
      title: ['', 'Portal'],
      favicon: ['', null],
      translations: [{}, { nl: {} }, { nl: { a: 1 } }, { nl: 'x' }, [], null, undefined],
      displayHelp: [0, undefined],
      ssourl: ['https://sso.example', undefined],
    });
    expectSameAnswers(readEnvironmentSettings, EnvironmentSettingsSchema, inputs);
  });

  it('reads a stored session as UserSessionSchema with lastRefresh', () => {
    const dashboards = (dashboard: unknown) => [{ id: 1, name: 'B', dashboards: [dashboard] }];
    const inputs = variants(SESSION, {
      token: [undefined, 5],
      role: ['admin', 'root', undefined],
      locale: ['fr'],
      readOnly: ['no'],
      impersonatedBy: ['beheer', undefined, 3],
      mustChangePassword: [true, 'yes', undefined],
      manageUsers: [false, 1],
      secondFactorSetupRequired: [true, null],
      allowedCustomers: [
        [],
        [{ id: 0, name: 'B', dashboards: [] }],
        [{ id: 1.5, name: 'B', dashboards: [] }],
        [{ id: 2_147_483_648, name: 'B', dashboards: [] }],
        [{ id: 1, name: 'B' }],
        dashboards({ id: 3, name: 'G', extra: true }),
        dashboards({ id: '3', name: 'G' }),
        'none',
      ],
      lastRefresh: [
        '2026-11-26T01:00Z',
        '2026-11-26T01:00:00Z',
        '2026-11-26T01:00:00+01:00',
        '2026-13-26T01:00:00Z',
        '2026-02-29T01:00:00Z',
        '2028-02-29T01:00:00Z',
        '2026-11-26',
        undefined,
      ],
    });
    const stored = UserSessionSchema.extend({ lastRefresh: z.iso.datetime() });
    expectSameAnswers(readStoredSession, stored, inputs);
  });
});
