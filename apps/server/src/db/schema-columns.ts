import type { ColumnType } from 'kysely';

// Column types several tables share.

export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export type Numeric = ColumnType<string, string | number, string | number>;
