import type { Db } from '../db/database';
import type { EventBus } from './events/event-bus';

/** What every module is built from: the database, the bus between instances and the clock. */
export interface AppDeps {
  db: Db;
  bus: EventBus;
  /** The clock every expiry and audit time is read from; tests move it forward. */
  now: () => Date;
  /** How a slowed-down sign-in waits; tests record the waits instead of sleeping. */
  delay: (ms: number) => Promise<void>;
}
