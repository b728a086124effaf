import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from '../../http/error-handler';

// Paths that belong to the server; an unknown one answers 404, never the SPA's page.
const SERVER_PREFIXES = ['/rest', '/docs', '/env.json', '/ws', '/metrics', '/healthz', '/readyz'];

function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (SERVER_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) {
    return false;
  }
  // A missing file (a name with an extension) is a 404, not a page.
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}

/** Serves the built web application and answers client routes with its index.html. */
export async function registerSpa(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasBuild = existsSync(join(webDistDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The headers below decide caching, not the plugin's default max-age=0.
      cacheControl: false,
      setHeaders: (res, path) => {
        // Built assets carry a content hash in their name; index.html must always be fresh.
        res.setHeader(
          'cache-control',
          path.endsWith('index.html') ? 'no-cache' : 'public, max-age=31536000, immutable',
        );
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'no web build found; only the API is served');
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (hasBuild && isClientRoute(request)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(request, reply, 'NOT_FOUND');
  });
}
