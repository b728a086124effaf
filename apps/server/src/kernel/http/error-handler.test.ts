import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;

function failure(message: string, code?: string): Error {
  return Object.assign(new Error(message), code === undefined ? {} : { code });
}

/** How pg and Node report a database that is stopped, restarting or cut off. */
const DATABASE_FAILURES: Record<string, Error> = {
  refused: failure('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
  'refused-every-address': new AggregateError(
    [failure('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')],
    'connect failed',
  ),
  'admin-shutdown': failure('terminating connection due to administrator command', '57P01'),
  'starting-up': failure('the database system is starting up', '57P03'),
  'connection-exception': failure('connection failure', '08006'),
  terminated: failure('Connection terminated unexpectedly'),
  'not-queryable': failure('Client has encountered a connection error and is not queryable'),
  'connect-timeout': failure('Connection terminated due to connection timeout'),
};

beforeAll(async () => {
  t = await buildTestApp({
    // A route that fails the way a bug would, to see what the client is told.
    extend: (app) => {
      app.get('/rest/test/boom', async () => {
        throw new Error('secret database detail');
      });
      app.get<{ Params: { kind: string } }>('/rest/test/database/:kind', async (request) => {
        throw DATABASE_FAILURES[request.params.kind];
      });
    },
  });
});

afterAll(async () => {
  await t.close();
});

describe('error handler', () => {
  it('hides the details of a 500 and answers {code, message}', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/rest/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 'INTERNAL',
      message: 'Er ging iets mis. Probeer het later opnieuw.',
    });
    expect(response.body).not.toContain('secret');
  });

  it('maps malformed JSON to 400 VALIDATION_FAILED', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/authentication/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it.each(Object.keys(DATABASE_FAILURES))(
    'answers a database that cannot be reached (%s) 503 DATABASE_UNAVAILABLE in both languages',
    async (kind) => {
      const nl = await t.app.inject({ method: 'GET', url: `/rest/test/database/${kind}` });
      expect(nl.statusCode).toBe(503);
      expect(nl.headers['retry-after']).toBe('5');
      expect(nl.json()).toEqual({
        code: 'DATABASE_UNAVAILABLE',
        message:
          'De database is even niet bereikbaar. Probeer het zo meteen opnieuw; een klik die u opnieuw bevestigt, wordt hooguit één keer gemaakt.',
        retryAfterSeconds: 5,
      });
      const en = await t.app.inject({
        method: 'GET',
        url: `/rest/test/database/${kind}`,
        headers: { locale: 'en' },
      });
      expect(en.json()).toMatchObject({
        code: 'DATABASE_UNAVAILABLE',
        message:
          'The database cannot be reached right now. Please try again in a moment; a click you confirm again is made at most once.',
      });
    },
  );
});
