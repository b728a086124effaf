import type { ClickChangesPage, IntegrationNotificationPage } from '@klik/api';
import type { Db } from '../../db/database';
import { assertMaySee } from '../../kernel/access/customer-access';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { clickEventsAfter, notificationEvents } from './api-feeds.repository';

/**
 * What an integrator needs that the portal's screens do not (docs/integrations.md): the click
 * events since a cursor, and the customer's notifications once per event. Whoever may see the
 * customer reads them; an API client only its own customer (customer-access.ts).
 */
export class ApiFeedsService {
  constructor(private readonly deps: { db: Db }) {}

  async clickChanges(
    auth: AuthContext,
    customerId: number,
    query: { cursor?: string; size: number },
  ): Promise<ClickChangesPage> {
    await assertMaySee(this.deps.db, auth, customerId);
    const after = query.cursor ?? '0';
    const { changes, hasMore } = await clickEventsAfter(
      this.deps.db,
      customerId,
      after,
      query.size,
    );
    return { data: changes, nextCursor: changes.at(-1)?.cursor ?? after, hasMore };
  }

  async notifications(
    auth: AuthContext,
    customerId: number,
    query: { page: number; size: number },
  ): Promise<IntegrationNotificationPage> {
    await assertMaySee(this.deps.db, auth, customerId);
    const { rows, total } = await notificationEvents(this.deps.db, customerId, query);
    return {
      data: rows.map((row) => ({
        kind: row.kind,
        localeId: row.message_key,
        params: row.params,
        publishDate: new Date(row.publish_date).toISOString(),
        clickId: row.click_id,
        contractId: row.contract_id,
      })),
      page: query.page,
      size: query.size,
      total,
    };
  }
}
