import type { ColumnType, Generated } from 'kysely';

// Tables of the machine API's credentials (0025, docs/integrations.md).

/** A customer's API client; only the SHA-256 of its secret is kept. */
export interface ApiClientsTable {
  id: Generated<number>;
  customer_id: number;
  /** The public client id, `kc_` and 24 hex digits. */
  client_id: string;
  name: string;
  /** Hex SHA-256 of the secret. */
  secret_hash: string;
  /** Counts rotations; an access token names the one it was issued under. */
  secret_version: Generated<number>;
  scopes: string[];
  ip_allow_list: ColumnType<string[], string[] | undefined, string[]>;
  expires_at: Date | null;
  created_at: Date;
  created_by: number | null;
  last_used_at: Date | null;
  rotated_at: Date | null;
  revoked_at: Date | null;
  revoked_by: number | null;
}

/** The signing key of access tokens when API_TOKEN_SECRET is not set: one row, id 1. */
export interface ApiTokenKeysTable {
  id: number;
  secret: Buffer;
  created_at: Date;
}
