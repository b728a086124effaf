import type { ShiftableClock } from '../../kernel/clock';
import { defineModule } from '../../kernel/modules';
import { devClockRoutes } from './dev-clock.routes';
import { envRoutes } from './env.routes';
import { healthRoutes } from './health.routes';

/** Health and readiness, the web's environment settings, and (tests only) the movable clock. */
export const systemModule = defineModule<{ clock: ShiftableClock | null }>(
  'system',
  [],
  async (app, { clock }) => {
    const { db, bus, now } = app.deps;
    await app.register(healthRoutes, { db, bus, now });
    if (clock) await app.register(devClockRoutes, { clock });
    await app.register(envRoutes, { config: app.config });
  },
);
