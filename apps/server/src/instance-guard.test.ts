import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  claimInstance,
  DataDirLock,
  ensurePortFree,
  findInstanceConflict,
  InstanceConflictError,
  isZombie,
  LOCK_FILE_NAME,
  processStartTime,
} from './instance-guard';

let dataDir: string;
let children: ChildProcess[] = [];
let servers: Server[] = [];

/** A process that stays alive until the test ends, to hold a lock in its name. */
async function otherProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child.pid ?? 0;
}

/**
 * A process that has ended and is not reaped: sh starts `sleep 0` in the background, says its
 * pid and becomes `sleep 300` (exec), which never waits for children, so the ended `sleep 0`
 * stays a zombie until its parent is killed at the end of the test.
 */
async function zombieProcess(): Promise<number> {
  const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 300'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  children.push(parent);
  const pid = await new Promise<number>((resolve) =>
    parent.stdout?.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
  );
  await expect
    .poll(() => readFileSync(`/proc/${pid}/stat`, 'utf8'), { timeout: 30_000 })
    .toMatch(/\) Z /);
  return pid;
}

function writeLock(content: unknown): void {
  writeFileSync(join(dataDir, LOCK_FILE_NAME), JSON.stringify(content));
}

async function occupiedPort(): Promise<number> {
  const server = createServer();
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'klik-lock-'));
});

afterEach(async () => {
  for (const child of children) child.kill();
  children = [];
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  servers = [];
  rmSync(dataDir, { recursive: true, force: true });
});

describe('DataDirLock', () => {
  it('holds DATA_DIR in a file with this process id and gives it up on release', () => {
    const lock = DataDirLock.acquire(dataDir);
    const file = join(dataDir, LOCK_FILE_NAME);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
    expect(existsSync(file)).toBe(false);
  });

  it('refuses DATA_DIR held by a running process, naming it and the variable to change', async () => {
    const pid = await otherProcess();
    writeLock({ pid, startTime: processStartTime(pid) });
    const attempt = () => DataDirLock.acquire(dataDir);
    expect(attempt).toThrow(InstanceConflictError);
    expect(attempt).toThrow(
      `DATA_DIR ${dataDir} is in use by another Klik (pid ${pid}): stop it or set DATA_DIR to another folder.`,
    );
    expect(
      await findInstanceConflict({ host: '127.0.0.1', port: 0, databaseUrl: null, dataDir }),
    ).toMatch(/set DATA_DIR/);
  });

  it('takes over a lock left by a process that is gone', async () => {
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => child.once('exit', resolve));
    writeLock({ pid: child.pid, startTime: null });
    const lock = DataDirLock.acquire(dataDir);
    expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE_NAME), 'utf8'))).toMatchObject({
      pid: process.pid,
    });
    lock.release();
  });

  it.runIf(existsSync('/proc/self/stat'))(
    'takes over a lock whose pid now belongs to another process (a restarted container)',
    async () => {
      const pid = await otherProcess();
      writeLock({ pid, startTime: '1' });
      DataDirLock.acquire(dataDir).release();
    },
  );

  it.runIf(existsSync('/proc/self/stat'))(
    'takes over a lock held by a zombie: a process that died and is not yet reaped',
    async () => {
      const pid = await zombieProcess();
      expect(() => process.kill(pid, 0)).not.toThrow();
      expect(isZombie(pid)).toBe(true);
      writeLock({ pid, startTime: processStartTime(pid) });
      expect(
        await findInstanceConflict({ host: '127.0.0.1', port: 0, databaseUrl: null, dataDir }),
      ).toBeNull();
      const lock = DataDirLock.acquire(dataDir);
      expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE_NAME), 'utf8'))).toMatchObject({
        pid: process.pid,
      });
      lock.release();
    },
  );

  it.runIf(existsSync('/proc/self/stat'))('a living process is no zombie', async () => {
    expect(isZombie(await otherProcess())).toBe(false);
    expect(isZombie(process.pid)).toBe(false);
  });

  it('takes over a lock with this very pid or unreadable content', () => {
    writeLock({ pid: process.pid, startTime: null });
    DataDirLock.acquire(dataDir).release();
    writeFileSync(join(dataDir, LOCK_FILE_NAME), 'not json');
    DataDirLock.acquire(dataDir).release();
  });

  it('does not remove a lock another process has taken since', async () => {
    const lock = DataDirLock.acquire(dataDir);
    const pid = await otherProcess();
    writeLock({ pid, startTime: processStartTime(pid) });
    lock.release();
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(true);
  });
});

describe('ensurePortFree', () => {
  it('passes for a free port and port 0', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    await expect(ensurePortFree('127.0.0.1', port)).resolves.toBeUndefined();
    await expect(ensurePortFree('127.0.0.1', 0)).resolves.toBeUndefined();
  });

  it('refuses a port in use in one line that says to change PORT', async () => {
    const port = await occupiedPort();
    await expect(ensurePortFree('127.0.0.1', port)).rejects.toThrow(
      `Port ${port} on 127.0.0.1 is already in use (another Klik?): stop that process or set PORT to a free port.`,
    );
  });
});

describe('claimInstance', () => {
  it('checks the metrics port too', async () => {
    const port = await occupiedPort();
    const settings = { host: '127.0.0.1', port: 0, databaseUrl: null, dataDir: null };
    await expect(claimInstance({ ...settings, metrics: { port } })).rejects.toThrow(
      `Port ${port} on 127.0.0.1 is already in use (another Klik?): stop that process or set METRICS_PORT to a free port.`,
    );
  });

  it('takes DATA_DIR only when the port is free too', async () => {
    const port = await occupiedPort();
    const settings = { host: '127.0.0.1', port, databaseUrl: null, dataDir };
    await expect(claimInstance(settings)).rejects.toThrow(InstanceConflictError);
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);

    const lock = await claimInstance({ ...settings, port: 0 });
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(true);
    lock?.release();
  });

  it('takes no lock for a PostgreSQL server or an in-memory database', async () => {
    expect(
      await claimInstance({
        host: '127.0.0.1',
        port: 0,
        databaseUrl: 'postgres://db/klik',
        dataDir,
      }),
    ).toBeNull();
    expect(
      await claimInstance({ host: '127.0.0.1', port: 0, databaseUrl: null, dataDir: null }),
    ).toBeNull();
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });
});
