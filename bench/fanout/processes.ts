// The processes of a fan-out run: the portal as it is started in production (apps/server/src/
// server.ts, one process per instance), the bare floor server, and the client processes. Every one
// is ended when the bench ends, however it ends.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/test/free-port';

const children = new Set<ChildProcess>();
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let fatal = (message: string): void => {
  console.error(message);
  process.exit(1);
};

/** What to do when a driven process fails (the bench drops its database before it exits). */
export function onFatal(handler: (message: string) => void): void {
  fatal = handler;
}

/** Ends every process this bench started, at once (a run cut short). */
export function killAll(): void {
  for (const child of children) child.kill('SIGKILL');
}

process.on('exit', killAll);

function track(child: ChildProcess, name: string): ChildProcess {
  children.add(child);
  child.once('exit', (code, signal) => {
    children.delete(child);
    if (code !== 0 && signal === null) console.error(`${name} exited with code ${code}`);
  });
  return child;
}

type Message = Record<string, unknown>;

/** A child process driven over IPC (the floor server or a client process). */
export class Driven {
  readonly #child: ChildProcess;
  #listeners: ((message: Message) => void)[] = [];

  constructor(file: string, name: string) {
    this.#child = track(
      fork(here(file), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' }),
      name,
    );
    this.#child.on('message', (message: Message) => {
      if (message.event === 'failed') fatal(`${name} failed: ${String(message.message)}`);
      for (const listener of [...this.#listeners]) listener(message);
    });
  }

  waitFor<T = Message>(event: string, match: (m: Message) => boolean = () => true): Promise<T> {
    return new Promise((resolve) => {
      const listener = (message: Message) => {
        if (message.event !== event || !match(message)) return;
        this.#listeners = this.#listeners.filter((l) => l !== listener);
        resolve(message as T);
      };
      this.#listeners.push(listener);
    });
  }

  send(command: object): void {
    this.#child.send(command);
  }

  stop(): void {
    this.#child.kill('SIGTERM');
  }
}

/** The floor: a bare `ws` server in its own process; answers its HTTP base URL. */
export async function startBareServer(): Promise<{ base: string; stop: () => void }> {
  const bare = new Driven('./bare-server.ts', 'bare server');
  const { port } = await bare.waitFor<{ port: number }>('listening');
  return { base: `http://127.0.0.1:${port}`, stop: () => bare.stop() };
}

export interface KlikInstance {
  base: string;
  stop(): Promise<void>;
}

/**
 * One portal instance: server.ts with the production settings that matter here (no feed, no
 * demo data, no web build), on the bench's database, on Redis when `redis` is given.
 */
export async function startKlik(options: {
  databaseUrl: string;
  ingestKey: string;
  redis: { url: string; prefix: string } | null;
  name: string;
}): Promise<KlikInstance> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    // Errors only: a missing web build is expected here, and closed sockets show in the figures.
    LOG_LEVEL: 'error',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    SEED_DEMO: 'false',
    MARKET_FEED: 'none',
    MARKET_INGEST_KEY: options.ingestKey,
    WEB_DIST_DIR: '/nonexistent/klik-web-dist',
    ...(options.redis
      ? { REDIS_URL: options.redis.url, REDIS_CHANNEL_PREFIX: options.redis.prefix }
      : {}),
  };
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', here('../../apps/server/src/server.ts')], {
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    }),
    options.name,
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${options.name} did not start`);
    const ready = await fetch(`${base}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`${options.name} not ready within 60 s`);
    await wait(250);
  }
  return {
    base,
    stop: async () => {
      child.kill('SIGTERM');
      await Promise.race([exited, wait(10_000)]);
      child.kill('SIGKILL');
    },
  };
}
