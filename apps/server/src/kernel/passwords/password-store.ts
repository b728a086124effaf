import type { Db } from '../../db/database';

/**
 * Stores a password its user chose (a change, a reset link, an invitation): nothing more to
 * change first, and the user's version moves on. The one write of a chosen password; check it
 * with assertPasswordAllowed and hash it with hashPassword first.
 */
export async function storeChosenPassword(
  db: Db,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      must_change_password: false,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', userId)
    .execute();
}
