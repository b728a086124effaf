import type { Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { seedDemo, seedDemoHistory } from './seed-demo';

export interface PreparedDatabase {
  applied: string[];
  seeded: boolean;
}

/** What the server does to its database before it listens: migrate, then seed when asked. */
export async function prepareDatabase(
  db: Db,
  options: { seedDemo: boolean; now?: () => Date },
): Promise<PreparedDatabase> {
  const applied = await migrateToLatest(db);
  const seeded = options.seedDemo ? await seedDemo(db, options.now?.()) : false;
  // Apart from the accounts: a demo database made before the price history gets it too.
  if (options.seedDemo) await seedDemoHistory(db, options.now?.());
  return { applied, seeded };
}
