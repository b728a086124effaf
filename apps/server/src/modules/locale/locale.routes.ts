import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AvailableLocalesSchema, LOCALES, LOCALE_PATHS } from '@klik/api';

export const localeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    LOCALE_PATHS.available,
    {
      schema: {
        tags: ['locale'],
        summary: 'Languages the portal offers',
        response: { 200: AvailableLocalesSchema },
      },
    },
    async () => [...LOCALES],
  );
};
