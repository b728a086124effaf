import { describe, expect, it } from 'vitest';
import * as api from './index';
import {
  ADMIN_PATHS,
  BUDGET_PATHS,
  INTEGRATION_PATHS,
  PATHS_BY_FEATURE,
  pathTo,
  servedPaths,
  SYSTEM_PATHS,
} from './index';

/** The paths served outside /rest that server and web share. */
// The OAuth token endpoint sits where integrators' libraries look for it (docs/integrations.md).
const OUTSIDE_REST = new Set<string>([SYSTEM_PATHS.env, INTEGRATION_PATHS.token]);
const SEGMENT = /^(?::[a-z][A-Za-z0-9]*|[A-Za-z0-9._-]+)$/;

const pathExports = Object.entries(api).filter(([name]) => /PATHS?$|_REST$|^REST$/.test(name));

describe('path constants', () => {
  it('are one <FEATURE>_PATHS object per feature, each listed in PATHS_BY_FEATURE', () => {
    const names = pathExports.map(([name]) => name).filter((name) => name !== 'PATHS_BY_FEATURE');
    expect(names.sort()).toEqual(Object.keys(PATHS_BY_FEATURE).sort());
    for (const [name, paths] of Object.entries(PATHS_BY_FEATURE)) {
      expect(name).toMatch(/^[A-Z]+(?:_[A-Z]+)*_PATHS$/);
      expect(api[name as keyof typeof api]).toBe(paths);
      for (const [key, path] of Object.entries(paths)) {
        expect(key, `${name}.${key}`).toMatch(/^[a-z][A-Za-z0-9]*$/);
        expect(typeof path, `${name}.${key} is a pattern, not a builder`).toBe('string');
      }
    }
  });

  it('are well-formed patterns under /rest (or one of the few shared paths outside it)', () => {
    for (const path of servedPaths()) {
      expect(path.startsWith('/rest/') || OUTSIDE_REST.has(path), path).toBe(true);
      const segments = path.split('/').slice(1);
      for (const segment of segments) expect(segment, path).toMatch(SEGMENT);
      const params = segments.filter((segment) => segment.startsWith(':'));
      expect(new Set(params).size, `${path} repeats a parameter`).toBe(params.length);
    }
  });

  it('are unique: no two constants name the same path', () => {
    const paths = servedPaths();
    const twice = paths.filter((path, index) => paths.indexOf(path) !== index);
    expect(twice).toEqual([]);
  });

  it('do not differ in their parameter names only', () => {
    const shapes = servedPaths().map((path) => path.replace(/:\w+/g, ':'));
    const twice = shapes.filter((shape, index) => shapes.indexOf(shape) !== index);
    expect(twice).toEqual([]);
  });
});

describe('pathTo', () => {
  it('fills the parameters of a pattern', () => {
    expect(pathTo(ADMIN_PATHS.user, { userId: 7 })).toBe('/rest/admin/users/7');
    expect(
      pathTo(BUDGET_PATHS.budget, { customerId: 1, contractId: 'C-9', yearOfSupply: 2027 }),
    ).toBe('/rest/budgets/1/C-9/2027');
  });

  it('encodes each value as one path segment', () => {
    expect(
      pathTo(BUDGET_PATHS.budget, { customerId: 1, contractId: 'a/b c?', yearOfSupply: 2027 }),
    ).toBe('/rest/budgets/1/a%2Fb%20c%3F/2027');
  });

  it('answers a pattern without parameters as it is', () => {
    expect(pathTo(ADMIN_PATHS.users)).toBe('/rest/admin/users');
  });

  it('refuses missing and extra parameters at compile time', () => {
    // @ts-expect-error userId is missing
    expect(() => pathTo(ADMIN_PATHS.user, {})).toThrow(':userId');
    // @ts-expect-error the parameters are missing altogether
    expect(() => pathTo(ADMIN_PATHS.user)).toThrow(':userId');
    // @ts-expect-error customerId is not a parameter of this pattern
    expect(pathTo(ADMIN_PATHS.user, { userId: 1, customerId: 2 })).toBe('/rest/admin/users/1');
    // @ts-expect-error a pattern without parameters takes none
    expect(pathTo(ADMIN_PATHS.users, { userId: 1 })).toBe('/rest/admin/users');
  });
});
