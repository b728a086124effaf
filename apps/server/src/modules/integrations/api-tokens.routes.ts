import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  INTEGRATION_PATHS,
  OAuthErrorSchema,
  TokenRequestSchema,
  TokenResponseSchema,
  type TokenRequest,
} from '@klik/api';
import { OAuthFailure, type ApiTokensService, type TokenGrantRequest } from './api-tokens.service';

const FORM = 'application/x-www-form-urlencoded';

/** The form's parameters; one given twice is refused (RFC 6749 3.2: at most once each). */
function parseForm(body: string): Record<string, string | string[]> {
  const form: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const seen = form[key];
    form[key] = seen === undefined ? value : [seen, value].flat();
  }
  return form;
}

/** `Basic base64(urlencoded id ":" urlencoded secret)`, RFC 6749 2.3.1; null when absent. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = header ? /^basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header.trim()) : null;
  if (!header) return null;
  if (!match) throw new OAuthFailure('invalid_client', 'Authorization must be Basic');
  const decoded = Buffer.from(match[1] ?? '', 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new OAuthFailure('invalid_client', 'Basic credentials need id:secret');
  try {
    return {
      id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
      secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
    };
  } catch {
    throw new OAuthFailure('invalid_client', 'Basic credentials are not URL-encoded');
  }
}

/**
 * Reads a token request: form-encoded, parameters once each, and the client authenticated by
 * exactly one method (RFC 6749 2.3: client_secret_basic or client_secret_post).
 */
function grantRequestOf(request: FastifyRequest): TokenGrantRequest {
  const type = request.headers['content-type'] ?? '';
  if (!type.toLowerCase().startsWith(FORM)) {
    throw new OAuthFailure('invalid_request', `the body must be ${FORM}`);
  }
  const form = request.body as Record<string, string | string[]>;
  const repeated = Object.keys(form).filter((key) => Array.isArray(form[key]));
  if (repeated.length > 0) {
    throw new OAuthFailure('invalid_request', `given more than once: ${repeated.join(', ')}`);
  }
  const parsed = TokenRequestSchema.safeParse(form);
  if (!parsed.success) throw new OAuthFailure('invalid_request', 'a parameter is too long');
  const body: TokenRequest = parsed.data;
  if (!body.grant_type) throw new OAuthFailure('invalid_request', 'grant_type is required');
  const basic = basicCredentials(request.headers.authorization);
  if (basic && (body.client_id !== undefined || body.client_secret !== undefined)) {
    throw new OAuthFailure('invalid_request', 'authenticate the client one way only');
  }
  const credentials =
    basic ??
    (body.client_id !== undefined && body.client_secret !== undefined
      ? { id: body.client_id, secret: body.client_secret }
      : null);
  if (!credentials) throw new OAuthFailure('invalid_client', 'client authentication is required');
  return {
    clientId: credentials.id,
    clientSecret: credentials.secret,
    grantType: body.grant_type,
    scope: body.scope,
    ip: request.ip,
  };
}

function refuse(reply: FastifyReply, failure: OAuthFailure) {
  if (failure.status === 401) reply.header('www-authenticate', 'Basic realm="klik"');
  return reply
    .status(failure.status)
    .send({ error: failure.error, error_description: failure.description });
}

/**
 * POST /oauth/token (docs/integrations.md). Encapsulated, so the form parser it adds serves this
 * route only: the portal's own calls stay JSON, and no cross-site HTML form reaches them.
 */
export const apiTokensRoutes: FastifyPluginAsyncZod<{ tokens: ApiTokensService }> = async (
  app,
  { tokens },
) => {
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) =>
    done(null, parseForm(body as string)),
  );
  // Whatever fails before the handler (malformed JSON, a body too large) is the client's fault and
  // answered in RFC 6749's shape too; anything else goes on to the portal's handler (500).
  app.setErrorHandler((error, _request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 400 || status >= 500) throw error;
    return reply
      .status(status)
      .header('cache-control', 'no-store')
      .send({ error: 'invalid_request', error_description: 'the request could not be read' });
  });
  // Any other body is read as no form, so grantRequestOf refuses it in RFC 6749's shape.
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 8192 }, (_request, _body, done) =>
    done(null, {}),
  );

  app.post(
    INTEGRATION_PATHS.token,
    {
      // The body is read by grantRequestOf, so its refusals take RFC 6749's shape.
      attachValidation: true,
      schema: {
        tags: ['oauth'],
        summary: 'An access token for an API client (OAuth 2.0 client credentials)',
        consumes: [FORM],
        body: TokenRequestSchema,
        response: { 200: TokenResponseSchema, 400: OAuthErrorSchema, 401: OAuthErrorSchema },
      },
    },
    async (request, reply) => {
      // RFC 6749 5.1: tokens and refusals are never cached.
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      try {
        return reply.send(await tokens.issue(grantRequestOf(request)));
      } catch (error) {
        if (error instanceof OAuthFailure) return refuse(reply, error);
        throw error;
      }
    },
  );
};
