import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_SCOPE_DESCRIPTIONS, INTEGRATION_PATHS } from '@klik/api';

/**
 * The machine API's routes (config.apiScope, docs/integrations.md) take an OAuth access token
 * besides a session: their operations name the oauth2 scheme with the scope, which is also how
 * the machine API's own document (/docs/api) finds them.
 */
function documentApiScopes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const scope = route.config?.apiScope;
    if (!scope) return;
    const schema = route.schema ?? {};
    const security = (schema.security as Record<string, string[]>[] | undefined) ?? [];
    route.schema = { ...schema, security: [...security, { [OAUTH2_SCHEME]: [scope] }] };
  });
}

/** The security scheme of API clients' access tokens in the OpenAPI documents. */
export const OAUTH2_SCHEME = 'oauth2';

/**
 * The OpenAPI document generated from the routes' zod schemas, with Swagger UI at /docs and the
 * document at /docs/json. Registered before the routes, so it sees every one of them.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  documentApiScopes(app);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Klik API',
        description: 'REST interface of the Klik portal',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'header', name: 'Authorization' },
          [OAUTH2_SCHEME]: machineSecurityScheme(''),
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
}

/** OAuth 2.0 client credentials at the token endpoint, under `base` (the portal's address). */
export function machineSecurityScheme(base: string) {
  return {
    type: 'oauth2' as const,
    description: "An API client's access token (docs/integrations.md), sent as `Bearer <token>`.",
    flows: {
      clientCredentials: {
        tokenUrl: `${base}${INTEGRATION_PATHS.token}`,
        scopes: { ...API_SCOPE_DESCRIPTIONS },
      },
    },
  };
}
