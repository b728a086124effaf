import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * One module shape (docs/server-module.md): routes call a service, and SQL lives in the module's
 * repositories (`*.repository.ts`). Tests and their kits set scenes up with SQL of their own.
 */
const MODULES = fileURLToPath(new URL('./modules', import.meta.url));
const QUERY = /selectFrom\(|updateTable\(|insertInto\(|deleteFrom\(|\bsql(<[^>]*>)?`/;

function isProduction(name: string): boolean {
  return (
    name.endsWith('.ts') &&
    !name.endsWith('.test.ts') &&
    !name.endsWith('-test-kit.ts') &&
    !name.endsWith('permission-cases.ts')
  );
}

function moduleFiles(): string[] {
  return readdirSync(MODULES).flatMap((module) =>
    readdirSync(join(MODULES, module))
      .filter(isProduction)
      .map((name) => `${module}/${name}`),
  );
}

describe('SQL lives in repositories', () => {
  const files = moduleFiles();

  it('finds the modules and their repositories', () => {
    expect(files.filter((file) => file.endsWith('.repository.ts')).length).toBeGreaterThan(20);
  });

  it('has no query outside a repository', () => {
    const stray = files
      .filter((file) => !file.endsWith('.repository.ts'))
      .filter((file) => QUERY.test(readFileSync(join(MODULES, file), 'utf8')));
    expect(stray).toEqual([]);
  });
});
