import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { AppError } from '../../kernel/http/app-error';
import { hasIngestKey as hasBearerKey } from '../market/ingest-key';

export interface MetricsOptions {
  /** A port of its own for /metrics (METRICS_PORT); null serves it on the app's port. */
  port: number | null;
  /** The address of that port (the app's HOST). */
  host: string;
  /** When set, /metrics answers only `Authorization: Bearer <token>` (METRICS_TOKEN). */
  token: string | null;
}

/** GET /metrics on a port of its own, e.g. one only the monitoring network reaches. */
async function listenMetrics(registry: Registry, options: MetricsOptions & { port: number }) {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    if (options.token !== null && !hasBearerKey(request.headers.authorization, options.token)) {
      response.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: options.host, port: options.port }, () => resolve());
  });
  return server;
}

/** Prometheus metrics on a registry of this app's own, so several apps in one process stay apart. */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duration of HTTP requests by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, not the raw URL, keeps the label set small.
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const { port, token } = options;
  if (port === null) {
    app.get(
      '/metrics',
      {
        schema: { hide: true },
        onRequest: async (request) => {
          if (token !== null && !hasBearerKey(request.headers.authorization, token)) {
            throw new AppError('UNAUTHENTICATED');
          }
        },
      },
      async (_request, reply) => {
        reply.header('content-type', registry.contentType);
        return registry.metrics();
      },
    );
  } else {
    let server: Server | null = null;
    // Opened with the app's own port and closed with it; server.ts checked it is free.
    app.addHook('onListen', async () => {
      server = await listenMetrics(registry, { ...options, port });
    });
    app.addHook('onClose', async () => {
      const open = server;
      if (open) await new Promise((resolve) => open.close(resolve));
    });
  }
  return registry;
}

/**
 * klik_job_leader{job}: 1 on the instance that runs a once-only job now, 0 on the others, read
 * when scraped. Summed over the instances of a deployment it must be 1 for every job that runs.
 */
export function registerLeadership(
  registry: Registry,
  leadership: () => readonly { job: string; leading: boolean }[],
): void {
  new Gauge({
    name: 'klik_job_leader',
    help: 'Whether this instance runs the once-only job (1) or not (0)',
    labelNames: ['job'] as const,
    registers: [registry],
    collect() {
      for (const { job, leading } of leadership()) this.set({ job }, leading ? 1 : 0);
    },
  });
}

/**
 * klik_websocket_connections: the websockets open on this instance now, read when scraped. Behind
 * a load balancer it shows how browsers spread over the instances, and where they went when one
 * of them stopped.
 */
export function registerWebsockets(registry: Registry, connections: () => number): void {
  new Gauge({
    name: 'klik_websocket_connections',
    help: 'Websockets open on this instance',
    registers: [registry],
    collect() {
      this.set(connections());
    },
  });
}
