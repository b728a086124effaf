import type {
  Action,
  AdminUser,
  CreateUserBody,
  CreateViewOnlyUserBody,
  ResetPasswordBody,
  SetActiveBody,
  UpdateUserBody,
  UserList,
  UserListQuery,
} from '@klik/api';
import type { Db } from '../../db/database';
import { AppError } from '../../kernel/http/app-error';
import { revokeSessionsOfUsers } from '../../kernel/sessions/sessions.repository';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { hashPassword } from '../../kernel/passwords/password-hasher';
import { assertPasswordAllowed } from '../../kernel/passwords/password-policy';
import { inviteePasswordHash } from '../password-reset/password-reset.service';
import { withUniqueCodes, type AdminDeps } from './admin-change';
import { auditChange } from '../../kernel/audit/audit-log';
import { versionConflict } from '../../kernel/http/app-error';
import { scopeOf, type AdminScope } from '../../kernel/access/admin-scope';
import { assertRightsChange, type WantedUser } from './user-rights';
import {
  auditView,
  findUserRecord,
  findUserRecords,
  listUserIds,
  normalised,
  replaceLinks,
  toAdminUser,
  type UserRecord,
} from './users.repository';
import { insertUser, updateUserIfCurrent } from '../../kernel/users/user-store';

/**
 * Writes the user's fields on the version read; a version that changed meanwhile (a save that
 * raced this one) is refused with the one now current.
 */
export async function saveOnVersion(
  db: Db,
  userId: number,
  version: number,
  values: Parameters<typeof updateUserIfCurrent>[3],
): Promise<void> {
  if (!(await updateUserIfCurrent(db, userId, version, values))) {
    const latest = await findUserRecord(db, userId);
    throw versionConflict(latest?.version ?? version);
  }
}

/** manageusers, edit user, addviewonlyuser and editusers (docs/administration.md). */
export class UsersService {
  constructor(private readonly deps: AdminDeps) {}

  async #caller(auth: AuthContext): Promise<UserRecord> {
    const caller = await findUserRecord(this.deps.db, auth.user.id);
    if (!caller) throw new AppError('UNAUTHENTICATED');
    return caller;
  }

  /** The user as this caller may see them, or 403/404. */
  async #visible(scope: AdminScope, userId: number): Promise<UserRecord> {
    const record = await findUserRecord(this.deps.db, userId);
    scope.assertSeesUser(record);
    return record;
  }

  /** The caller's scope for a change of a user, and the user, who must be theirs. */
  async #owned(
    auth: AuthContext,
    action: Action,
    userId: number,
  ): Promise<{ scope: AdminScope; current: UserRecord }> {
    const scope: AdminScope = await scopeOf(this.deps.db, auth, action);
    const current = await findUserRecord(this.deps.db, userId);
    scope.assertOwnsUser(current);
    return { scope, current };
  }

  #show(scope: AdminScope, record: UserRecord): AdminUser {
    return toAdminUser(record, (customerId) => scope.ownsCustomer(customerId));
  }

  async #reload(scope: AdminScope, userId: number): Promise<AdminUser> {
    const record = await findUserRecord(this.deps.db, userId);
    if (!record) throw new AppError('NOT_FOUND');
    return this.#show(scope, record);
  }

  async list(auth: AuthContext, query: UserListQuery): Promise<UserList> {
    const { db } = this.deps;
    const scope = await scopeOf(db, auth, 'users.read');
    // Filtering by someone else's customer is refused like reading it.
    if (query.customerId !== undefined) await scope.assertCustomer(db, query.customerId);
    const { ids, total } = await listUserIds(db, query, scope.customerFilter);
    const records = await findUserRecords(db, ids);
    return {
      data: ids.flatMap((id) => {
        const record = records.get(id);
        return record ? [this.#show(scope, record)] : [];
      }),
      page: query.page,
      size: query.size,
      total,
    };
  }

  async get(auth: AuthContext, userId: number): Promise<AdminUser> {
    const scope = await scopeOf(this.deps.db, auth, 'users.read');
    return this.#show(scope, await this.#visible(scope, userId));
  }

  /**
   * A new user with an initial password that must be changed at the first sign-in, or without
   * one: then they get an invitation e-mail with a link to choose it (valid 7 days).
   */
  async create(auth: AuthContext, body: CreateUserBody, ip: string | null): Promise<AdminUser> {
    const { db } = this.deps;
    const scope = await scopeOf(db, auth, 'users.create');
    const wanted: WantedUser = normalised({ ...body });
    await scope.assertCustomers(
      db,
      wanted.customers.map((link) => link.customerId),
    );
    assertRightsChange(scope, await this.#caller(auth), null, wanted);
    return this.#insert(
      auth,
      scope,
      { ...wanted, username: body.username },
      body.initialPassword,
      ip,
    );
  }

  /** addviewonlyuser: a read-only customer user of the caller's customers who may not click. */
  async createViewOnly(
    auth: AuthContext,
    body: CreateViewOnlyUserBody,
    ip: string | null,
  ): Promise<AdminUser> {
    const { db } = this.deps;
    const scope = await scopeOf(db, auth, 'users.createViewOnly');
    await scope.assertCustomers(db, body.customerIds);
    const wanted: WantedUser = {
      name: body.name,
      email: body.email,
      mobile: body.mobile,
      locale: body.locale,
      role: 'customer',
      readOnly: true,
      clickAuthorized: false,
      allowTPIPage: false,
      manageUsers: false,
      customers: [...new Set(body.customerIds)].map((customerId) => ({
        customerId,
        readOnly: true,
        clickAuthorized: false,
      })),
    };
    return this.#insert(
      auth,
      scope,
      { ...wanted, username: body.username },
      body.initialPassword,
      ip,
    );
  }

  async #insert(
    auth: AuthContext,
    scope: AdminScope,
    wanted: WantedUser & { username: string },
    initialPassword: string | undefined,
    ip: string | null,
  ): Promise<AdminUser> {
    const { db, now, invitations } = this.deps;
    if (initialPassword !== undefined) {
      assertPasswordAllowed(initialPassword, { field: 'initialPassword' });
    }
    const passwordHash =
      initialPassword === undefined
        ? await inviteePasswordHash()
        : await hashPassword(initialPassword);
    const { id, invitation } = await withUniqueCodes(() =>
      db.transaction().execute(async (trx) => {
        const at = now();
        const userId = await insertUser(trx, { ...wanted, passwordHash, createdAt: at });
        await replaceLinks(trx, userId, wanted.customers);
        const created = await findUserRecord(trx, userId);
        const link =
          initialPassword === undefined
            ? await invitations.createInvitation(trx, { ...wanted, id: userId })
            : null;
        await auditChange(trx, at, auth, {
          action: scope.action === 'users.createViewOnly' ? 'user.createViewOnly' : 'user.create',
          subject: wanted.username,
          customerIds: wanted.customers.map((link) => link.customerId),
          after: created ? auditView(created) : undefined,
          details: { invitation: link !== null },
          ip,
        });
        return { id: userId, invitation: link };
      }),
    );
    if (invitation) invitations.sendLater(invitation);
    return this.#reload(scope, id);
  }

  /** A new invitation link (valid 7 days) by e-mail; the user's earlier links stop working. */
  async resendInvitation(auth: AuthContext, userId: number, ip: string | null): Promise<AdminUser> {
    const { db, now, invitations } = this.deps;
    const { scope, current } = await this.#owned(auth, 'users.resetPassword', userId);
    if (current.disabled || !current.email) throw new AppError('VALIDATION_FAILED');
    const invitation = await db.transaction().execute(async (trx) => {
      const link = await invitations.createInvitation(trx, current);
      await auditChange(trx, now(), auth, {
        action: 'user.resendInvitation',
        subject: current.username,
        customerIds: current.customerIds,
        ip,
      });
      return link;
    });
    invitations.sendLater(invitation);
    return this.#reload(scope, userId);
  }

  /** Edit user: the whole editable user on the version read (409 VERSION_CONFLICT if stale). */
  async update(
    auth: AuthContext,
    userId: number,
    body: UpdateUserBody,
    ip: string | null,
  ): Promise<AdminUser> {
    const { db, now } = this.deps;
    const { scope, current } = await this.#owned(auth, 'users.edit', userId);
    const wanted: WantedUser = normalised({ ...body });
    await scope.assertCustomers(
      db,
      wanted.customers.map((link) => link.customerId),
    );
    assertRightsChange(scope, await this.#caller(auth), current, wanted);
    if (current.version !== body.version) throw versionConflict(current.version);
    await withUniqueCodes(() =>
      db.transaction().execute(async (trx) => {
        const { customers, ...values } = wanted;
        await saveOnVersion(trx, userId, body.version, values);
        await replaceLinks(trx, userId, customers);
        const after = await findUserRecord(trx, userId);
        await auditChange(trx, now(), auth, {
          action: 'user.update',
          subject: current.username,
          customerIds: [...current.customerIds, ...customers.map((link) => link.customerId)],
          before: auditView(current),
          after: after ? auditView(after) : undefined,
          ip,
        });
      }),
    );
    return this.#reload(scope, userId);
  }

  /**
   * Deactivates (ending every session of the user at once) or reactivates a user. Nobody
   * deactivates themselves.
   */
  async setActive(
    auth: AuthContext,
    userId: number,
    body: SetActiveBody,
    ip: string | null,
  ): Promise<AdminUser> {
    const { db, now } = this.deps;
    const { scope, current } = await this.#owned(auth, 'users.deactivate', userId);
    if (current.id === auth.user.id) throw new AppError('CANNOT_REMOVE_SELF');
    if (current.version !== body.version) throw versionConflict(current.version);
    const ended = await db.transaction().execute(async (trx) => {
      const at = now();
      await saveOnVersion(trx, userId, body.version, { disabled: !body.active });
      const revoked = body.active ? [] : await revokeSessionsOfUsers(trx, [userId], at);
      await auditChange(trx, at, auth, {
        action: body.active ? 'user.reactivate' : 'user.deactivate',
        subject: current.username,
        customerIds: current.customerIds,
        before: { active: !current.disabled },
        after: { active: body.active },
        details: body.active ? {} : { sessionsEnded: revoked.length },
        ip,
      });
      return revoked;
    });
    await this.deps.endSessions(ended);
    return this.#reload(scope, userId);
  }

  /**
   * A new initial password: the user must change it at their next sign-in, and whoever is
   * signed in as them now is signed out.
   */
  async resetPassword(
    auth: AuthContext,
    userId: number,
    body: ResetPasswordBody,
    ip: string | null,
  ): Promise<AdminUser> {
    const { db, now } = this.deps;
    const { scope, current } = await this.#owned(auth, 'users.resetPassword', userId);
    if (current.version !== body.version) throw versionConflict(current.version);
    assertPasswordAllowed(body.initialPassword, { field: 'initialPassword' });
    const passwordHash = await hashPassword(body.initialPassword);
    const ended = await db.transaction().execute(async (trx) => {
      const at = now();
      await saveOnVersion(trx, userId, body.version, { passwordHash });
      const revoked = await revokeSessionsOfUsers(trx, [userId], at);
      await auditChange(trx, at, auth, {
        action: 'user.resetPassword',
        subject: current.username,
        customerIds: current.customerIds,
        details: { sessionsEnded: revoked.length },
        ip,
      });
      return revoked;
    });
    await this.deps.endSessions(ended);
    return this.#reload(scope, userId);
  }
}
