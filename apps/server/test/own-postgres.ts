import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

const run = promisify(execFile);
const ROOT = '/usr/lib/postgresql';

/** The bin folder of the newest PostgreSQL installed here (Debian's layout), or null. */
export function postgresBinDir(): string | null {
  if (!existsSync(ROOT)) return null;
  const versions = readdirSync(ROOT)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(ROOT, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? null : join(ROOT, versions[0], 'bin');
}

/**
 * A PostgreSQL server of a test's own: its own data directory and port, started and stopped by
 * the test, so it can fail under a running portal without touching the shared one. PostgreSQL
 * refuses to run as root, so as root (CI, containers) it runs as the user postgres.
 */
export class OwnPostgres {
  private constructor(
    private readonly bin: string,
    private readonly dir: string,
    readonly port: number,
    private readonly asUser: string | null,
  ) {}

  static async create(bin: string): Promise<OwnPostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'klik-pg-'));
    const asRoot = process.getuid?.() === 0;
    if (asRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(dir, uid, gid);
    }
    const server = new OwnPostgres(bin, dir, await freePort(), asRoot ? 'postgres' : null);
    await server.#pg('initdb', [
      '-D',
      server.dataDir,
      '-A',
      'trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    await server.start();
    return server;
  }

  get dataDir(): string {
    return join(this.dir, 'data');
  }

  /** The URL of a database on this server (postgres by default). */
  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Starts the server and returns once it accepts connections. */
  async start(): Promise<void> {
    await this.#pg('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      join(this.dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      // -F: no fsync; a stop with -m immediate is a crash of the server, not of the machine.
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -F`,
      'start',
    ]);
  }

  /** Stops the server as a crash would: every backend is killed, nothing is shut down cleanly. */
  async stopImmediately(): Promise<void> {
    await this.#pg('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop']);
  }

  /** Stops the server (if running) and removes its directory. */
  async destroy(): Promise<void> {
    await this.#pg('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
    rmSync(this.dir, { recursive: true, force: true });
  }

  async #pg(program: string, args: string[]): Promise<void> {
    const path = join(this.bin, program);
    const [command, argv] = this.asUser
      ? ['runuser', ['-u', this.asUser, '--', path, ...args]]
      : [path, args];
    await run(command, argv, { cwd: this.dir });
  }
}
