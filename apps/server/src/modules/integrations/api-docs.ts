import { z } from 'zod';
import { ErrorBodySchema, INTEGRATION_PATHS } from '@klik/api';
import { machineSecurityScheme, OAUTH2_SCHEME } from '../../kernel/http/api-docs';
import examples from './api-docs-examples.json';

/*
 * The machine API's own OpenAPI document (GET /docs/api, docs/integrations.md), derived from the
 * portal's generated one: only the operations an access token may call (their security names
 * the oauth2 scheme, kernel/http/api-docs.ts) and the token endpoint, each with the refusals a
 * client meets, an operationId and an example (api-docs-examples.json, answers of the real
 * calls). `npm run lint:api` holds it to Redocly's rules.
 */

type Json = Record<string, unknown>;
interface Operation extends Json {
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, Json> };
  responses: Record<string, Json & { content?: Record<string, Json> }>;
  tags?: string[];
}
interface Example {
  operationId: string;
  request?: unknown;
  response?: unknown;
}
export interface OpenApiDocument extends Json {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

const EXAMPLES = examples as Record<string, Example>;

const TAGS: Record<string, string> = {
  oauth: 'The OAuth 2.0 token endpoint (client credentials, RFC 6749 section 4.4)',
  positions: "The customer's contracts, positions and contract summaries",
  clicks: "The customer's clicks and results",
  integrations: 'What the machine API offers beyond the portal: click events, notifications',
  budgets: "The customer's budgets",
  'standing orders': "The customer's standing orders",
  'price alerts': "The customer's price alerts",
};

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

/** What every call of the machine API may answer besides its success. */
const REFUSALS = {
  '400': error('A parameter or the body is not valid (the code names it)'),
  '401': error('No access token, or one that is malformed, expired, revoked or rotated away'),
  '403': error(
    "The token lacks the scope (SCOPE_NOT_GRANTED), the address is not allowed (IP_NOT_ALLOWED), or the customer is not the client's (FORBIDDEN)",
  ),
  '429': {
    ...error("Over the client's rate (RATE_LIMITED): wait the seconds of Retry-After"),
    headers: {
      'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer', minimum: 1 } },
    },
  },
};

const SUCCESS: Record<string, string> = { '200': 'OK', '201': 'Created', '204': 'No content' };

function machineOperation(key: string, operation: Operation, scope: string | null): Operation {
  const example = EXAMPLES[key];
  if (!example) throw new Error(`no example for ${key} in api-docs-examples.json`);
  const responses: Operation['responses'] = {};
  for (const [status, response] of Object.entries(operation.responses)) {
    // An initial password to change (428) is a person's state; a client has none.
    if (status === '428') continue;
    const described = { ...response, description: SUCCESS[status] ?? response.description };
    const json = response.content?.['application/json'];
    if (json && status in SUCCESS && example.response !== undefined) {
      described.content = { 'application/json': { ...json, example: example.response } };
    }
    responses[status] = described;
  }
  const requestBody = operation.requestBody && {
    ...operation.requestBody,
    content: Object.fromEntries(
      Object.entries(operation.requestBody.content).map(([type, media]) => [
        type,
        { ...media, example: example.request },
      ]),
    ),
  };
  return {
    ...operation,
    operationId: example.operationId,
    ...(requestBody ? { requestBody } : {}),
    security: scope ? [{ [OAUTH2_SCHEME]: [scope] }] : [{ clientBasic: [] }, {}],
    responses: scope
      ? { ...REFUSALS, ...responses }
      : {
          ...responses,
          '400': { ...responses['400'], description: 'Refused (RFC 6749 section 5.2)' },
          '401': { ...responses['401'], description: 'The client did not authenticate' },
        },
  };
}

/**
 * OpenAPI 3.0 lets null through an enum only when the enum lists it; the generator marks a
 * nullable enum `nullable` alone, which a validator of examples (rightly) refuses for null.
 */
function withNullInNullableEnums<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withNullInNullableEnums) as T;
  if (value === null || typeof value !== 'object') return value;
  const copy = Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === 'example' ? inner : withNullInNullableEnums(inner),
    ]),
  ) as Json;
  if (copy.nullable === true && Array.isArray(copy.enum) && !copy.enum.includes(null)) {
    copy.enum = [...copy.enum, null];
  }
  return copy as T;
}

/** The machine API's document from the portal's (`app.swagger()`), served from `base`. */
export function machineApiDocument(full: OpenApiDocument, base: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  for (const [path, operations] of Object.entries(full.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const scope =
        operation.security?.find((entry) => OAUTH2_SCHEME in entry)?.[OAUTH2_SCHEME]?.[0] ?? null;
      if (!scope && path !== INTEGRATION_PATHS.token) continue;
      paths[path] = {
        ...paths[path],
        [method]: machineOperation(`${method} ${path}`, operation, scope),
      };
      for (const tag of operation.tags ?? []) tags.add(tag);
    }
  }
  return {
    openapi: full.openapi,
    info: {
      title: 'Klik integration API',
      version: '1.0.0',
      description:
        "The buyer's own systems connected to Klik: an API client of the customer gets a short-lived access token at the token endpoint (OAuth 2.0 client credentials) and calls the operations its scopes allow, for its own customer only.",
      license: { name: 'Proprietary', url: `${base}/help` },
    },
    servers: [{ url: base, description: 'This portal' }],
    tags: [...tags].sort().map((name) => ({ name, description: TAGS[name] ?? name })),
    paths: withNullInNullableEnums(paths),
    components: {
      securitySchemes: {
        [OAUTH2_SCHEME]: machineSecurityScheme(base),
        clientBasic: {
          type: 'http',
          scheme: 'basic',
          description:
            'client_secret_basic: the client id and secret, URL-encoded, as user and password. Or send client_id and client_secret in the form (client_secret_post).',
        },
      },
      schemas: { ErrorBody: z.toJSONSchema(ErrorBodySchema, { target: 'openapi-3.0' }) },
    },
  };
}
