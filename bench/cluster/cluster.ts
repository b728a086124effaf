// The deployment under load: scripts/cluster.mjs as a child (N instances of the built server
// behind HAProxy, on a database of its own that it drops when it stops).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('../../scripts/cluster.mjs', import.meta.url));
/** The build (when something changed), the migrations and every instance's start. */
const READY_LIMIT_MS = 300_000;
const STOP_LIMIT_MS = 30_000;

export interface ClusterState {
  url: string;
  databaseUrl: string;
  instances: { name: string; port: number; pid: number }[];
}

export interface RunningCluster extends ClusterState {
  /** How often HAProxy took each instance out so far (its health check failed twice). */
  takenOut(): Record<string, number>;
  stop(): Promise<void>;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A base port whose next `count` ports are free too (HAProxy on the base, instances after it). */
async function freePortRun(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = 30_000 + Math.floor(Math.random() * 20_000);
    const ports = Array.from({ length: count + 1 }, (_, i) => base + i);
    const free = await Promise.all(ports.map(portIsFree));
    if (free.every(Boolean)) return base;
  }
  throw new Error('no run of free ports found');
}

/** Every cluster this bench started, so a run cut short can still stop them. */
const running = new Set<ChildProcess>();

/**
 * SIGTERM to every cluster still running: each drains its instances and drops its database.
 * Resolves once they ended (at most STOP_LIMIT_MS): their output comes through this process, so
 * it must outlive them.
 */
export function stopAllClusters(): Promise<void> {
  const ending = [...running].map(
    (child) => new Promise<void>((resolve) => child.once('exit', () => resolve())),
  );
  for (const child of running) child.kill('SIGTERM');
  return Promise.race([Promise.all(ending).then(() => {}), wait(STOP_LIMIT_MS).then(() => {})]);
}

export async function startCluster(options: {
  instances: number;
  adminUrl: string;
  redisUrl: string;
  /** Passed to every instance as it is (SEED_DEMO, CLOCK_START, MARKET_FEED, …). */
  env: Record<string, string>;
}): Promise<RunningCluster> {
  const port = await freePortRun(options.instances);
  const stateFile = join(tmpdir(), `klik-bench-cluster-${process.pid}-${port}.json`);
  rmSync(stateFile, { force: true });
  const child = spawn(process.execPath, [SCRIPT, '--fresh-database'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...options.env,
      DATABASE_URL: options.adminUrl,
      REDIS_URL: options.redisUrl,
      CLUSTER_INSTANCES: String(options.instances),
      CLUSTER_PORT: String(port),
      CLUSTER_STATE_FILE: stateFile,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  // HAProxy's own word on which instance it took out (a failed /readyz check), counted per
  // instance: a busy instance taken out loses every websocket it holds.
  const takenOut: Record<string, number> = {};
  const relay = (from: NodeJS.ReadableStream, to: NodeJS.WritableStream) => {
    let rest = '';
    from.on('data', (chunk: Buffer) => {
      const lines = (rest + String(chunk)).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        const down = /\[WARNING\].*Server instances\/(\w+) is DOWN/.exec(line)?.[1];
        if (down) takenOut[down] = (takenOut[down] ?? 0) + 1;
        to.write(`${line}\n`);
      }
    });
  };
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => running.delete(child));

  const deadline = Date.now() + READY_LIMIT_MS;
  while (!existsSync(stateFile)) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the cluster ended before it was ready (${child.exitCode ?? child.signalCode})`,
      );
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the cluster was not ready within ${READY_LIMIT_MS / 1000} s`);
    }
    await wait(250);
  }
  // The file is written in one call once every instance and HAProxy answer.
  await wait(50);
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as ClusterState;
  return {
    ...state,
    takenOut: () => ({ ...takenOut }),
    stop: async () => {
      child.kill('SIGTERM');
      const stopped = await Promise.race([exited.then(() => true), wait(STOP_LIMIT_MS)]);
      if (!stopped) {
        console.error('the cluster did not stop within 30 s; killed (its database may remain)');
        child.kill('SIGKILL');
      }
    },
  };
}
