import { defineModule } from '../../kernel/modules';
import { localeRoutes } from './locale.routes';

/** The languages the portal speaks. */
export const localeModule = defineModule('locale', [], async (app) => {
  await app.register(localeRoutes);
});
