import { sql } from 'kysely';
import type { ApiClientStatus, ApiClientView, ApiScope } from '@klik/api';
import type { Db } from '../../db/database';

/** An API client's row as the services read it. */
export interface StoredApiClient {
  id: number;
  customerId: number;
  clientId: string;
  name: string;
  secretHash: string;
  secretVersion: number;
  scopes: ApiScope[];
  ipAllowList: string[];
  expiresAt: Date | null;
  createdAt: Date;
  createdBy: string | null;
  lastUsedAt: Date | null;
  rotatedAt: Date | null;
  revokedAt: Date | null;
  /** An inactive customer's clients get no tokens and their tokens are refused. */
  customerActive: boolean;
}

function clientQuery(db: Db) {
  return db
    .selectFrom('api_clients as a')
    .innerJoin('customers as c', 'c.id', 'a.customer_id')
    .leftJoin('users as u', 'u.id', 'a.created_by')
    .select([
      'a.id',
      'a.customer_id as customerId',
      'a.client_id as clientId',
      'a.name',
      'a.secret_hash as secretHash',
      'a.secret_version as secretVersion',
      'a.scopes',
      'a.ip_allow_list as ipAllowList',
      'a.expires_at as expiresAt',
      'a.created_at as createdAt',
      'u.username as createdBy',
      'a.last_used_at as lastUsedAt',
      'a.rotated_at as rotatedAt',
      'a.revoked_at as revokedAt',
      'c.active as customerActive',
    ]);
}

// PGlite and pg both answer timestamptz as Date and text[] as arrays; the cast keeps the types.
function stored(row: Record<string, unknown>): StoredApiClient {
  return row as unknown as StoredApiClient;
}

export async function listClients(db: Db, customerId: number): Promise<StoredApiClient[]> {
  const rows = await clientQuery(db)
    .where('a.customer_id', '=', customerId)
    .orderBy('a.id', 'desc')
    .execute();
  return rows.map(stored);
}

/** One client of the customer; locked for the rest of the transaction with forUpdate. */
export async function findClient(
  db: Db,
  customerId: number,
  id: number,
  forUpdate = false,
): Promise<StoredApiClient | null> {
  let query = clientQuery(db).where('a.customer_id', '=', customerId).where('a.id', '=', id);
  if (forUpdate) query = query.forUpdate('a');
  const row = await query.executeTakeFirst();
  return row ? stored(row) : null;
}

/** The client a token request or an access token names, by its public id. */
export async function findClientByClientId(
  db: Db,
  clientId: string,
): Promise<StoredApiClient | null> {
  const row = await clientQuery(db).where('a.client_id', '=', clientId).executeTakeFirst();
  return row ? stored(row) : null;
}

export async function insertClient(
  db: Db,
  client: {
    customerId: number;
    clientId: string;
    name: string;
    secretHash: string;
    scopes: readonly ApiScope[];
    ipAllowList: readonly string[];
    expiresAt: Date | null;
  },
  by: { userId: number; at: Date },
): Promise<number> {
  const row = await db
    .insertInto('api_clients')
    .values({
      customer_id: client.customerId,
      client_id: client.clientId,
      name: client.name,
      secret_hash: client.secretHash,
      scopes: [...client.scopes],
      ip_allow_list: [...client.ipAllowList],
      expires_at: client.expiresAt,
      created_at: by.at,
      created_by: by.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new secret: its hash replaces the old one and the version moves on. */
export async function rotateSecret(db: Db, id: number, secretHash: string, at: Date) {
  await db
    .updateTable('api_clients')
    .set({
      secret_hash: secretHash,
      secret_version: sql<number>`secret_version + 1`,
      rotated_at: at,
    })
    .where('id', '=', id)
    .execute();
}

export async function revokeClient(db: Db, id: number, by: { userId: number; at: Date }) {
  await db
    .updateTable('api_clients')
    .set({ revoked_at: by.at, revoked_by: by.userId })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Notes a use, at most once a minute per client, so a busy client does not write on every call.
 */
export async function noteUse(db: Db, id: number, at: Date): Promise<void> {
  const minuteAgo = new Date(at.getTime() - 60_000);
  await db
    .updateTable('api_clients')
    .set({ last_used_at: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', minuteAgo)]))
    .execute();
}

/**
 * The signing key kept in the database: the first instance to need it makes it; a concurrent
 * maker's insert does nothing and both read the one row.
 */
export async function storedSigningKey(db: Db, fresh: Buffer, at: Date): Promise<Buffer> {
  await db
    .insertInto('api_token_keys')
    .values({ id: 1, secret: fresh, created_at: at })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await db
    .selectFrom('api_token_keys')
    .select('secret')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.secret);
}

export function statusOf(client: StoredApiClient, now: Date): ApiClientStatus {
  if (client.revokedAt) return 'revoked';
  if (client.expiresAt && client.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

export function viewOf(client: StoredApiClient, now: Date): ApiClientView {
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  return {
    id: client.id,
    clientId: client.clientId,
    name: client.name,
    scopes: client.scopes,
    ipAllowList: client.ipAllowList,
    expiresAt: iso(client.expiresAt),
    createdAt: client.createdAt.toISOString(),
    createdBy: client.createdBy,
    lastUsedAt: iso(client.lastUsedAt),
    rotatedAt: iso(client.rotatedAt),
    revokedAt: iso(client.revokedAt),
    status: statusOf(client, now),
  };
}
