import type {
  AdminUser,
  CreateAccountManagerBody,
  CreateConsultantBody,
  PortfolioBody,
  Role,
  UpdateConsultantBody,
} from '@klik/api';
import { AppError } from '../../kernel/http/app-error';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { hashPassword } from '../../kernel/passwords/password-hasher';
import { assertPasswordAllowed } from '../../kernel/passwords/password-policy';
import { inviteePasswordHash } from '../password-reset/password-reset.service';
import { withUniqueCodes, type AdminDeps } from './admin-change';
import { auditChange } from '../../kernel/audit/audit-log';
import { versionConflict } from '../../kernel/http/app-error';
import { scopeOf } from '../../kernel/access/admin-scope';
import {
  auditView,
  findUserRecord,
  replaceLinks,
  toAdminUser,
  type UserRecord,
} from './users.repository';
import { insertUser } from '../../kernel/users/user-store';
import { saveOnVersion } from './users.service';

/** addaccountmanager with the portfolio, and editconsultant (docs/administration.md). */
export class StaffService {
  constructor(private readonly deps: AdminDeps) {}

  async #ofRole(userId: number, role: Role): Promise<UserRecord> {
    const record = await findUserRecord(this.deps.db, userId);
    // Only admins reach these calls, so a missing id may be told apart.
    if (!record || record.role !== role) throw new AppError('NOT_FOUND');
    return record;
  }

  async #reload(userId: number): Promise<AdminUser> {
    const record = await findUserRecord(this.deps.db, userId);
    if (!record) throw new AppError('NOT_FOUND');
    return toAdminUser(record);
  }

  async #create(
    auth: AuthContext,
    action: string,
    body: (CreateAccountManagerBody | CreateConsultantBody) & { role: Role; allowTPIPage: boolean },
    ip: string | null,
  ): Promise<AdminUser> {
    const { db, now, invitations } = this.deps;
    // Without an initial password the new colleague is invited by e-mail to choose one.
    if (body.initialPassword !== undefined) {
      assertPasswordAllowed(body.initialPassword, { field: 'initialPassword' });
    }
    const passwordHash =
      body.initialPassword === undefined
        ? await inviteePasswordHash()
        : await hashPassword(body.initialPassword);
    const customerIds = [...new Set(body.customerIds)];
    const { id, invitation } = await withUniqueCodes(() =>
      db.transaction().execute(async (trx) => {
        const at = now();
        const userId = await insertUser(trx, {
          username: body.username,
          name: body.name,
          email: body.email,
          mobile: body.mobile,
          locale: body.locale,
          role: body.role,
          readOnly: 'readOnly' in body ? body.readOnly : false,
          clickAuthorized: true,
          allowTPIPage: body.allowTPIPage,
          manageUsers: false,
          passwordHash,
          createdAt: at,
        });
        await replaceLinks(
          trx,
          userId,
          customerIds.map((customerId) => ({ customerId, readOnly: false, clickAuthorized: true })),
        );
        const created = await findUserRecord(trx, userId);
        const link =
          body.initialPassword === undefined
            ? await invitations.createInvitation(trx, { ...body, id: userId })
            : null;
        await auditChange(trx, at, auth, {
          action,
          subject: body.username,
          customerIds,
          after: created ? auditView(created) : undefined,
          details: { invitation: link !== null },
          ip,
        });
        return { id: userId, invitation: link };
      }),
    );
    if (invitation) invitations.sendLater(invitation);
    return this.#reload(id);
  }

  /** addaccountmanager: an account manager with an initial password and their portfolio. */
  async createAccountManager(
    auth: AuthContext,
    body: CreateAccountManagerBody,
    ip: string | null,
  ): Promise<AdminUser> {
    const scope = await scopeOf(this.deps.db, auth, 'accountManagers.manage');
    await scope.assertCustomers(this.deps.db, body.customerIds);
    return this.#create(
      auth,
      'accountManager.create',
      { ...body, role: 'accountmanager', allowTPIPage: false },
      ip,
    );
  }

  /** The customers an account manager works for; nothing else is theirs to see. */
  async setPortfolio(
    auth: AuthContext,
    userId: number,
    body: PortfolioBody,
    ip: string | null,
  ): Promise<AdminUser> {
    const { db, now } = this.deps;
    const scope = await scopeOf(db, auth, 'accountManagers.manage');
    const current = await this.#ofRole(userId, 'accountmanager');
    await scope.assertCustomers(db, body.customerIds);
    if (current.version !== body.version) throw versionConflict(current.version);
    const customerIds = [...new Set(body.customerIds)];
    await db.transaction().execute(async (trx) => {
      await saveOnVersion(trx, userId, body.version, {});
      await replaceLinks(
        trx,
        userId,
        customerIds.map((customerId) => ({ customerId, readOnly: false, clickAuthorized: true })),
      );
      await auditChange(trx, now(), auth, {
        action: 'accountManager.portfolio',
        subject: current.username,
        customerIds: [...current.customerIds, ...customerIds],
        before: { customerIds: current.customerIds },
        after: { customerIds },
        ip,
      });
    });
    return this.#reload(userId);
  }

  async createConsultant(
    auth: AuthContext,
    body: CreateConsultantBody,
    ip: string | null,
  ): Promise<AdminUser> {
    const scope = await scopeOf(this.deps.db, auth, 'consultants.manage');
    await scope.assertCustomers(this.deps.db, body.customerIds);
    return this.#create(auth, 'consultant.create', { ...body, role: 'consultant' }, ip);
  }

  /** editconsultant: details, customers and the TPI page, on the version read. */
  async updateConsultant(
    auth: AuthContext,
    userId: number,
    body: UpdateConsultantBody,
    ip: string | null,
  ): Promise<AdminUser> {
    const { db, now } = this.deps;
    const scope = await scopeOf(db, auth, 'consultants.manage');
    const current = await this.#ofRole(userId, 'consultant');
    await scope.assertCustomers(db, body.customerIds);
    if (current.version !== body.version) throw versionConflict(current.version);
    // Customers the consultant keeps keep their rights; new ones start with the defaults. A
    // mandate named in the body sets the click right for that customer (docs/tpi.md).
    const links = [...new Set(body.customerIds)].map((customerId) => {
      const link = current.links.find((kept) => kept.customerId === customerId) ?? {
        customerId,
        readOnly: false,
        clickAuthorized: true,
      };
      const mandate = body.mandates.find((named) => named.customerId === customerId);
      return mandate ? { ...link, clickAuthorized: mandate.clickAuthorized } : link;
    });
    await withUniqueCodes(() =>
      db.transaction().execute(async (trx) => {
        await saveOnVersion(trx, userId, body.version, {
          name: body.name,
          email: body.email,
          mobile: body.mobile,
          locale: body.locale,
          allowTPIPage: body.allowTPIPage,
        });
        await replaceLinks(trx, userId, links);
        const after = await findUserRecord(trx, userId);
        await auditChange(trx, now(), auth, {
          action: 'consultant.update',
          subject: current.username,
          customerIds: [...current.customerIds, ...body.customerIds],
          before: auditView(current),
          after: after ? auditView(after) : undefined,
          ip,
        });
      }),
    );
    return this.#reload(userId);
  }
}
