// Klik as a supplier deploys it: several instances of the built server, each a process of its own
// on one PostgreSQL and one Redis, behind HAProxy (deploy/haproxy/haproxy.cfg). Used by the
// browser tests of the deployment and by bench:cluster; docs/operations.md explains it.
//
//   DATABASE_URL=postgres://… REDIS_URL=redis://… npm run cluster [-- --fresh-database]
//
// CLUSTER_INSTANCES (3) instances on the ports after CLUSTER_PORT (8080), HAProxy on CLUSTER_PORT.
// --fresh-database: a database of its own on DATABASE_URL's server, created now and dropped when
// the cluster stops (tests and benchmarks). CLUSTER_STATE_FILE: where to write the instances'
// ports and process ids once every one is ready, so a test can reach or kill one. Every other
// variable (SEED_DEMO, CLOCK_START, MARKET_FEED, …) is passed to the instances as it is.
// Ends on SIGINT or SIGTERM, draining the instances; an instance that dies is reported and left
// out by HAProxy's health checks, the others go on.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const count = Number(process.env.CLUSTER_INSTANCES ?? 3);
const frontPort = Number(process.env.CLUSTER_PORT ?? 8080);
const stateFile = process.env.CLUSTER_STATE_FILE;
const fresh = process.argv.includes('--fresh-database');
const READY_LIMIT_MS = 120_000;

function fail(message) {
  console.error(`cluster: ${message}`);
  process.exit(1);
}

if (!Number.isInteger(count) || count < 1 || count > 16) fail('CLUSTER_INSTANCES: 1 to 16');
if (!process.env.DATABASE_URL) fail('DATABASE_URL must name the PostgreSQL all instances share');
if (!process.env.REDIS_URL) fail('REDIS_URL must name the Redis that carries events between them');
const haproxyBinary = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].find(
  (path) => spawnSync(path, ['-v']).status === 0,
);
if (!haproxyBinary) fail('HAProxy is not installed (Debian: apt-get install haproxy)');

async function admin(url, text) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

let databaseUrl = process.env.DATABASE_URL;
let dropDatabase = async () => {};
if (fresh) {
  const name = `klik_cluster_${randomBytes(5).toString('hex')}`;
  await admin(process.env.DATABASE_URL, `create database ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = () =>
    admin(process.env.DATABASE_URL, `drop database if exists ${name} with (force)`);
}

const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), 'server', 'web'], {
  stdio: 'inherit',
});
if (build.status !== 0) {
  await dropDatabase();
  fail('the build failed');
}

/** Lines of a child's output, each prefixed with its name. */
function relay(name, stream, target) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) target.write(`[${name}] ${line}\n`);
  });
}

let stopping = false;
let haproxy = null;
let configDir = null;
const instances = Array.from({ length: count }, (_, index) => {
  const name = `klik${index + 1}`;
  const port = frontPort + 1 + index;
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: process.env.HOST ?? '127.0.0.1',
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  relay(name, child.stdout, process.stdout);
  relay(name, child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`cluster: ${name} ended (${signal ?? code}); the others go on`);
  });
  return { name, port, child };
});

async function stop(status) {
  if (stopping) return;
  stopping = true;
  const alive = instances.filter(({ child }) => child.exitCode === null && !child.signalCode);
  await Promise.all(
    alive.map(
      ({ child }) =>
        new Promise((done) => {
          child.once('exit', done);
          child.kill('SIGTERM');
        }),
    ),
  );
  haproxy?.kill('SIGTERM');
  if (configDir) rmSync(configDir, { recursive: true, force: true });
  if (stateFile) rmSync(stateFile, { force: true });
  await dropDatabase().catch((error) => console.error(`cluster: ${error.message}`));
  process.exit(status);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

async function ready(url) {
  const deadline = Date.now() + READY_LIMIT_MS;
  while (Date.now() < deadline) {
    if (stopping) return;
    const answer = await fetch(url).catch(() => null);
    if (answer?.ok) return;
    await new Promise((wait) => setTimeout(wait, 250));
  }
  console.error(`cluster: ${url} was not ready within ${READY_LIMIT_MS / 1000} s`);
  await stop(1);
}

await Promise.all(instances.map(({ port }) => ready(`http://127.0.0.1:${port}/readyz`)));

// HAProxy starts once every instance is ready, so its first health checks find them up.
// The reference configuration with one server line per instance started here.
const reference = readFileSync(join(root, 'deploy/haproxy/haproxy.cfg'), 'utf8');
const servers = instances
  .map(({ name, port }) => `  server ${name} 127.0.0.1:${port} check`)
  .join('\n');
const config = reference.replace(
  / {2}# instances\n[\s\S]*? {2}# end of instances\n/,
  `  # instances\n${servers}\n  # end of instances\n`,
);
configDir = mkdtempSync(join(tmpdir(), 'klik-haproxy-'));
writeFileSync(join(configDir, 'haproxy.cfg'), config);
haproxy = spawn(haproxyBinary, ['-db', '-f', join(configDir, 'haproxy.cfg')], {
  env: { ...process.env, KLIK_BIND: `127.0.0.1:${frontPort}` },
  stdio: ['ignore', 'pipe', 'pipe'],
});
relay('haproxy', haproxy.stdout, process.stdout);
relay('haproxy', haproxy.stderr, process.stderr);
haproxy.on('exit', (code, signal) => {
  if (stopping) return;
  console.error(`cluster: HAProxy ended (${signal ?? code})`);
  void stop(1);
});

await ready(`http://127.0.0.1:${frontPort}/readyz`);
const state = {
  url: `http://127.0.0.1:${frontPort}`,
  databaseUrl,
  instances: instances.map(({ name, port, child }) => ({ name, port, pid: child.pid })),
};
if (stateFile) writeFileSync(stateFile, JSON.stringify(state, null, 2));
console.info(
  `Klik cluster ready at ${state.url}: ${instances
    .map(({ name, port }) => `${name} on ${port}`)
    .join(', ')}, behind HAProxy`,
);
