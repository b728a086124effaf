import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCK_KEYS, LOCK_NAMESPACES } from './lock-keys';

const SRC = fileURLToPath(new URL('../..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the registry of advisory lock keys', () => {
  it('gives every lock its own key', () => {
    const keys = Object.values(LOCK_KEYS);
    expect(new Set(keys).size).toBe(keys.length);
    const namespaces = Object.values(LOCK_NAMESPACES);
    expect(new Set(namespaces).size).toBe(namespaces.length);
  });

  it('is the only place a key is written: no production file outside it holds one', () => {
    // A key is "KLIK"/"KLK" in hex; any literal of that shape elsewhere is a lock key out of the
    // registry, which could collide unseen.
    const offenders = sourceFiles(SRC)
      .filter((file) => !file.endsWith(join('kernel', 'jobs', 'lock-keys.ts')))
      .filter((file) => /0x4b4c_?4(9|b)/i.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(offenders).toEqual([]);
  });
});
