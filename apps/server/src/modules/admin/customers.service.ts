import type {
  Action,
  CreateCustomerBody,
  CustomerDetail,
  CustomerList,
  CustomerListQuery,
  DashboardsBody,
  SetActiveBody,
  UpdateCustomerBody,
} from '@klik/api';
import type { Db } from '../../db/database';
import { AppError } from '../../kernel/http/app-error';
import { revokeSessionsOfUsers } from '../../kernel/sessions/sessions.repository';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { withUniqueCodes, type AdminDeps } from './admin-change';
import { auditChange } from '../../kernel/audit/audit-log';
import { versionConflict } from '../../kernel/http/app-error';
import {
  customerContracts,
  findCustomerDetail,
  insertCustomer,
  listCustomers,
  replaceDashboards,
  updateCustomerIfCurrent,
  usersLeftWithoutCustomers,
} from './customers.repository';
import { scopeOf } from '../../kernel/access/admin-scope';
import { setDashboardContracts, updateClickLimits } from '../contracts/contracts.service';

type Values = Parameters<typeof updateCustomerIfCurrent>[3];

/** Writes on the version read, or refuses with the version now current. */
async function saveOnVersion(db: Db, id: number, version: number, values: Values): Promise<void> {
  if (!(await updateCustomerIfCurrent(db, id, version, values))) {
    const latest = await findCustomerDetail(db, id);
    throw versionConflict(latest?.version ?? version);
  }
}

/** What the audit log keeps of a customer's settings. */
function settingsOf(customer: CustomerDetail) {
  return {
    name: customer.name,
    active: customer.active,
    requireSms: customer.requireSms,
    requireApproval: customer.requireApproval,
    allowTotp: customer.allowTotp,
    ssoLinkByEmail: customer.ssoLinkByEmail,
    version: customer.version,
  };
}

/** managecustomers and editcustomer (docs/administration.md). */
export class CustomersService {
  constructor(private readonly deps: AdminDeps) {}

  async list(auth: AuthContext, query: CustomerListQuery): Promise<CustomerList> {
    const scope = await scopeOf(this.deps.db, auth, 'customers.read');
    const { data, total } = await listCustomers(this.deps.db, query, scope.customerFilter);
    return { data, page: query.page, size: query.size, total };
  }

  async #detail(id: number): Promise<CustomerDetail> {
    const detail = await findCustomerDetail(this.deps.db, id);
    if (!detail) throw new AppError('NOT_FOUND');
    return detail;
  }

  /** The customer, once the caller is known to reach it for the action. */
  async #reached(auth: AuthContext, id: number, action: Action): Promise<CustomerDetail> {
    const scope = await scopeOf(this.deps.db, auth, action);
    await scope.assertCustomer(this.deps.db, id);
    return this.#detail(id);
  }

  async get(auth: AuthContext, id: number): Promise<CustomerDetail> {
    return this.#reached(auth, id, 'customers.read');
  }

  async create(
    auth: AuthContext,
    body: CreateCustomerBody,
    ip: string | null,
  ): Promise<CustomerDetail> {
    const { db, now } = this.deps;
    await scopeOf(db, auth, 'customers.create');
    if (
      new Set(body.dashboards.map((name) => name.toLowerCase())).size !== body.dashboards.length
    ) {
      throw new AppError('VALIDATION_FAILED');
    }
    const id = await withUniqueCodes(() =>
      db.transaction().execute(async (trx) => {
        const at = now();
        const customerId = await insertCustomer(trx, { ...body, createdAt: at }, body.dashboards);
        const created = await findCustomerDetail(trx, customerId);
        await auditChange(trx, at, auth, {
          action: 'customer.create',
          subject: `customer:${customerId}`,
          customerIds: [customerId],
          after: created ? { ...settingsOf(created), dashboards: body.dashboards } : undefined,
          ip,
        });
        return customerId;
      }),
    );
    return this.#detail(id);
  }

  /** The name and the click settings (SMS, four-eyes approval, click limits per contract). */
  async update(
    auth: AuthContext,
    id: number,
    body: UpdateCustomerBody,
    ip: string | null,
  ): Promise<CustomerDetail> {
    const { db, now } = this.deps;
    const current = await this.#reached(auth, id, 'customers.edit');
    const contracts = await customerContracts(
      db,
      id,
      body.clickLimits.map((limit) => limit.contractId),
    );
    if (contracts.size !== body.clickLimits.length) throw new AppError('NOT_FOUND');
    if (current.version !== body.version) throw versionConflict(current.version);
    await withUniqueCodes(() =>
      db.transaction().execute(async (trx) => {
        const { name, requireSms, requireApproval, allowTotp, ssoLinkByEmail } = body;
        await saveOnVersion(trx, id, body.version, {
          name,
          requireSms,
          requireApproval,
          allowTotp,
          ssoLinkByEmail,
        });
        await updateClickLimits(trx, id, body.clickLimits);
        const after = await findCustomerDetail(trx, id);
        const changed = new Set(body.clickLimits.map((limit) => limit.contractId));
        const limitsOf = (customer: CustomerDetail) =>
          customer.clickLimits.filter((limit) => changed.has(limit.contractId));
        await auditChange(trx, now(), auth, {
          action: 'customer.update',
          subject: `customer:${id}`,
          customerIds: [id],
          before: { ...settingsOf(current), clickLimits: limitsOf(current) },
          after: after ? { ...settingsOf(after), clickLimits: limitsOf(after) } : undefined,
          ip,
        });
      }),
    );
    return this.#detail(id);
  }

  /** The customer's dashboards and which of its contracts each shows. */
  async setDashboards(
    auth: AuthContext,
    id: number,
    body: DashboardsBody,
    ip: string | null,
  ): Promise<CustomerDetail> {
    const { db, now } = this.deps;
    const current = await this.#reached(auth, id, 'customers.edit');
    const names = body.dashboards.map((dashboard) => dashboard.name.toLowerCase());
    if (new Set(names).size !== names.length) throw new AppError('VALIDATION_FAILED');
    const own = new Set(current.dashboards.map((dashboard) => dashboard.id));
    if (body.dashboards.some((dashboard) => dashboard.id !== undefined && !own.has(dashboard.id))) {
      throw new AppError('NOT_FOUND');
    }
    const wanted = [...new Set(body.dashboards.flatMap((dashboard) => dashboard.contractIds))];
    const contracts = await customerContracts(db, id, wanted);
    if (contracts.size !== wanted.length) throw new AppError('NOT_FOUND');
    if (current.version !== body.version) throw versionConflict(current.version);
    await db.transaction().execute(async (trx) => {
      await saveOnVersion(trx, id, body.version, {});
      const dashboardIds = await replaceDashboards(trx, id, body.dashboards);
      for (const [index, dashboard] of body.dashboards.entries()) {
        const contractRowIds = [...new Set(dashboard.contractIds)].map(
          (contractId) => contracts.get(contractId) as number,
        );
        await setDashboardContracts(trx, dashboardIds[index] as number, id, contractRowIds);
      }
      const after = await findCustomerDetail(trx, id);
      await auditChange(trx, now(), auth, {
        action: 'customer.dashboards',
        subject: `customer:${id}`,
        customerIds: [id],
        before: { dashboards: current.dashboards },
        after: after ? { dashboards: after.dashboards } : undefined,
        ip,
      });
    });
    return this.#detail(id);
  }

  /**
   * Deactivates or reactivates a customer. Deactivated, its contracts cannot be clicked and users
   * left without an active customer are signed out at once and cannot sign in.
   */
  async setActive(
    auth: AuthContext,
    id: number,
    body: SetActiveBody,
    ip: string | null,
  ): Promise<CustomerDetail> {
    const { db, now } = this.deps;
    const current = await this.#reached(auth, id, 'customers.deactivate');
    if (current.version !== body.version) throw versionConflict(current.version);
    const ended = await db.transaction().execute(async (trx) => {
      const at = now();
      await saveOnVersion(trx, id, body.version, { active: body.active });
      const revoked = body.active
        ? []
        : await revokeSessionsOfUsers(trx, await usersLeftWithoutCustomers(trx, id), at);
      await auditChange(trx, at, auth, {
        action: body.active ? 'customer.reactivate' : 'customer.deactivate',
        subject: `customer:${id}`,
        customerIds: [id],
        before: { active: current.active },
        after: { active: body.active },
        details: body.active ? {} : { sessionsEnded: revoked.length },
        ip,
      });
      return revoked;
    });
    await this.deps.endSessions(ended);
    return this.#detail(id);
  }
}
