import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** Another process holds what this one needs (the port, the embedded database); the message is one line. */
export class InstanceConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InstanceConflictError';
  }
}

/** The file in DATA_DIR that says which process has the embedded database open. */
export const LOCK_FILE_NAME = 'klik.lock';

interface LockHolder {
  pid: number;
  /** When the process started (Linux: clock ticks since boot), so a reused pid is not taken for it. */
  startTime: string | null;
}

/**
 * The fields of /proc/<pid>/stat from field 3 (the state) on; null where /proc is not available.
 * Field 2 (the command) is in parentheses and may contain spaces, so it is cut off at the last ')'.
 */
function procStat(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** The start time of a process as the kernel counts it (field 22); null where /proc is not available. */
export function processStartTime(pid: number): string | null {
  return procStat(pid)?.[19] ?? null;
}

/**
 * Whether the process has ended but its parent has not reaped it yet (state Z, or X while it is
 * being removed). Such a zombie answers kill(pid, 0) but holds no file and no port: a supervisor
 * restarting the portal right after kill -9 must not be refused for it.
 */
export function isZombie(pid: number): boolean {
  const state = procStat(pid)?.[0];
  return state === 'Z' || state === 'X';
}

function isRunning(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (isZombie(holder.pid)) return false;
  // After a restart (a container's pids start again from 1) the pid may be someone else's.
  const startTime = processStartTime(holder.pid);
  return holder.startTime === null || startTime === null || startTime === holder.startTime;
}

function readHolder(lockFile: string): LockHolder | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(lockFile, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { pid, startTime } = parsed as Record<string, unknown>;
    if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return null;
    return { pid, startTime: typeof startTime === 'string' ? startTime : null };
  } catch {
    return null;
  }
}

function conflictMessage(dataDir: string, holder: LockHolder): string {
  return (
    `DATA_DIR ${dataDir} is in use by another Klik (pid ${holder.pid}): ` +
    'stop it or set DATA_DIR to another folder.'
  );
}

/** The live process holding DATA_DIR, if any; a lock left by a process that is gone does not count. */
export function dataDirHolder(dataDir: string): LockHolder | null {
  const holder = readHolder(join(dataDir, LOCK_FILE_NAME));
  return holder && holder.pid !== process.pid && isRunning(holder) ? holder : null;
}

/** This process's hold on DATA_DIR: a lock file created exclusively, holding the pid. */
export class DataDirLock {
  #released = false;

  private constructor(readonly file: string) {}

  /** Takes DATA_DIR or throws InstanceConflictError naming the process that has it. */
  static acquire(dataDir: string): DataDirLock {
    mkdirSync(dataDir, { recursive: true });
    const file = join(dataDir, LOCK_FILE_NAME);
    const content = JSON.stringify({ pid: process.pid, startTime: processStartTime(process.pid) });
    for (let attempt = 0; ; attempt += 1) {
      try {
        const fd = openSync(file, 'wx');
        try {
          writeSync(fd, `${content}\n`);
        } finally {
          closeSync(fd);
        }
        return new DataDirLock(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      }
      const holder = dataDirHolder(dataDir);
      if (holder) throw new InstanceConflictError(conflictMessage(dataDir, holder));
      // Left behind by a process that is gone (killed, crashed, the machine restarted).
      rmSync(file, { force: true });
    }
  }

  /** Gives DATA_DIR up; only removes the file while it is still this process's. */
  release(): void {
    if (this.#released) return;
    this.#released = true;
    if (readHolder(this.file)?.pid === process.pid) rmSync(this.file, { force: true });
  }
}

function portMessage(host: string, port: number, variable: string, code?: string): string | null {
  if (code === 'EADDRINUSE') {
    return `Port ${port} on ${host} is already in use (another Klik?): stop that process or set ${variable} to a free port.`;
  }
  if (code === 'EACCES') {
    return `Port ${port} on ${host} needs more privileges than this process has: set ${variable} to 1024 or above.`;
  }
  if (code === 'EADDRNOTAVAIL') {
    return `HOST ${host} is not an address of this machine: set HOST to one of its addresses (or 0.0.0.0).`;
  }
  return null;
}

/** Resolves when host:port can be listened on now; else throws InstanceConflictError (port 0 always can). */
export async function ensurePortFree(host: string, port: number, variable = 'PORT'): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      const message = portMessage(host, port, variable, error.code);
      reject(message ? new InstanceConflictError(message) : error);
    });
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** The parts of the configuration another instance could be holding. */
export interface InstanceSettings {
  host: string;
  port: number;
  databaseUrl: string | null;
  dataDir: string | null;
  /** Metrics on a port of their own (METRICS_PORT) need that port too. */
  metrics?: { port: number | null } | null;
}

async function ensurePortsFree(settings: InstanceSettings): Promise<void> {
  await ensurePortFree(settings.host, settings.port);
  const metricsPort = settings.metrics?.port;
  if (metricsPort) await ensurePortFree(settings.host, metricsPort, 'METRICS_PORT');
}

/** Why this instance cannot start next to one already running, or null; takes nothing. */
export async function findInstanceConflict(settings: InstanceSettings): Promise<string | null> {
  if (!settings.databaseUrl && settings.dataDir) {
    const holder = dataDirHolder(settings.dataDir);
    if (holder) return conflictMessage(settings.dataDir, holder);
  }
  try {
    await ensurePortsFree(settings);
  } catch (error) {
    if (error instanceof InstanceConflictError) return error.message;
    throw error;
  }
  return null;
}

/**
 * Before anything is opened: takes DATA_DIR (the embedded database serves one process) and checks
 * the port, so a second start fails in one line instead of opening the same database files.
 */
export async function claimInstance(settings: InstanceSettings): Promise<DataDirLock | null> {
  const lock =
    !settings.databaseUrl && settings.dataDir ? DataDirLock.acquire(settings.dataDir) : null;
  try {
    await ensurePortsFree(settings);
  } catch (error) {
    lock?.release();
    throw error;
  }
  return lock;
}
