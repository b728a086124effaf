import type { FastifyInstance } from 'fastify';

function isRest(url: string): boolean {
  return url === '/rest' || url.startsWith('/rest/') || url.startsWith('/rest?');
}

/**
 * REST answers carry customer data (positions, prices, clicks, session tokens): no browser cache,
 * shared computer or proxy may keep a copy. Set on every answer under /rest, errors included.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isRest(request.url)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
