import type { Role } from '@klik/api';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';

/*
 * The users table belongs to the kernel: a user is the actor of every request, and their
 * password, language and mobile number are set from several modules (administration, the
 * account page, sign-in, password reset). Every write of a user row is here.
 */

/** The whole user row, as sign-in and the jobs that act for a user read it. */
export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Where the user's SMS codes go, and in which language. */
export function findPhoneOf(
  db: Db,
  userId: number,
): Promise<{ mobile: string | null; locale: string }> {
  return db
    .selectFrom('users')
    .select(['mobile', 'locale'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

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

/** What an administrator sets on a user. */
export interface UserValues {
  name: string;
  email: string;
  mobile: string | null;
  locale: string;
  role: Role;
  readOnly: boolean;
  clickAuthorized: boolean;
  allowTPIPage: boolean;
  manageUsers: boolean;
}

export async function insertUser(
  db: Db,
  values: UserValues & { username: string; passwordHash: string; createdAt: Date },
): Promise<number> {
  const { id } = await db
    .insertInto('users')
    .values({
      username: values.username,
      name: values.name,
      email: values.email,
      mobile: values.mobile,
      locale: values.locale,
      role: values.role,
      read_only: values.readOnly,
      click_authorized: values.clickAuthorized,
      allow_tpi_page: values.allowTPIPage,
      manage_users: values.manageUsers,
      password_hash: values.passwordHash,
      must_change_password: true,
      created_at: values.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Writes the user's fields if the version is still the one read; answers whether it was. */
export async function updateUserIfCurrent(
  db: Db,
  id: number,
  version: number,
  values: Partial<UserValues> & { disabled?: boolean; passwordHash?: string },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set((eb) => ({
      ...(values.name === undefined ? {} : { name: values.name }),
      ...(values.email === undefined ? {} : { email: values.email }),
      ...(values.mobile === undefined ? {} : { mobile: values.mobile }),
      ...(values.locale === undefined ? {} : { locale: values.locale }),
      ...(values.role === undefined ? {} : { role: values.role }),
      ...(values.readOnly === undefined ? {} : { read_only: values.readOnly }),
      ...(values.clickAuthorized === undefined ? {} : { click_authorized: values.clickAuthorized }),
      ...(values.allowTPIPage === undefined ? {} : { allow_tpi_page: values.allowTPIPage }),
      ...(values.manageUsers === undefined ? {} : { manage_users: values.manageUsers }),
      ...(values.disabled === undefined ? {} : { disabled: values.disabled }),
      ...(values.passwordHash === undefined
        ? {}
        : { password_hash: values.passwordHash, must_change_password: true }),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The user's language, as they chose it in the portal. */
export async function storeUserLocale(db: Db, userId: number, locale: string): Promise<void> {
  await db.updateTable('users').set({ locale }).where('id', '=', userId).execute();
}

/** The user's own mobile number (verified) or none; the user's version moves on. */
export async function storeUserMobile(
  db: Db,
  userId: number,
  mobile: string | null,
): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ mobile, version: eb('version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}
