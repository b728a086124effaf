import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler';

/**
 * While the app closes (SIGTERM), new requests are answered 503 SHUTTING_DOWN in the portal's
 * `{code, message}` shape with `Connection: close`, so the web and any API client can tell a
 * restart from a failure and send the request again, to another instance behind a load balancer.
 * Requests already running finish. Replaces Fastify's own 503, whose body has another shape.
 */
export function refuseWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!closing) return;
    // Plain JSON: a route's own 503 schema (/readyz) describes its answers, not this one.
    reply.header('connection', 'close').serializer((payload) => JSON.stringify(payload));
    return sendError(request, reply, 'SHUTTING_DOWN', { retryAfterSeconds: 1 });
  });
}
