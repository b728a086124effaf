import type { z } from 'zod';
import { ErrorBodySchema } from './errors';
import { AUTH_PATHS, UserSessionSchema, type LoginBody, type UserSession } from './auth.schemas';
import { AvailableLocalesSchema, LOCALE_HEADER, LOCALE_PATHS, type Locale } from './locale.schemas';
import { TRADING_PATHS, TradingStatusSchema, type TradingStatus } from './trading.schemas';
import { EnvironmentSettingsSchema, type EnvironmentSettings } from './env.schemas';
import { pathTo, XSRF_HEADER } from './routes';
import { SYSTEM_PATHS } from './system.schemas';
import { ApiError } from './api-error';

export interface ApiClientOptions {
  baseUrl: string;
  getToken: () => string | null;
  getLocale: () => Locale;
  /** The XSRF-TOKEN cookie's value, echoed in X-XSRF-TOKEN on state-changing calls. */
  getXsrfToken?: () => string | null;
  fetch?: typeof fetch;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A small typed client: every answer is parsed with the same schema the server validates with. */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function request(
    method: Method,
    path: string,
    body?: unknown,
    contentType?: string,
  ): Promise<Response> {
    const headers: Record<string, string> = { [LOCALE_HEADER]: options.getLocale() };
    const token = options.getToken();
    if (token) headers.authorization = `Bearer ${token}`;
    const xsrf = method === 'GET' ? null : (options.getXsrfToken?.() ?? null);
    if (xsrf) headers[XSRF_HEADER] = xsrf;
    let payload: string | Blob | undefined;
    if (body instanceof Blob) {
      headers['content-type'] = contentType ?? (body.type || 'application/octet-stream');
      payload = body;
    } else if (typeof body === 'string') {
      headers['content-type'] = 'text/plain';
      payload = body;
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await doFetch(`${options.baseUrl}${path}`, {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
    });
    if (!response.ok) {
      const answered: unknown = await response.json().catch(() => null);
      const parsed = ErrorBodySchema.safeParse(answered);
      throw parsed.success
        ? new ApiError(
            response.status,
            parsed.data.code,
            parsed.data.message,
            parsed.data.retryAfterSeconds,
            answered,
          )
        : new ApiError(response.status, 'INTERNAL', response.statusText);
    }
    return response;
  }

  /** A call whose answer is parsed with its schema. */
  async function call<S extends z.ZodType>(
    method: Method,
    path: string,
    schema: S,
    body?: unknown,
  ): Promise<z.infer<S>> {
    const response = await request(method, path, body);
    return schema.parse(await response.json());
  }

  /** A file sent as the raw request body (e.g. an import), its answer parsed with its schema. */
  async function upload<S extends z.ZodType>(
    path: string,
    schema: S,
    file: Blob,
    contentType?: string,
  ): Promise<z.infer<S>> {
    const response = await request('POST', path, file, contentType);
    return schema.parse(await response.json());
  }

  /** A call whose answer is not read (spec section 7: logout, setLocale). */
  async function send(method: Method, path: string, body?: unknown): Promise<void> {
    await request(method, path, body);
  }

  return {
    call,
    send,
    upload,
    login: (body: LoginBody): Promise<UserSession> =>
      call('POST', AUTH_PATHS.login, UserSessionSchema, body),
    loginAs: (username: string): Promise<UserSession> =>
      call('POST', AUTH_PATHS.loginAs, UserSessionSchema, username),
    logout: (token: string): Promise<void> => send('POST', AUTH_PATHS.logout, token),
    setLocale: (locale: Locale): Promise<void> =>
      send('PUT', pathTo(AUTH_PATHS.setLocale, { locale })),
    availableLocales: (): Promise<Locale[]> =>
      call('GET', LOCALE_PATHS.available, AvailableLocalesSchema),
    tradingStatus: (): Promise<TradingStatus> =>
      call('GET', TRADING_PATHS.status, TradingStatusSchema),
    environment: (): Promise<EnvironmentSettings> =>
      call('GET', SYSTEM_PATHS.env, EnvironmentSettingsSchema),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
