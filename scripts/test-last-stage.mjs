// The last stage of `npm test`: the browser tests, and beside them the server's integration tests
// on PostgreSQL when POSTGRES_TEST_URL names a server (CI sets it). The browser tests spend much
// of their time waiting for a page, so on two cores the PostgreSQL run fills that time instead of
// adding a quarter of an hour after it. The browser tests print as they go; the PostgreSQL run's
// output is kept and printed after them, so the two never interleave.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(script, options, args = []) {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', script, ...(args.length > 0 ? ['--', ...args] : [])], options);
    child.on('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
    if (options.log) {
      child.stdout.pipe(options.log, { end: false });
      child.stderr.pipe(options.log, { end: false });
    }
  });
}

const postgresUrl = process.env.POSTGRES_TEST_URL;
let postgres = Promise.resolve(0);
const logPath = '.reports/integration-postgres.log';
if (postgresUrl) {
  mkdirSync('.reports', { recursive: true });
  const log = createWriteStream(logPath);
  // The run only reads TEST_DATABASE_URL; the browser tests' portal never sees it.
  // One test file at a time: the browser tests have the other core.
  postgres = run(
    'test:integration',
    {
      env: { ...process.env, TEST_DATABASE_URL: postgresUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
      log,
    },
    ['--maxWorkers=1'],
  );
}

const browser = await run('test:e2e', { stdio: 'inherit' });
const postgresStatus = await postgres;
if (postgresUrl) {
  console.info('\n=== Server integration tests on PostgreSQL (a fresh database per test file)');
  process.stdout.write(readFileSync(logPath));
} else {
  console.info(
    '\nServer integration tests on PostgreSQL: skipped (set POSTGRES_TEST_URL to run them).',
  );
}
process.exit(browser !== 0 ? browser : postgresStatus);
