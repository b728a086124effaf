import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps';
import type { AuthGuards } from './auth/auth-guards';
import type { Config } from './config/config';
import type { EventOutbox } from './events/event-outbox';
import type { SmsGateway } from './one-time-codes/sms-gateway';

/*
 * One module shape (docs/server-module.md): every module is one Fastify plugin, defined with
 * defineModule, that names the modules it needs, builds its services from the kernel's
 * decorations below (and from what the modules it names decorate), and registers its routes.
 * app.ts is the list of registrations; Fastify refuses to start when a module is registered
 * before one it names.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The database, the bus between instances and the clock. */
    deps: AppDeps;
    /** The validated configuration. */
    config: Config;
    /** requireAuth, requireRole and requirePermission for feature routes (the auth module). */
    guards: AuthGuards;
    /** Events of committed changes on their way to the bus; flush() after a commit. */
    outbox: EventOutbox;
    /** Sends SMS codes (the click, standing orders, mobile verification). */
    sms: SmsGateway;
  }
}

/**
 * The modules another module may name as a need: a typo in `needs` fails the build. A module
 * nobody needs yet may have any name; it joins this list when a first module needs it.
 */
export type ModuleName =
  | 'account'
  | 'admin'
  | 'auth'
  | 'background-jobs'
  | 'backtest'
  | 'budgets'
  | 'click-confirmation'
  | 'clicks'
  | 'contracts'
  | 'deadlines'
  | 'hedge-policies'
  | 'integrations'
  | 'locale'
  | 'mail'
  | 'margins'
  | 'market'
  | 'notifications'
  | 'password-reset'
  | 'positions'
  | 'price-alerts'
  | 'purchase'
  | 'realtime'
  | 'risk'
  | 'sso'
  | 'standing-orders'
  | 'system'
  | 'tpi'
  | 'trading';

/**
 * A module: its name, the modules it needs (registered before it), and the plugin that builds
 * its services and registers its routes. Not encapsulated, so what it decorates (e.g.
 * app.purchase) is there for the modules registered after it.
 */
export function defineModule<Options extends Record<string, unknown> = Record<never, never>>(
  name: string,
  needs: readonly ModuleName[],
  plugin: FastifyPluginAsyncZod<Options>,
) {
  return fp(plugin, {
    name,
    dependencies: [...needs],
    decorators: { fastify: ['deps', 'config', 'outbox', 'sms'] },
    fastify: '5.x',
  });
}
