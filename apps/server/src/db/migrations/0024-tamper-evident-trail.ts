import { sql, type Kysely } from 'kysely';

/*
 * The audit log and the click ledger become tamper-evident (docs/audit-trail.md): every row
 * carries the SHA-256 of its content and of the previous row of its stream, chained by a BEFORE
 * INSERT trigger, and the database refuses UPDATE, DELETE and TRUNCATE of them.
 *
 * The encoding is fixed here and reproduced by the verifier (kernel/audit/chain-verification.ts):
 * a field is `<octets>:<text>` (its UTF-8 length in bytes, a colon, the text) or `-` for null;
 * fields are joined by `|`; hash = hex(sha256(prev_hash || '|' || fields)). The first row of a
 * stream has prev_hash = 64 zeros. Instants are rendered in UTC with microseconds.
 */

const GENESIS = '0'.repeat(64);

// Migrations take Kysely<unknown>: they must not depend on today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The head of every stream: its last seq and hash. The chain triggers lock a head row to
  // append, so writers of one stream take turns and writers of different streams never wait
  // for each other. The verifier compares the heads with the rows (a deleted tail shows).
  await db.schema
    .createTable('chain_heads')
    .addColumn('chain', 'text', (col) => col.notNull())
    .addColumn('stream', 'text', (col) => col.notNull())
    .addColumn('seq', 'bigint', (col) => col.notNull())
    .addColumn('hash', 'text', (col) => col.notNull())
    .addColumn('entry_id', 'bigint')
    .addColumn('at', 'timestamptz')
    .addPrimaryKeyConstraint('chain_heads_pkey', ['chain', 'stream'])
    .execute();

  await sql`
    create function chain_field(value text) returns text language sql immutable as $$
      select case when value is null then '-' else octet_length(value)::text || ':' || value end
    $$`.execute(db);
  await sql`
    create function chain_instant(value timestamptz) returns text language sql immutable as $$
      select to_char(value at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
    $$`.execute(db);
  // Takes the stream's head (locked until the transaction ends) and moves it on: returns the
  // new row's seq and prev_hash; the caller computes the hash and calls chain_advance.
  await sql`
    create function chain_claim(chain_name text, stream_name text, out next_seq bigint,
      out prev_hash text)
    language plpgsql as $$
    begin
      insert into chain_heads as h (chain, stream, seq, hash)
      values (chain_name, stream_name, 0, ${sql.lit(GENESIS)})
      on conflict (chain, stream) do update set seq = h.seq
      returning h.seq + 1, h.hash into next_seq, prev_hash;
    end
    $$`.execute(db);
  await sql`
    create function chain_advance(chain_name text, stream_name text, new_seq bigint, new_hash text,
      new_entry bigint, new_at timestamptz) returns void language sql as $$
      update chain_heads set seq = new_seq, hash = new_hash, entry_id = new_entry, at = new_at
      where chain = chain_name and stream = stream_name
    $$`.execute(db);
  await sql`
    create function chain_refuse() returns trigger language plpgsql as $$
    begin
      raise exception '% is append-only: % refused', tg_table_name, tg_op
        using errcode = 'insufficient_privilege';
    end
    $$`.execute(db);

  // The audit log: a stream per customer (the lowest of the entry's customer_ids) and 'system'
  // for entries about no customer.
  await db.schema
    .alterTable('audit_log')
    .addColumn('stream', 'text')
    .addColumn('seq', 'bigint')
    .addColumn('prev_hash', 'text')
    .addColumn('hash', 'text')
    .execute();
  await sql`
    create function audit_log_link(r audit_log) returns audit_log language plpgsql as $$
    declare
      claimed record;
    begin
      r.stream := case when cardinality(r.customer_ids) = 0 then 'system'
        else 'customer:' || (select min(c) from unnest(r.customer_ids) c) end;
      select * into claimed from chain_claim('audit_log', r.stream);
      r.seq := claimed.next_seq;
      r.prev_hash := claimed.prev_hash;
      r.hash := encode(sha256(convert_to(r.prev_hash || '|' || concat_ws('|',
        chain_field(r.id::text), chain_field(r.stream), chain_field(r.seq::text),
        chain_field(chain_instant(r.at)), chain_field(r.actor_user_id::text),
        chain_field(r.actor_username), chain_field(r.impersonator_user_id::text),
        chain_field(r.impersonator_username), chain_field(r.action), chain_field(r.outcome),
        chain_field(r.subject), chain_field(r.ip),
        chain_field(array_to_string(r.customer_ids, ',')), chain_field(r.details::text)
      ), 'UTF8')), 'hex');
      perform chain_advance('audit_log', r.stream, r.seq, r.hash, r.id, r.at);
      return r;
    end
    $$`.execute(db);
  // The rows written before this migration are chained in id order.
  await sql`
    do $$
    declare
      linked audit_log;
      entry audit_log;
    begin
      for entry in select * from audit_log order by id loop
        linked := audit_log_link(entry);
        update audit_log set stream = linked.stream, seq = linked.seq,
          prev_hash = linked.prev_hash, hash = linked.hash
        where id = entry.id;
      end loop;
    end
    $$`.execute(db);
  for (const column of ['stream', 'seq', 'prev_hash', 'hash']) {
    await db.schema
      .alterTable('audit_log')
      .alterColumn(column, (col) => col.setNotNull())
      .execute();
  }
  await db.schema
    .createIndex('audit_log_stream_seq_key')
    .on('audit_log')
    .columns(['stream', 'seq'])
    .unique()
    .execute();
  await sql`
    create function audit_log_chain() returns trigger language plpgsql as $$
    begin
      return audit_log_link(new);
    end
    $$`.execute(db);
  await sql`
    create trigger audit_log_chain before insert on audit_log
    for each row execute function audit_log_chain()`.execute(db);

  // The click ledger: one row per event of a click (made, waiting for approval, approved,
  // rejected, completed, expired) with what it was made at, written in the transition's
  // transaction by the click (modules/purchase). A stream per customer.
  await db.schema
    .createTable('click_ledger')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('stream', 'text', (col) => col.notNull())
    .addColumn('seq', 'bigint', (col) => col.notNull())
    .addColumn('prev_hash', 'text', (col) => col.notNull())
    .addColumn('hash', 'text', (col) => col.notNull())
    .addColumn('at', 'timestamptz', (col) => col.notNull())
    .addColumn('click_id', 'integer', (col) => col.notNull().references('clicks.id'))
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id'))
    .addColumn('event', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`event in ('CREATED', 'PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'COMPLETED', 'EXPIRED')`,
        ),
    )
    .addColumn('actor_user_id', 'integer')
    .addColumn('actor_username', 'text')
    .addColumn('impersonator_user_id', 'integer')
    .addColumn('impersonator_username', 'text')
    // The click as it stood after the event: contract, period, market, per part the volume,
    // market price, mark-up, fee and click price, the second factor, the terms version, ...
    .addColumn('facts', 'jsonb', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('click_ledger_stream_seq_key')
    .on('click_ledger')
    .columns(['stream', 'seq'])
    .unique()
    .execute();
  await db.schema
    .createIndex('click_ledger_customer_at_idx')
    .on('click_ledger')
    .columns(['customer_id', 'at'])
    .execute();
  await db.schema
    .createIndex('click_ledger_click_idx')
    .on('click_ledger')
    .column('click_id')
    .execute();
  await sql`
    create function click_ledger_chain() returns trigger language plpgsql as $$
    declare
      claimed record;
    begin
      new.stream := 'customer:' || new.customer_id;
      select * into claimed from chain_claim('click_ledger', new.stream);
      new.seq := claimed.next_seq;
      new.prev_hash := claimed.prev_hash;
      new.hash := encode(sha256(convert_to(new.prev_hash || '|' || concat_ws('|',
        chain_field(new.id::text), chain_field(new.stream), chain_field(new.seq::text),
        chain_field(chain_instant(new.at)), chain_field(new.click_id::text),
        chain_field(new.customer_id::text), chain_field(new.event),
        chain_field(new.actor_user_id::text), chain_field(new.actor_username),
        chain_field(new.impersonator_user_id::text), chain_field(new.impersonator_username),
        chain_field(new.facts::text)
      ), 'UTF8')), 'hex');
      perform chain_advance('click_ledger', new.stream, new.seq, new.hash, new.id, new.at);
      return new;
    end
    $$`.execute(db);
  await sql`
    create trigger click_ledger_chain before insert on click_ledger
    for each row execute function click_ledger_chain()`.execute(db);

  for (const table of ['audit_log', 'click_ledger']) {
    await sql`
      create trigger ${sql.raw(`${table}_append_only`)} before update or delete on ${sql.table(table)}
      for each row execute function chain_refuse()`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_no_truncate`)} before truncate on ${sql.table(table)}
      for each statement execute function chain_refuse()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('click_ledger').execute();
  for (const trigger of ['audit_log_append_only', 'audit_log_no_truncate', 'audit_log_chain']) {
    await sql`drop trigger ${sql.raw(trigger)} on audit_log`.execute(db);
  }
  await db.schema.dropIndex('audit_log_stream_seq_key').execute();
  await db.schema
    .alterTable('audit_log')
    .dropColumn('stream')
    .dropColumn('seq')
    .dropColumn('prev_hash')
    .dropColumn('hash')
    .execute();
  for (const fn of [
    'audit_log_chain()',
    'click_ledger_chain()',
    'audit_log_link(audit_log)',
    'chain_refuse()',
    'chain_advance(text, text, bigint, text, bigint, timestamptz)',
    'chain_claim(text, text)',
    'chain_instant(timestamptz)',
    'chain_field(text)',
  ]) {
    await sql`drop function if exists ${sql.raw(fn)}`.execute(db);
  }
  await db.schema.dropTable('chain_heads').execute();
}
