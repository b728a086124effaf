import { defineModule } from '../../kernel/modules';
import { DeadlineCalendarService } from './deadline-calendar.service';
import { deadlinesRoutes } from './deadlines.routes';
import { DeadlinesService } from './deadlines.service';

/** The deadline overview and calendar feed (docs/deadlines.md). */
export const deadlinesModule = defineModule('deadlines', ['auth'], async (app) => {
  const { config, deps } = app;
  await app.register(deadlinesRoutes, {
    deadlines: new DeadlinesService({
      db: deps.db,
      now: deps.now,
      reminderTradingDays: config.deadlineReminders.tradingDays,
    }),
    calendar: new DeadlineCalendarService({
      db: deps.db,
      now: deps.now,
      publicUrl: config.mail.publicUrl,
    }),
    guards: app.guards,
  });
});
