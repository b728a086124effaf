import { INT4_MAX } from '@klik/api';

/*
 * Hand-written checks for the few values the first screen reads (the settings, the stored
 * session, the locale): zod stays off the login page's path, where its weight would count
 * against the page's budget (docs/performance.md). Each check follows its schema in @klik/api
 * rule for rule; the tests compare them on the same inputs.
 */

/** What a stored value is read back with: a zod schema, or one of these checks. */
export interface ValueCheck<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** A check from a function that answers the value as it should be kept, or undefined. */
export function valueCheck<T>(read: (value: unknown) => T | undefined): ValueCheck<T> {
  return {
    safeParse(value) {
      const data = read(value);
      return data === undefined ? { success: false } : { success: true, data };
    },
  };
}

export type Fields = Record<string, unknown>;

export function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const isString = (value: unknown): value is string => typeof value === 'string';
export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return (values as readonly unknown[]).includes(value);
}

/** A database id: a whole number from 1 to int4's largest (IdSchema). */
export function isId(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= INT4_MAX;
}

/** Every element read by read, or undefined when one fails. */
export function readArray<T>(value: unknown, read: (element: unknown) => T | undefined) {
  if (!Array.isArray(value)) return undefined;
  const out: T[] = [];
  for (const element of value) {
    const kept = read(element);
    if (kept === undefined) return undefined;
    out.push(kept);
  }
  return out;
}
