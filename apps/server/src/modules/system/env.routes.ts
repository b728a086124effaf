import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EnvironmentSettingsSchema, type EnvironmentSettings, SYSTEM_PATHS } from '@klik/api';
import type { Config } from '../../kernel/config/config';

/** The web's settings of spec section 3, so one web build serves every deployment. */
export function environmentSettings(config: Config): EnvironmentSettings {
  const { web } = config;
  return EnvironmentSettingsSchema.parse({
    production: web.production,
    backendUrl: web.backendUrl,
    notificationBackendUrl: web.notificationBackendUrl,
    websocketUrl: web.websocketUrl,
    stylesheetUrl: web.stylesheetUrl,
    locale: web.locale,
    currency: web.currency,
    currencySymbol: web.currencySymbol,
    title: web.title,
    favicon: web.favicon,
    translations: web.translations,
    displayDisclaimer: web.displayDisclaimer,
    displayHelp: web.displayHelp,
    isDebugMode: web.isDebugMode,
    ssourl: web.ssourl,
  });
}

export const envRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const settings = environmentSettings(config);
  app.get(
    SYSTEM_PATHS.env,
    {
      schema: {
        tags: ['web'],
        summary: 'Environment settings of the web application',
        response: { 200: EnvironmentSettingsSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return settings;
    },
  );
};
