import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../src/db/database';

/**
 * Runs a statement with the triggers off, as a superuser could: a change behind the
 * application's back, which the append-only triggers of the audit trail would refuse.
 */
export async function behindTheBack(db: Db, statement: RawBuilder<unknown>): Promise<void> {
  await db.connection().execute(async (connection) => {
    await sql`set session_replication_role = replica`.execute(connection);
    try {
      await statement.execute(connection);
    } finally {
      await sql`set session_replication_role = origin`.execute(connection);
    }
  });
}
