import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from '../../kernel/http/error-handler';

const NEVER_CACHED = 'no-store';

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
      // The build writes a brotli and a gzip copy beside each text file (apps/web/build/
      // precompress.ts): the smallest one the browser accepts is sent, nothing is compressed per
      // request, and a file without copies goes out as it is.
      preCompressed: true,
      // The headers below decide caching, not the plugin's default max-age=0.
      cacheControl: false,
      setHeaders: (res, path) => {
        // A cache between here and the browser must keep the compressed forms apart.
        res.setHeader('vary', 'accept-encoding');
        // Built assets carry a content hash in their name; index.html is read anew every time, so
        // a new release reaches every browser on its next visit.
        res.setHeader(
          'cache-control',
          /index\.html(\.br|\.gz)?$/.test(path)
            ? NEVER_CACHED
            : 'public, max-age=31536000, immutable',
        );
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'no web build found; only the API is served');
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (hasBuild && isClientRoute(request)) {
      return reply.header('cache-control', NEVER_CACHED).sendFile('index.html');
    }
    return sendError(request, reply, 'NOT_FOUND');
  });
}
