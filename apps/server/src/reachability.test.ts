import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port';
import { reasonOf } from './reachability';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

/** Starts the real server (src/server.ts) and waits for it to stop. */
async function start(
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  // A real port: the checks of the start refuse a port that equals another (e.g. METRICS_PORT).
  const port = String(await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: port,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      MARKET_FEED: 'none',
      WEB_DIST_DIR: '/nonexistent/klik-web-dist',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += String(chunk);
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stderr };
}

describe('a start with PostgreSQL or Redis out of reach', () => {
  it('stops with one line naming DATABASE_URL, without the password', async () => {
    const port = await freePort();
    const { code, stderr } = await start({
      DATABASE_URL: `postgres://klik:secret-word@127.0.0.1:${port}/klik`,
    });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^DATABASE_URL: cannot reach PostgreSQL at 127\\.0\\.0\\.1:${port}/klik \\(.*ECONNREFUSED.*\\)$`,
        ),
      ),
    ]);
    expect(stderr).not.toContain('secret-word');
  });

  it('stops with one line naming REDIS_URL instead of an uncaught MaxRetriesPerRequestError', async () => {
    const port = await freePort();
    const { code, stderr } = await start({
      DATA_DIR: 'memory://',
      REDIS_URL: `redis://:secret-word@127.0.0.1:${port}`,
    });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^REDIS_URL: cannot reach Redis at 127\\.0\\.0\\.1:${port} \\(.*ECONNREFUSED.*\\)$`,
        ),
      ),
    ]);
    expect(stderr).not.toContain('secret-word');
  }, 60_000);
});

describe('reasonOf', () => {
  it('names the first cause of an empty AggregateError (a refused localhost) or the code', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), {
      code: 'ECONNREFUSED',
    });
    expect(reasonOf(new AggregateError([refused], ''))).toBe('connect ECONNREFUSED ::1:5432');
    expect(reasonOf(Object.assign(new Error(''), { code: 'ETIMEDOUT' }))).toBe('ETIMEDOUT');
    expect(reasonOf('plain')).toBe('plain');
  });
});
