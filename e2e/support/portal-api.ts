import { expect, type APIRequestContext, type PlaywrightWorkerArgs } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-accounts';
import { AUTH_PATHS } from '@klik/api';

/**
 * The portal's REST API as one signed-in user calls it, for a journey's set-up that is not what
 * the journey is about (e.g. a fresh user to deactivate). It answers the XSRF double-submit as
 * the web application does.
 */
export class PortalApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async signIn(
    playwright: PlaywrightWorkerArgs['playwright'],
    baseURL: string,
    username: string,
    password = DEMO_PASSWORD,
  ): Promise<PortalApi> {
    const request = await playwright.request.newContext({ baseURL });
    const answer = await request.post(AUTH_PATHS.login, {
      data: { username, password },
    });
    expect(answer.ok(), `${username} signs in over the API`).toBe(true);
    const { token } = (await answer.json()) as { token: string };
    return new PortalApi(request, token);
  }

  async call<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    data?: unknown,
  ): Promise<T> {
    const answer = await this.raw(method, path, data);
    expect(answer.ok(), `${method} ${path}: ${answer.status()} ${await answer.text()}`).toBe(true);
    // 204 and other empty answers have no body to read.
    const body = await answer.text();
    return (body === '' ? undefined : JSON.parse(body)) as T;
  }

  /** A call whose refusal is part of the journey: the answer as it came. */
  async raw(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) {
    return this.request.fetch(path, {
      method,
      data,
      headers: { authorization: `Bearer ${this.token}`, 'x-xsrf-token': await this.xsrf() },
    });
  }

  /** The double-submit token: the XSRF cookie's value, sent back as a header. */
  private async xsrf(): Promise<string> {
    const { cookies } = await this.request.storageState();
    return cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  }

  /** Ends this session on the server (the spec's logout: the token as the body). */
  async signOut(): Promise<void> {
    const answer = await this.request.post(AUTH_PATHS.logout, {
      data: this.token,
      headers: { 'content-type': 'text/plain', 'x-xsrf-token': await this.xsrf() },
    });
    expect(answer.ok(), `logout: ${answer.status()}`).toBe(true);
    await this.dispose();
  }

  async dispose(): Promise<void> {
    await this.request.dispose();
  }
}

/** A fresh name for a journey's own user or customer, so runs and specs never collide. */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}
