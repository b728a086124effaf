import { LOCALES, ROLES, type Customer, type Dashboard, type UserSession } from '@klik/api';
import {
  isBoolean,
  isFields,
  isId,
  isOneOf,
  isString,
  readArray,
  valueCheck,
} from '../checks/plain-checks';

/** z.iso.datetime(): UTC ('Z'), with seconds, their fraction optional. */
const ISO_DATETIME =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?Z$/;

/** The pattern, on a day the calendar has (no 30 February). */
function isIsoDatetime(text: string): boolean {
  const day = text.slice(0, 10);
  return ISO_DATETIME.test(text) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);
}

export function readDashboard(value: unknown): Dashboard | undefined {
  if (!isFields(value) || !isId(value.id) || !isString(value.name)) return undefined;
  return { id: value.id, name: value.name };
}

export function readCustomer(value: unknown): Customer | undefined {
  if (!isFields(value) || !isId(value.id) || !isString(value.name)) return undefined;
  const dashboards = readArray(value.dashboards, readDashboard);
  return dashboards && { id: value.id, name: value.name, dashboards };
}

const OPTIONAL_FLAGS = ['mustChangePassword', 'manageUsers', 'secondFactorSetupRequired'] as const;

/** A session as UserSessionSchema reads it: its fields only, each by the same rule. */
export function readUserSession(value: unknown): UserSession | undefined {
  if (!isFields(value)) return undefined;
  const v = value;
  const valid =
    isString(v.token) &&
    isString(v.username) &&
    isOneOf(ROLES, v.role) &&
    isString(v.name) &&
    isOneOf(LOCALES, v.locale) &&
    isBoolean(v.readOnly) &&
    isBoolean(v.allowTPIPage) &&
    (v.impersonatedBy === null || isString(v.impersonatedBy)) &&
    OPTIONAL_FLAGS.every((flag) => v[flag] === undefined || isBoolean(v[flag]));
  const allowedCustomers = readArray(v.allowedCustomers, readCustomer);
  if (!valid || !allowedCustomers) return undefined;
  const session = {
    token: v.token,
    username: v.username,
    role: v.role,
    name: v.name,
    locale: v.locale,
    readOnly: v.readOnly,
    allowTPIPage: v.allowTPIPage,
    allowedCustomers,
    impersonatedBy: v.impersonatedBy,
  } as UserSession;
  for (const flag of OPTIONAL_FLAGS) if (v[flag] !== undefined) session[flag] = v[flag] as boolean;
  return session;
}

/** The session as kept in session storage: the server's answer plus the client-side lastRefresh. */
export type StoredSession = UserSession & { lastRefresh: string };

export function readStoredSession(value: unknown): StoredSession | undefined {
  const session = readUserSession(value);
  if (!session || !isFields(value)) return undefined;
  const { lastRefresh } = value;
  if (!isString(lastRefresh) || !isIsoDatetime(lastRefresh)) return undefined;
  return { ...session, lastRefresh };
}

export const storedSessionCheck = valueCheck(readStoredSession);
export const customerCheck = valueCheck(readCustomer);
export const dashboardCheck = valueCheck(readDashboard);
