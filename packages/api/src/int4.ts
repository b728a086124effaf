// Apart from the schemas, so the login page can use it without loading zod.

/** The largest PostgreSQL integer (int4): ids, versions and years are stored as one. */
export const INT4_MAX = 2_147_483_647;
