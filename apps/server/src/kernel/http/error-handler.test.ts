import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    // A route that fails the way a bug would, to see what the client is told.
    extend: (app) =>
      app.get('/rest/test/boom', async () => {
        throw new Error('secret database detail');
      }),
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
});
