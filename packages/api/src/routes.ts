/*
 * Every REST path lives in packages/api, once, as the pattern the server registers
 * ('/rest/admin/users/:userId'), in one `<FEATURE>_PATHS` object per feature (docs/architecture.md,
 * "REST paths"). The web and the tests fill a pattern's parameters with pathTo.
 */

/** The names of a pattern's `:params`, e.g. 'customerId' | 'contractId'. */
export type PathParamNames<Pattern extends string> =
  Pattern extends `${string}:${infer Param}/${infer Rest}`
    ? Param | PathParamNames<`/${Rest}`>
    : Pattern extends `${string}:${infer Param}`
      ? Param
      : never;

/** The values of a pattern's parameters: exactly its names, no more, no fewer. */
export type PathParams<Pattern extends string> = {
  [Name in PathParamNames<Pattern>]: string | number;
};

/**
 * A pattern with its `:params` filled in, each encoded with encodeURIComponent:
 * `pathTo(ADMIN_PATHS.user, { userId: 7 })` is '/rest/admin/users/7'. A missing or an extra
 * parameter is a type error; a pattern without parameters takes none. Query strings are the
 * caller's to append.
 */
export function pathTo<Pattern extends string>(
  pattern: Pattern,
  ...[params]: [PathParamNames<Pattern>] extends [never] ? [] : [params: PathParams<Pattern>]
): string {
  const values = (params ?? {}) as Record<string, string | number>;
  return pattern.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`pathTo: no value for :${name} in ${pattern}`);
    return encodeURIComponent(String(value));
  });
}

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
