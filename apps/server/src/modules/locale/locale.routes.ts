import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AvailableLocalesSchema, LOCALES, REST } from '@klik/api';

export const localeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    REST.availableLocales,
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
