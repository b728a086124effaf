import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@klik/api';
import { aUserSession } from '../../test/builders';
import { createFakeServer } from '../../test/fake-server';
import { createKlikApiClient } from './api-client';

function clientFor(server: ReturnType<typeof createFakeServer>, token: string | null) {
  const onUnauthenticated = vi.fn();
  const client = createKlikApiClient({
    backendUrl: 'https://api.klik.example/',
    fetch: server.fetch,
    getToken: () => token,
    getLocale: () => 'en',
    onUnauthenticated,
  });
  return { client, onUnauthenticated };
}

describe('api client instance', () => {
  it('prefixes calls with backendUrl and sends the bearer token, locale and XSRF token', async () => {
    const seenUrls: string[] = [];
    const server = createFakeServer({});
    const recordingFetch: typeof fetch = (input, init) => {
      seenUrls.push(String(input));
      return server.fetch(input, init);
    };
    document.cookie = 'XSRF-TOKEN=xsrf-123; path=/';
    const client = createKlikApiClient({
      backendUrl: 'https://api.klik.example/',
      fetch: recordingFetch,
      getToken: () => 'secret-token',
      getLocale: () => 'en',
      onUnauthenticated: () => {},
    });
    await client.setLocale('en');
    expect(seenUrls).toEqual(['https://api.klik.example/rest/authentication/admin/setLocale/en']);
    const [request] = server.requests;
    expect(request?.headers.get('authorization')).toBe('Bearer secret-token');
    expect(request?.headers.get('locale')).toBe('en');
    expect(request?.headers.get('x-xsrf-token')).toBe('xsrf-123');
  });

  it('reports a 401 on a call that carried a session token', async () => {
    const server = createFakeServer({});
    server.on('GET', '/rest/tradingstatus', () => ({
      status: 401,
      body: { code: 'UNAUTHENTICATED', message: 'Session ended' },
    }));
    const { client, onUnauthenticated } = clientFor(server, 'expired');
    await expect(client.tradingStatus()).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('does not treat a refused call without a session as an ended session', async () => {
    const server = createFakeServer({});
    server.on('POST', '/rest/authentication/login', () => ({
      status: 401,
      body: { code: 'UNAUTHENTICATED', message: 'No' },
    }));
    const { client, onUnauthenticated } = clientFor(server, null);
    await expect(client.login({ username: 'a', password: 'b' })).rejects.toMatchObject({
      status: 401,
    });
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('parses a session answer with the shared schema', async () => {
    const session = aUserSession();
    const server = createFakeServer({ users: { jansen: { password: 'geheim', session } } });
    const { client } = clientFor(server, null);
    await expect(client.login({ username: 'jansen', password: 'geheim' })).resolves.toEqual(
      session,
    );
  });
});
