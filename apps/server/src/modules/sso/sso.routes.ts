import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LoginOAuth2BodySchema,
  SSO_PATHS,
  SsoProviderListSchema,
  SsoStartBodySchema,
  SsoStartResultSchema,
  UserSessionSchema,
} from '@klik/api';
import { requestInfo } from '../auth/auth.routes';
import { newBrowserSecret, SSO_LOGIN_LIFETIME_MS, type SsoService } from './sso.service';

export interface SsoRoutesOptions {
  sso: SsoService;
}

/** Binds a sign-in to the browser that started it; read only by the sign-in calls. */
export const SSO_BROWSER_COOKIE = 'klik_sso';
const COOKIE_PATH = '/rest/authentication';

export const ssoRoutes: FastifyPluginAsyncZod<SsoRoutesOptions> = async (app, { sso }) => {
  app.get(
    SSO_PATHS.providers,
    {
      schema: {
        tags: ['authentication'],
        summary: 'The single sign-on providers a user may choose from',
        response: { 200: SsoProviderListSchema },
      },
    },
    async () => sso.providers(),
  );

  app.post(
    SSO_PATHS.start,
    {
      schema: {
        tags: ['authentication'],
        summary:
          "Start a single sign-on: answers the provider's authorisation address (PKCE, state, nonce)",
        body: SsoStartBodySchema,
        response: { 200: SsoStartResultSchema },
      },
    },
    async (request, reply) => {
      const secret = newBrowserSecret();
      const result = await sso.start(request.body.provider, secret);
      // Lax: the browser comes back from the provider with a top-level navigation.
      reply.setCookie(SSO_BROWSER_COOKIE, secret, {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: SSO_LOGIN_LIFETIME_MS / 1000,
      });
      return result;
    },
  );

  app.post(
    SSO_PATHS.loginOAuth2,
    {
      schema: {
        tags: ['authentication'],
        summary:
          "Sign in with the provider's authorisation code and state (single sign-on; docs/security.md)",
        body: LoginOAuth2BodySchema,
        response: { 200: UserSessionSchema },
      },
    },
    async (request, reply) => {
      const secret = request.cookies[SSO_BROWSER_COOKIE];
      reply.clearCookie(SSO_BROWSER_COOKIE, { path: COOKIE_PATH });
      return sso.login(request.body, secret, requestInfo(request));
    },
  );
};
