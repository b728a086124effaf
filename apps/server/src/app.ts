import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { createDatabase, type Db } from './db/database';
import { registerErrorHandler } from './http/error-handler';
import { registerXsrf } from './http/xsrf';
import { createAuthGuards, type AuthGuards } from './modules/auth/auth-guards';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { localeRoutes } from './modules/locale/locale.routes';
import { positionsRoutes } from './modules/positions/positions.routes';
import { PositionsService } from './modules/positions/positions.service';
import { InProcessEventBus, type EventBus } from './modules/realtime/event-bus';
import { RedisEventBus } from './modules/realtime/redis-event-bus';
import { envRoutes } from './modules/system/env.routes';
import { healthRoutes } from './modules/system/health.routes';
import { registerMetrics } from './modules/system/metrics';
import { tradingRoutes } from './modules/trading/trading.routes';
import { registerSpa } from './modules/web/spa';

export interface AppDeps {
  db: Db;
  bus: EventBus;
  /** The clock every expiry and audit time is read from; tests move it forward. */
  now: () => Date;
  /** How a slowed-down sign-in waits; tests record the waits instead of sleeping. */
  delay: (ms: number) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** requireAuth and requireRole for feature routes. */
    guards: AuthGuards;
  }
}

function contentSecurityPolicy(config: Config) {
  const styleSources = ["'self'", "'unsafe-inline'"];
  // A deployment's own stylesheet may live on another origin.
  if (config.web.stylesheetUrl && /^https?:\/\//.test(config.web.stylesheetUrl)) {
    styleSources.push(new URL(config.web.stylesheetUrl).origin);
  }
  const connectSources = ["'self'", 'ws:', 'wss:'];
  for (const url of [config.web.backendUrl, config.web.notificationBackendUrl]) {
    if (/^https?:\/\//.test(url)) connectSources.push(new URL(url).origin);
  }
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: styleSources,
      connectSrc: connectSources,
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      // Plain-HTTP single-machine installs must keep working; TLS is the proxy's job.
      upgradeInsecureRequests: null,
    },
  };
}

/** Builds the whole server from a validated config; never listens (server.ts does). */
export async function buildApp(
  config: Config,
  overrides: Partial<AppDeps> = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  const ownsDb = overrides.db === undefined;
  const ownsBus = overrides.bus === undefined;
  const onBusError = (error: unknown) => app.log.error({ err: error }, 'event bus error');
  const deps: AppDeps = {
    db:
      overrides.db ??
      (await createDatabase(config, (error) =>
        app.log.error({ err: error }, 'idle database connection failed'),
      )),
    bus:
      overrides.bus ??
      (config.redisUrl
        ? new RedisEventBus(config.redisUrl, onBusError)
        : new InProcessEventBus(onBusError)),
    now: overrides.now ?? (() => new Date()),
    delay: overrides.delay ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
  };
  app.decorate('deps', deps);
  app.addHook('onClose', async () => {
    if (ownsBus) await deps.bus.close();
    if (ownsDb) await deps.db.destroy();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  registerErrorHandler(app);

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: contentSecurityPolicy(config),
    // Same-origin SPA; cross-origin embedding is refused above with frame-ancestors.
    crossOriginEmbedderPolicy: false,
  });
  registerXsrf(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Klik API',
        description: 'REST interface of the Klik portal',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  registerMetrics(app);
  const authService = new AuthService({
    db: deps.db,
    config,
    now: deps.now,
    delay: deps.delay,
  });
  const guards = createAuthGuards(authService);
  app.decorate('guards', guards);

  await app.register(healthRoutes, { db: deps.db });
  await app.register(envRoutes, { config });
  await app.register(authRoutes, { auth: authService, guards });
  await app.register(localeRoutes);
  await app.register(tradingRoutes, { db: deps.db });
  await app.register(positionsRoutes, {
    positions: new PositionsService({ db: deps.db, now: deps.now }),
    guards,
  });
  await registerSpa(app, config.webDistDir);

  return app;
}
