// The command an operator types (npm run backup / restore run this file, built): its arguments,
// paths meant from where it was typed, one line on stdout or stderr, and the exit code.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '../kernel/config/config';
import { embeddedDatabase } from './backup-test-kit';

const TSX = join(REPOSITORY_ROOT, 'node_modules/.bin/tsx');
const CLI = join(REPOSITORY_ROOT, 'apps/server/src/operations/operations-cli.ts');

let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'klik-cli-'));
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

function run(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      TSX,
      [CLI, ...args],
      // As npm runs it: at the repository root, INIT_CWD where the command was typed.
      { cwd: REPOSITORY_ROOT, env: { ...process.env, INIT_CWD: scratch, ...env } },
      (error, stdout, stderr) => {
        resolve({
          code: error ? Number(error.code ?? 1) : 0,
          stdout: stdout.trim(),
          stderr: stderr.trim(),
        });
      },
    );
  });
}

describe('npm run backup / npm run restore', () => {
  it('back up and restore the embedded database, paths from where it was typed', async () => {
    const source = join(scratch, 'data');
    const database = await embeddedDatabase(source);
    await database.drop();

    const saved = await run(['backup', '--to', 'klik.tar.gz'], { DATA_DIR: source });
    expect(saved).toMatchObject({ code: 0, stderr: '' });
    expect(saved.stdout).toMatch(
      new RegExp(
        `^Backup written to ${join(scratch, 'klik.tar.gz')} \\(\\d+\\.\\d MB, the embedded ` +
          'database \\(no portal was running\\)\\); verified\\.$',
      ),
    );

    const target = join(scratch, 'restored');
    const restored = await run(['restore', '--from', 'klik.tar.gz'], { DATA_DIR: target });
    expect(restored).toEqual({
      code: 0,
      stdout: `Restored into DATA_DIR ${target}. Start the portal on it (npm start).`,
      stderr: '',
    });
    expect(existsSync(join(target, 'pglite', 'PG_VERSION'))).toBe(true);

    const again = await run(['restore', '--from', 'klik.tar.gz'], { DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^DATA_DIR .* already holds a database: .*--replace/);
  }, 90_000);

  it('says how to call it when the arguments are wrong', async () => {
    const usage = /Usage: npm run backup -- --to <file>\n\s+npm run restore -- --from <file>/;
    const none = await run([], {});
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(usage);
    const unknown = await run(['backup', '--into', 'x'], {});
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(usage);
  }, 30_000);
});
