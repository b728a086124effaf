// Runs the real `npm start` (build, preflight, exec of the compiled server) the way a supervisor
// does, and stops it the way a supervisor does: SIGTERM to the process it started, which is npm.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port';
import { REPOSITORY_ROOT } from './kernel/config/config';
import { ensurePortFree, LOCK_FILE_NAME } from './instance-guard';

const SHUTDOWN_TIMEOUT_SECONDS = 5;
const started: ChildProcess[] = [];
let scratch: string;

/** The environment of a start from a shell: none of Vitest's variables (NODE_ENV=test). */
function startEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith('VITEST') && name !== 'NODE_ENV' && name !== 'INIT_CWD') env[name] = value;
  }
  return {
    ...env,
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    MARKET_FEED: 'none',
    LOG_LEVEL: 'warn',
    SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
    ...overrides,
  };
}

function start(command: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command[0] ?? 'npm', command.slice(1), {
    cwd: REPOSITORY_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  return child;
}

/** Runs a command to its end: its exit code and what it wrote to stderr, npm's warnings left out. */
async function run(
  command: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stderr: string }> {
  const child = start(command, env);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += String(chunk)));
  child.stdout?.resume();
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const lines = stderr
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('npm warn'));
  return { code, stderr: lines.join('\n') };
}

async function waitFor(
  condition: () => Promise<boolean> | boolean,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function ready(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200;
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'klik-start-'));
});

afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

describe('npm start', () => {
  it('refuses a second start on the same port or DATA_DIR in one line, and stops on SIGTERM to npm', async () => {
    const port = await freePort();
    const dataDir = join(scratch, 'data');
    const npm = start(['npm', 'start'], startEnv({ PORT: String(port), DATA_DIR: dataDir }));
    let output = '';
    npm.stderr?.on('data', (chunk: Buffer) => (output += String(chunk)));
    npm.stdout?.resume();
    await waitFor(() => ready(port) || npm.exitCode !== null, 150_000).catch(() => {});
    expect(npm.exitCode, output).toBeNull();
    expect(await ready(port)).toBe(true);

    // The server holds DATA_DIR in its own name: npm's shell was replaced by it (exec).
    const serverPid = (
      JSON.parse(readFileSync(join(dataDir, LOCK_FILE_NAME), 'utf8')) as { pid: number }
    ).pid;
    expect(serverPid).not.toBe(npm.pid);

    // The same port: refused before anything else is opened or built.
    const otherDataDir = join(scratch, 'other');
    const samePort = await run(
      ['npm', 'start'],
      startEnv({ PORT: String(port), DATA_DIR: otherDataDir }),
    );
    expect(samePort.code).not.toBe(0);
    expect(samePort.stderr).toBe(
      `Port ${port} on 127.0.0.1 is already in use (another Klik?): stop that process or set PORT to a free port.`,
    );
    expect(existsSync(otherDataDir)).toBe(false);

    // The same DATA_DIR on another port: refused by the start script and by the server itself.
    const otherPort = await freePort();
    const conflict = `DATA_DIR ${dataDir} is in use by another Klik (pid ${serverPid}): stop it or set DATA_DIR to another folder.`;
    const sameDir = await run(
      ['npm', 'start'],
      startEnv({ PORT: String(otherPort), DATA_DIR: dataDir }),
    );
    expect(sameDir.code).not.toBe(0);
    expect(sameDir.stderr).toBe(conflict);
    const serverAlone = await run(
      [process.execPath, 'apps/server/dist/server.js'],
      startEnv({ PORT: String(otherPort), DATA_DIR: dataDir }),
    );
    expect(serverAlone.code).toBe(1);
    expect(serverAlone.stderr).toBe(conflict);
    expect(await ready(port)).toBe(true);

    // SIGTERM to npm reaches the server, which drains and is gone within the bound.
    const stopped = new Promise<number | null>((resolve) => npm.once('exit', resolve));
    npm.kill('SIGTERM');
    await waitFor(() => !isAlive(serverPid), (SHUTDOWN_TIMEOUT_SECONDS + 2) * 1000);
    await expect(ensurePortFree('127.0.0.1', port)).resolves.toBeUndefined();
    await stopped;
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
  }, 240_000);
});
